import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * An element fading in or out (a form message, a submenu, a popover) is half transparent: contrast and visibility
 * are measured once antd's motions are over. The browser's own list of running animations says so; a motion class
 * may outlive its animation when the end event is missed (a busy machine), and a spinner turns for ever.
 */
export const animationsFinies = (page: Page) =>
  page.waitForFunction(
    () => !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
    undefined,
    { timeout: 15_000 },
  );

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now (an open
 * dialog included), one line each: rule, impact, what to fix, the first elements concerned. `dans`: only the
 * elements under that selector (an open dialog, when the screen behind it has been checked already).
 */
export async function violationsGraves(page: Page, dans?: string): Promise<string[]> {
  await animationsFinies(page);
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const resultat = await (dans ? axe.include(dans) : axe).analyze();
  return resultat.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) : ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .join(' | ')}`,
    );
}

/** What antd and the browser name in English when nobody names them in French. */
const NOMS_ANGLAIS =
  /^(clear|close|search|remove|loading|expand row|collapse row|select all|previous|next|(previous|next) (page|month|year|decade)|today|now)$/i;

export interface ArretTab {
  quoi: string;
  nom: string;
  visible: boolean;
}

/**
 * Run in the page: the focused control (`tous` false), or every control Tab can reach, in document order (`tous` true;
 * the app sets no positive tabindex, so that is the Tab order): tag, id and first class, the accessible name as far as
 * the page says it, and whether it can be seen.
 */
function examiner(tous: boolean): ArretTab[] {
  const decrire = (e: HTMLElement): ArretTab => {
    const reference = e.getAttribute('aria-labelledby');
    const nom =
      e.getAttribute('aria-label') ??
      (reference ? document.getElementById(reference)?.textContent : null) ??
      (e as HTMLInputElement).labels?.[0]?.textContent ??
      e.getAttribute('title') ??
      e.textContent ??
      '';
    // a box or a radio button is drawn by the span around its transparent input
    const dessine = e instanceof HTMLInputElement && ['checkbox', 'radio'].includes(e.type) && e.parentElement ? e.parentElement : e;
    let opacite = 1;
    for (let n: Element | null = dessine; n; n = n.parentElement) opacite *= Number(getComputedStyle(n).opacity);
    const r = dessine.getBoundingClientRect();
    const classe = typeof e.className === 'string' && e.className ? `.${e.className.split(' ')[0]}` : '';
    return {
      quoi: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classe}`,
      nom: nom.trim(),
      visible: opacite > 0.1 && r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== 'hidden',
    };
  };
  if (!tous) {
    const e = document.activeElement as HTMLElement | null;
    return e && e !== document.body ? [decrire(e)] : [];
  }
  return Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'))
    .filter(
      (e) =>
        e.tabIndex >= 0 &&
        !(e as HTMLButtonElement).disabled &&
        (e as HTMLInputElement).type !== 'hidden' &&
        e.getClientRects().length > 0 &&
        !e.closest('[inert], [aria-hidden="true"]'),
    )
    .map(decrire);
}

/** The focused control, if any. */
export const arretTab = async (page: Page): Promise<ArretTab | null> => (await page.evaluate(examiner, false))[0] ?? null;

/** A stop no one should meet with Tab: hidden, or named in English. */
export const fautif = (a: ArretTab) => !a.visible || NOMS_ANGLAIS.test(a.nom);

const ligne = (a: ArretTab) => `${a.quoi} « ${a.nom} »`;

/** Of every control Tab can reach on the page as it is, those hidden or named in English: one look, no key pressed. */
export async function controlesFautifs(page: Page): Promise<string[]> {
  return (await page.evaluate(examiner, true)).filter(fautif).map(ligne);
}

/**
 * Tab from where the focus is (the top of the page, or inside an open dialog) until it leaves the page or comes back
 * to its first stop, `maximum` stops at most: the stops that are hidden or named in English (docs/regles.md
 * « Comportement général »).
 */
export async function arretsFautifs(page: Page, maximum = 80): Promise<string[]> {
  const arrets: ArretTab[] = [];
  for (let i = 0; i < maximum; i++) {
    await page.keyboard.press('Tab');
    const a = await arretTab(page);
    if (!a || (arrets.length && a.quoi === arrets[0]!.quoi && a.nom === arrets[0]!.nom)) break;
    arrets.push(a);
  }
  return arrets.filter(fautif).map(ligne);
}
