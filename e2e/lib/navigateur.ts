import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { MOT_DE_PASSE_E2E, type Compte } from './comptes.js';
import { INSTANT_E2E } from './horloge.js';

/**
 * Debian's Chromium, never a browser downloaded by a test tool: its headless shell (package chromium-headless-shell,
 * the same engine without the desktop browser's shell) when installed, a quarter less of the browser's time per
 * journey; else the browser itself.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((chemin) => existsSync(chemin))!;
const ARGUMENTS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const DOSSIER_CAPTURES = path.resolve(import.meta.dirname, '..', 'test-results');

export interface Session {
  page: Page;
  contexte: BrowserContext;
  url: (chemin: string) => string;
  /**
   * Signs in through the API (faster), then opens the role's landing screen, or straight the screen at `vers` (one
   * load of the app rather than two).
   */
  connecter(compte: Compte, vers?: string): Promise<void>;
  /** Signs in through the login screen, as a person would: the sign-in journey. */
  connecterParEcran(compte: Compte): Promise<void>;
  capture(nom: string): Promise<void>;
  /**
   * Opens a screen or a dialog from the top menu, as the mouse does: the group hovered, then its entry clicked.
   * Arrived when the address changes, or when `arrivee` (a dialog, a heading) shows. Up to three tries; the last
   * one fails with its own error: the click that found no entry, or the arrival that never came.
   */
  ouvrirParMenu(groupe: string, entree: string, arrivee?: Locator): Promise<void>;
}

/**
 * One browser for the file and, by default, one context (its HTTP cache): each test opens a new page (its own
 * sessionStorage) after the cookies, the localStorage and the pages of the test before are cleared, so that it
 * meets a browser as a new user would, without loading and compiling the whole app again. `contexteParTest`: a new
 * context for each test, where the cold cache is what the test measures (the first load's weight).
 */
export function navigateur({ contexteParTest = false } = {}): Session {
  const s = {} as Session;
  let navigateurChromium: Browser;
  const base = inject('urlApplication');
  s.url = (chemin) => new URL(chemin.replace(/^\//, ''), base).toString();

  const ouvrirContexte = async () => {
    s.contexte = await navigateurChromium.newContext({
      locale: 'fr-CH',
      timezoneId: 'Europe/Zurich',
      viewport: { width: 1400, height: 900 },
    });
    // the browser's today is the server's (the forms' default dates, the past days they refuse);
    // time then flows, as on the server: timed UI (notifications closing) keeps working
    await s.contexte.clock.install({ time: INSTANT_E2E });
  };

  beforeAll(async () => {
    navigateurChromium = await chromium.launch({ executablePath: CHROMIUM, args: ARGUMENTS });
    if (!contexteParTest) await ouvrirContexte();
  });
  afterAll(async () => navigateurChromium?.close());
  beforeEach(async () => {
    if (contexteParTest) await ouvrirContexte();
    else await s.contexte.clearCookies();
    s.page = await s.contexte.newPage();
    if (contexteParTest) return;
    // the localStorage is the origin's, kept by the context: emptied from a page of the origin
    await s.page.goto(s.url('/favicon.svg'));
    await s.page.evaluate(() => localStorage.clear());
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await s.capture(`echec-${ctx.task.name}`).catch(() => undefined);
    if (contexteParTest) await s.contexte?.close();
    else await Promise.all(s.contexte.pages().map((page) => page.close()));
  });

  s.connecter = async (compte, vers) => {
    const reponse = await s.contexte.request.post(s.url('/rest/login'), { form: { username: compte, password: MOT_DE_PASSE_E2E } });
    if (!reponse.ok()) throw new Error(`connexion de ${compte} impossible : ${await reponse.text()}`);
    const utilisateur = await reponse.text();
    // the app keeps the signed-in user in localStorage, as its login screen would have
    if (!s.page.url().startsWith(new URL(base).origin)) await s.page.goto(s.url('/favicon.svg'));
    await s.page.evaluate((u) => localStorage.setItem('utilisateur', u), utilisateur);
    if (vers) return void (await s.page.goto(s.url(vers)));
    await s.page.goto(s.url('/accueil'));
    await s.page.getByRole('button', { name: 'Déconnexion' }).waitFor();
  };
  s.connecterParEcran = async (compte) => {
    await s.page.goto(s.url('/login'));
    await s.page.getByLabel('Utilisateur').fill(compte);
    await s.page.getByLabel('Mot de passe').fill(MOT_DE_PASSE_E2E);
    await s.page.getByRole('button', { name: 'Continuer' }).click();
    await s.page.getByRole('button', { name: 'Déconnexion' }).waitFor();
  };
  s.ouvrirParMenu = async (groupe, entree, arrivee) => {
    const item = s.page.getByRole('menuitem', { name: entree });
    const reussi = (attente: Promise<unknown>) =>
      attente.then(
        () => true,
        () => false,
      );
    // the address before the first try: a late navigation from an earlier try is an arrival too
    const avant = s.page.url();
    const attendreArrivee = (options: { timeout?: number }) =>
      arrivee ? arrivee.waitFor(options) : s.page.waitForURL((url) => url.toString() !== avant, options);
    const ESSAIS = 3;
    // Under CI load the submenu can still be opening, or already closing, when the click comes: the click then lands
    // on nothing, or waits for an entry that is gone. Each try hovers the group again; the last one lets its error through.
    for (let essai = 1; essai <= ESSAIS; essai++) {
      const dernier = essai === ESSAIS;
      // a dialog slower than the previous try's wait may have opened since: hovering again would only meet its modal
      // mask, and the retry would fail although the menu did its job
      if (essai > 1 && (arrivee ? await arrivee.isVisible() : s.page.url() !== avant)) return;
      await s.page.getByRole('menuitem', { name: groupe, exact: true }).hover();
      if (dernier) await item.click();
      else if (!(await reussi(item.click({ timeout: 5_000 })))) continue;
      // the pointer leaves the menu for the foot of the page, where no tooltip or submenu answers it: the submenu
      // closes, behind the dialog if one opened
      const { width, height } = s.page.viewportSize()!;
      await s.page.mouse.move(width / 2, height - 20);
      // no try left: the wait itself, with the default timeout, so a missing arrival fails with its own error
      if (dernier) return attendreArrivee({});
      if (await reussi(attendreArrivee({ timeout: 5_000 }))) return;
    }
  };
  s.capture = async (nom) => {
    mkdirSync(DOSSIER_CAPTURES, { recursive: true });
    await s.page.screenshot({ path: path.join(DOSSIER_CAPTURES, `${nom.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`), fullPage: true });
  };
  return s;
}
