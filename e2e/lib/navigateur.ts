import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { MOT_DE_PASSE_E2E, type Compte } from './comptes.js';

/** Debian's Chromium, never a browser downloaded by a test tool. */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
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
  /** Signs in through the login screen, as a person would. */
  connecter(compte: Compte): Promise<void>;
  capture(nom: string): Promise<void>;
}

/** One browser for the file, a fresh context (cookies, storage) for each test. */
export function navigateur(): Session {
  const s = {} as Session;
  let navigateurChromium: Browser;
  const base = inject('urlApplication');
  s.url = (chemin) => new URL(chemin.replace(/^\//, ''), base).toString();

  beforeAll(async () => {
    navigateurChromium = await chromium.launch({ executablePath: CHROMIUM, args: ARGUMENTS });
  });
  afterAll(async () => navigateurChromium?.close());
  beforeEach(async () => {
    s.contexte = await navigateurChromium.newContext({
      locale: 'fr-CH',
      timezoneId: 'Europe/Zurich',
      viewport: { width: 1400, height: 900 },
    });
    s.page = await s.contexte.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await s.capture(`echec-${ctx.task.name}`).catch(() => undefined);
    await s.contexte?.close();
  });

  s.connecter = async (compte) => {
    await s.page.goto(s.url('/login'));
    await s.page.getByLabel('Utilisateur').fill(compte);
    await s.page.getByLabel('Mot de passe').fill(MOT_DE_PASSE_E2E);
    await s.page.getByRole('button', { name: 'Continuer' }).click();
    await s.page.getByRole('button', { name: 'Déconnexion' }).waitFor();
  };
  s.capture = async (nom) => {
    mkdirSync(DOSSIER_CAPTURES, { recursive: true });
    await s.page.screenshot({ path: path.join(DOSSIER_CAPTURES, `${nom.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`), fullPage: true });
  };
  return s;
}
