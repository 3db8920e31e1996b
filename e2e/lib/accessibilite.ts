import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now (an open
 * dialog included), one line each: rule, impact, what to fix, the first elements concerned.
 */
export async function violationsGraves(page: Page): Promise<string[]> {
  // an element fading in or out (a form message, a submenu) is half transparent: its contrast is measured
  // once antd's motions are over. The browser's own list of running animations says so; a motion class may
  // outlive its animation when the end event is missed (a busy machine), and a spinner turns for ever.
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
    undefined,
    { timeout: 15_000 },
  );
  const resultat = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
