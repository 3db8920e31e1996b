import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EQUIPE_LIBELLES,
  EQUIPE_PAGE,
  REPLANIFICATION_LIBELLES,
  REPLANIFICATION_MESSAGES,
  RESULTAT_LIBELLES,
  SIGNALEMENT_LIBELLES,
  TOURNEE_LIBELLES,
  type TourneeEquipe,
} from '@debarras/domain';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { dansE2e, INSTANT_E2E } from './lib/horloge.js';
import { DOSSIER_CAPTURES, navigateur } from './lib/navigateur.js';

const s = navigateur();
const TELEPHONE = { width: 390, height: 844 };

async function lire<T>(chemin: string): Promise<T> {
  const reponse = await s.page.request.get(s.url(`/rest/${chemin}`));
  expect(reponse.status(), chemin).toBe(200);
  return reponse.json() as Promise<T>;
}

/** The crews' link of a route sheet printed as staff would: the PDF's first page, read by a QR code reader (zbarimg). */
async function lienDeLaFeuille(jour: string): Promise<string> {
  const reponse = await s.page.request.get(s.url(`/rest/levee/print/?date=${jour}&type=Pdf`));
  expect(reponse.status()).toBe(200);
  const dossier = mkdtempSync(path.join(tmpdir(), 'feuille-'));
  writeFileSync(path.join(dossier, 'feuilles.pdf'), await reponse.body());
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-singlefile', path.join(dossier, 'feuilles.pdf'), path.join(dossier, 'page')]);
  const lu = execFileSync('zbarimg', ['-q', '--raw', path.join(dossier, 'page.png')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  expect(lu).toMatch(/\/webdeb\/tournee\/\?j=[\w-]{43}$/);
  return lu;
}

/** A phone of its own: no cookie of the back-office, its own storage, the server's day and time. */
let telephone: BrowserContext | undefined;
async function ouvrirTelephone(): Promise<Page> {
  telephone = await s.contexte.browser()!.newContext({ viewport: TELEPHONE, locale: 'fr-CH', timezoneId: 'Europe/Zurich', hasTouch: true });
  await telephone.clock.install({ time: INSTANT_E2E });
  return telephone.newPage();
}
afterEach(async () => {
  await telephone?.close();
  telephone = undefined;
});

/** The phone's screen, beside the back-office's captures. */
const capturer = (page: Page, nom: string) => page.screenshot({ path: path.join(DOSSIER_CAPTURES, `${nom}.png`), fullPage: false });

const arretDe = (page: Page, numero: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`n° ${numero}$`) }) });

