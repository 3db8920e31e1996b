import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatJour } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { creerDebarras } from './lib/debarras.js';
import { dansE2e, JOUR_E2E } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

/** A demo exception (apps/server/src/seed/exceptions.ts): a depot point, and works from 7 days before today to 14 after. */
const FRIBOURG = {
  idpadr: '6621002501',
  adresse: 'Rue de Fribourg 15',
  remarquePublique: 'Déposer au coin de la rue, devant la boulangerie',
  remarqueInterne: 'Rue piétonne le samedi',
  remarqueTravaux: 'Trottoir fermé (réfection des conduites) : déposer de l’autre côté de la rue',
  /** Where its depot and works markers, 8.8 m apart, are drawn as one group: their mean offset from the address. */
  /** The depot point, from the address, as the seed puts it (the works point is 7.3 m away). */
  depot: { est: -6, nord: 2.5 },
};
/** A map at 1:500: metres per screen pixel (0.28 mm pixels). */
const RESOLUTION_1_500 = (500 * 0.0254) / 96;

const titreListe = () => s.page.locator('.liste-exceptions-titre');
const entrees = () => s.page.locator('.liste-exceptions-visibles button').allTextContents();
const bulle = (nom: string) => s.page.getByRole('dialog', { name: nom });

describe('cartes', () => {
  it("« Carte des exceptions » (gestion) : la recherche d'abord, les exceptions de la vue et leur bulle, l'adresse trouvée au centre", async () => {
    await s.connecter('gestion');
    // no plan service on a fresh install (`carte.plan.url` = integre): the streets of the view are drawn from the register
    const rues = s.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/rest/adresse/rues'), { timeout: 20_000 });
    await s.ouvrirParMenu('Exceptions', 'Carte des exceptions');
    await s.page.getByRole('heading', { name: 'Carte des exceptions' }).waitFor();
    // the search box has the focus: the clerk types the address at once
    const recherche = s.page.getByRole('combobox', { name: 'Rechercher une adresse' });
    await expect.poll(() => recherche.evaluate((e) => e === document.activeElement)).toBe(true);
    // the demo's starting view (`carte.initiale`) holds the exception of Rue de Fribourg
    await expect.poll(() => entrees()).toContain(FRIBOURG.adresse);
    // the embedded base map and the address points came without an error
    expect(await s.page.locator('.ant-notification-notice-error').count()).toBe(0);
    const reponseRues = await rues;
    expect(reponseRues.status()).toBe(200);
    expect(((await reponseRues.json()) as { rue: string }[]).map((r) => r.rue)).toContain('Rue de Fribourg');
    expect(await titreListe().textContent()).toBe(`Exceptions visibles : ${(await entrees()).length}`);

    // its popup, from the list, with the keyboard; Escape closes it
    await s.page.getByRole('button', { name: FRIBOURG.adresse }).focus();
    await s.page.keyboard.press('Enter');
    const contenu = bulle(FRIBOURG.adresse);
    await contenu.waitFor();
    for (const texte of [FRIBOURG.remarquePublique, FRIBOURG.remarqueInterne, FRIBOURG.remarqueTravaux])
      await contenu.getByText(texte, { exact: true }).waitFor();
    await contenu.getByText(`Du ${formatJour(dansE2e(-7))} au ${formatJour(dansE2e(14))}`).waitFor();
    expect(await violationsGraves(s.page)).toEqual([]);
    // gestion reads the exceptions; changing them is for admin and technique
    expect(await contenu.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await contenu.waitFor({ state: 'detached' });

    // the search: 3 characters, the addresses of the view; Enter takes the first
    await recherche.fill('Fribourg 15');
    await s.page.locator('.ant-select-item-option', { hasText: FRIBOURG.adresse }).waitFor();
    await recherche.press('Enter');
    await s.page.getByText(`Carte centrée sur ${FRIBOURG.adresse}`).waitFor({ state: 'attached' });
    // at 1:500 around it, its exception is the only one in view
    await expect.poll(() => entrees()).toEqual([FRIBOURG.adresse]);
    await expect.poll(() => s.page.locator('.ol-scale-line-inner').textContent()).toBe('10 m');

    // centred on the address at 1:500, where nothing is grouped: its depot marker is where the seed puts it
    const cadre = (await s.page.locator('.cadre-carte .carte').boundingBox())!;
    await s.page.mouse.click(
      cadre.x + cadre.width / 2 + FRIBOURG.depot.est / RESOLUTION_1_500,
      cadre.y + cadre.height / 2 - FRIBOURG.depot.nord / RESOLUTION_1_500,
    );
    await bulle(FRIBOURG.adresse).getByText(FRIBOURG.remarquePublique).waitFor();
    await bulle(FRIBOURG.adresse).getByRole('button', { name: 'Fermer' }).click();
    await bulle(FRIBOURG.adresse).waitFor({ state: 'detached' });

    // the toggle hides the layer
    await s.page.getByRole('checkbox', { name: 'Exceptions' }).uncheck();
    await expect.poll(() => titreListe().textContent()).toMatch(/^Exceptions visibles : 0 — La couche « Exceptions » est masquée/);
  });

  it("« Modifier » dans la bulle d'une exception mène à sa fiche (admin)", async () => {
    await s.connecter('admin', `/DebarrasCartographie/${FRIBOURG.idpadr}`);
    await s.page.getByRole('button', { name: FRIBOURG.adresse }).focus();
    await s.page.keyboard.press('Enter');
    await bulle(FRIBOURG.adresse).getByRole('link', { name: 'Modifier' }).click();
    await s.page.waitForURL(/\/adresseExceptionDetail\/\d+$/);
  });

  it("la carte d'une adresse (gestion) : l'adresse en titre, le jour de la levée, l'impression en PDF titré et nommé d'après l'adresse", async () => {
    await s.connecter('gestion', `/DebarrasCartographie/${FRIBOURG.idpadr}/${JOUR_E2E}`);
    await s.page.getByRole('heading', { name: FRIBOURG.adresse }).waitFor();
    await s.page.getByText(`Levée du ${formatJour(JOUR_E2E)}`).waitFor();
    await expect.poll(() => titreListe().textContent()).toBe('Exceptions visibles : 1');
    expect(await violationsGraves(s.page)).toEqual([]);

    const [telechargement] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Imprimer' }).click()]);
    expect(telechargement.suggestedFilename()).toBe(`${FRIBOURG.adresse}.pdf`);
    const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'carte-')), telechargement.suggestedFilename());
    await telechargement.saveAs(fichier);
    expect(execFileSync('pdfinfo', [fichier], { encoding: 'utf8' })).toMatch(new RegExp(`^Title:\\s+${FRIBOURG.adresse}$`, 'm'));
    expect(execFileSync('pdfinfo', [fichier], { encoding: 'utf8' })).toMatch(/^Page size:\s+841\.89 x 595\.28 pts \(A4\)/m);
    expect(execFileSync('pdftotext', [fichier, '-'], { encoding: 'utf8' }).trim()).toBe(FRIBOURG.adresse);
    await s.page.getByRole('button', { name: 'Imprimer' }).and(s.page.locator(':not(.ant-btn-loading)')).waitFor();
  });

  it("« Retour » sans écran d'où l'on vient mène à la liste des débarras ; sans adresse, la carte le dit", async () => {
    await s.connecter('gestion', '/DebarrasCartographie');
    await s.page.getByText("Aucune adresse n'est indiquée").waitFor();
    await s.page.goto(s.url(`/DebarrasCartographie/${FRIBOURG.idpadr}`));
    await s.page.getByRole('button', { name: 'Retour' }).click();
    await s.page.waitForURL(/\/DebarrasListe$/);
  });

  it("s'ouvre dans un onglet depuis la fiche d'un débarras, sur son adresse et le jour de sa levée ; « Retour » ferme l'onglet", async () => {
    await s.connecter('gestion');
    const [debarras] = await creerDebarras(s, 'Carte', 1);
    await s.page.goto(s.url(`/debarrasDetail/${debarras!.idDebarras}`));
    const [onglet] = await Promise.all([
      s.contexte.waitForEvent('page'),
      s.page.getByRole('link', { name: "Voir la carte de l'adresse" }).click(),
    ]);
    await onglet.getByRole('heading', { name: debarras!.adresse.adresse }).waitFor();
    expect(new URL(onglet.url()).pathname).toMatch(
      new RegExp(`/DebarrasCartographie/${debarras!.adresse.idpAdr}/${debarras!.levee.dateLevee}$`),
    );
    const fermeture = onglet.waitForEvent('close');
    // the tab may close before Playwright has finished its click: only that is not an error
    await onglet
      .getByRole('button', { name: 'Retour' })
      .click()
      .catch((erreur: unknown) => {
        if (!onglet.isClosed()) throw erreur;
      });
    await fermeture;
    expect(s.page.isClosed()).toBe(false);
  });
});