describe('tournée des équipes sur le téléphone', () => {
  it('s’ouvre par le code QR de la feuille de route, garde trois résultats sans réseau, les envoie à son retour, et le bureau les voit', async () => {
    await s.connecter('gestion');
    const jour = dansE2e(0);
    const lien = await lienDeLaFeuille(jour);
    const page = await ouvrirTelephone();
    await page.goto(lien);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // the token leaves the address bar, the phone keeps it
    expect(page.url()).not.toContain('?j=');
    const arrets = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await arrets.first().waitFor();
    const total = await arrets.count();
    expect(total).toBeGreaterThanOrEqual(3);
    await page.getByText(EQUIPE_PAGE.progression(0, total), { exact: true }).waitFor();
    await capturer(page, 'tournee-equipe-ouverte');
    expect(await violationsGraves(page)).toEqual([]);

    // the service worker holds the page before the network goes
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await telephone!.setOffline(true);
    const numeros = await page.getByRole('heading', { level: 2 }).allTextContents();
    const [premier, deuxieme, troisieme] = numeros.map((n) => n.replace(/^.*n° /, ''));
    await arretDe(page, premier!).getByRole('button', { name: RESULTAT_LIBELLES.LEVE, exact: true }).click();
    // the keyboard only, for the second: a remark typed, then the result's button
    const second = arretDe(page, deuxieme!);
    await second.getByLabel(EQUIPE_PAGE.remarque).focus();
    await page.keyboard.type('Rien sur le trottoir');
    await second.getByRole('button', { name: RESULTAT_LIBELLES.ABSENT }).focus();
    await page.keyboard.press('Enter');
    // partly collected: which objects stayed, then saved
    const troisiemeArret = arretDe(page, troisieme!);
    await troisiemeArret.getByRole('button', { name: RESULTAT_LIBELLES.PARTIEL }).click();
    await troisiemeArret.getByRole('button', { name: EQUIPE_PAGE.enregistrer }).click();
    await troisiemeArret.getByText(EQUIPE_PAGE.partielSansObjet).waitFor();
    await troisiemeArret.getByRole('spinbutton').first().fill('1');
    await troisiemeArret.getByRole('button', { name: EQUIPE_PAGE.enregistrer }).click();
    await page.getByText(EQUIPE_PAGE.enAttente(3)).waitFor();
    await page.getByText(EQUIPE_PAGE.progression(3, total), { exact: true }).waitFor();
    await capturer(page, 'tournee-equipe-hors-ligne');

    // opened again without network: the page, its round and what waits
    await page.reload();
    await page.getByText(EQUIPE_PAGE.enAttente(3)).waitFor();
    await expect.poll(() => arrets.count()).toBe(total);

    // the office has the levée's detail open while the crew works
    const jeton = new URL(lien).searchParams.get('j')!;
    const reponse = await s.page.request.get(s.url('/tournee/api/tournee'), { headers: { authorization: `Bearer ${jeton}` } });
    const { levee } = (await reponse.json()) as TourneeEquipe;
    await s.page.goto(s.url(`/leveeDetail/${levee.idLevee}`));
    const liste = s.page.getByRole('list', { name: TOURNEE_LIBELLES.liste });
    await liste.getByRole('listitem').first().waitFor();

    await telephone!.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(EQUIPE_PAGE.enAttente(0)).waitFor({ timeout: 10_000 });
    const envoyeLe = Date.now();
    // within 10 seconds, without reloading: the detail reads the results again as they come
    await s.page.getByText(EQUIPE_LIBELLES.progression(3, total)).waitFor({ timeout: 10_000 });
    expect(Date.now() - envoyeLe).toBeLessThanOrEqual(10_000);
    await s.page.getByText('Rien sur le trottoir').waitFor();
    await s.capture('tournee-equipe-bureau');
    expect(await violationsGraves(s.page)).toEqual([]);

    const vue = await lire<TourneeEquipe>(`levee/${levee.idLevee}/equipe`);
    const resultats = vue.arrets.filter((a) => [premier, deuxieme, troisieme].includes(a.numero));
    expect(resultats.map((a) => [a.numero, a.resultat?.code, a.resultat?.remarque ?? null])).toEqual(
      expect.arrayContaining([
        [premier, 'LEVE', null],
        [deuxieme, 'ABSENT', 'Rien sur le trottoir'],
        [troisieme, 'PARTIEL', null],
      ]),
    );

    // « Rien à lever »: the office plans it again, on its sector's next levée with a place
    await s.page.goto(s.url('/aReplanifier'));
    // the levées of the last days left without result are many in the demo data: the crews' reports apart
    await s.page.getByText(/^Non levés par l’équipe/).click();
    const ligne = s.page.getByRole('row').filter({ hasText: deuxieme! });
    await ligne.getByText(RESULTAT_LIBELLES.ABSENT).waitFor();
    await ligne.getByRole('checkbox', { name: deuxieme! }).check();
    await s.page.getByRole('button', { name: REPLANIFICATION_LIBELLES.replanifier(1) }).click();
    const dialogue = s.page.getByRole('dialog', { name: REPLANIFICATION_LIBELLES.modale });
    await dialogue.getByRole('radio', { name: REPLANIFICATION_LIBELLES.prochaine }).waitFor();
    // the dialog in place, its opening animation over
    await expect.poll(() => dialogue.evaluate((d) => getComputedStyle(d.closest('.ant-modal')!).opacity)).toBe('1');
    await s.capture('replanification-dialogue');
    await dialogue.getByRole('button', { name: REPLANIFICATION_LIBELLES.replanifier(1) }).click();
    await s.page.getByText(REPLANIFICATION_MESSAGES.deplaces(1), { exact: false }).waitFor();
    await ligne.waitFor({ state: 'detached' });
    await s.capture('replanification');
    expect(await violationsGraves(s.page)).toEqual([]);
    const replanifie = (await lire<Array<{ numero: string; levee: { dateLevee: string } }>>(`debarras/?numero=${deuxieme}`))[0]!;
    expect(replanifie.levee.dateLevee > jour).toBe(true);
  });

  it('ne charge que ses propres fichiers, au plus 120 Ko de JavaScript et de CSS transférés, ni antd ni le back-office', async () => {
    await s.connecter('gestion');
    const lien = await lienDeLaFeuille(dansE2e(0));
    const page = await ouvrirTelephone();
    const tailles: Promise<{ url: string; octets: number }>[] = [];
    const surReponse = (r: Response) => {
      if (['script', 'stylesheet'].includes(r.request().resourceType()))
        tailles.push(
          r
            .request()
            .sizes()
            .then((t) => ({ url: r.url(), octets: t.responseBodySize })),
        );
    };
    page.on('response', surReponse);
    await page.goto(lien);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    page.off('response', surReponse);
    const fichiers = await Promise.all(tailles);
    const transferes = fichiers.reduce((total, f) => total + f.octets, 0);
    const bilan = `Page des équipes : ${fichiers.length} fichier(s) JavaScript et CSS, ${Math.round(transferes / 1000)} Ko transférés`;
    console.log(bilan);
    expect(transferes, bilan).toBeLessThanOrEqual(120_000);
    expect(
      fichiers.every((f) => f.octets > 0),
      bilan,
    ).toBe(true);
    expect(fichiers.map((f) => path.basename(new URL(f.url).pathname))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tournee-[\w-]+\.js$/)]),
    );
    expect(
      fichiers.every((f) => /\/assets\/tournee-[\w-]+\.(js|css)$/.test(f.url)),
      fichiers.map((f) => f.url).join(', '),
    ).toBe(true);
  });

  it('ouvre « À replanifier » et « Signalements » depuis le menu, à 1440 × 900 et 1280 × 800, sans violation grave', async () => {
    await s.connecter('gestion');
    for (const [largeur, hauteur] of [
      [1440, 900],
      [1280, 800],
    ] as const) {
      await s.page.setViewportSize({ width: largeur, height: hauteur });
      for (const [entree, titre, capture] of [
        ['À replanifier', REPLANIFICATION_LIBELLES.titre, 'replanification'],
        [/^Signalements/, SIGNALEMENT_LIBELLES.titre, 'signalements'],
      ] as const) {
        await s.page.getByRole('menuitem', { name: 'Débarras' }).hover();
        await s.page.getByRole('link', { name: entree }).click();
        await s.page.getByRole('heading', { level: 3, name: titre }).waitFor();
        await s.page.getByRole('table').waitFor();
        await s.page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
        // the submenu gone from over the page before it is captured
        await s.page.mouse.move(largeur / 2, hauteur - 20);
        await expect.poll(() => s.page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').count()).toBe(0);
        await s.capture(`${capture}-${largeur}`);
        expect(await violationsGraves(s.page)).toEqual([]);
        expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
    }
  });

  it('refuse un lien faux en le disant, sans rien montrer de la tournée', async () => {
    const page = await ouvrirTelephone();
    await page.goto(s.url(`/tournee/?j=${'x'.repeat(43)}`));
    await page.getByRole('alert').filter({ hasText: EQUIPE_PAGE.lienInvalide }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(0);
  });
});
