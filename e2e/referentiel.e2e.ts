import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DESTINATAIRE_MESSAGES, ERREURS, type ReponseErreur } from '@debarras/domain';
import ExcelJS from 'exceljs';
import type { APIResponse, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

const api = async (chemin: string) => s.page.request.get(s.url(`/rest/${chemin}`));
/** A refused API call as its client sees it: the status, the message and the code. */
const refus = async (r: APIResponse) => ({ statut: r.status(), ...((await r.json()) as ReponseErreur) });
const lignes = () => s.page.locator('.tableau-liste tbody tr.ligne-liste');
const enTete = (titre: string) => s.page.locator('.tableau-liste th', { hasText: titre });
/** The form item holding a field, so that a message is checked under its own field. */
const champ = (libelle: string) => s.page.locator('.ant-form-item', { has: s.page.getByLabel(libelle, { exact: true }) });

/** Opens a list and answers the query string of its first call (the default filter and sort). */
async function ouvrirListe(route: string, ressource: string): Promise<URLSearchParams> {
  const appel = s.page.waitForRequest((r: Request) => new URL(r.url()).pathname.endsWith(`/rest/${ressource}/`));
  await s.page.goto(s.url(route));
  return new URL((await appel).url()).searchParams;
}

/**
 * Waits until the answer to that call has come and the table's loading spinner is gone. The
 * spinner may not have been drawn yet when the answer arrives, so rows read after this are read
 * by polling.
 */
async function listeMiseAJour(appel: Promise<Request>) {
  await (await appel).response();
  await s.page.locator('.liste-serveur .ant-spin-spinning').waitFor({ state: 'detached' });
}

/** Applies a header filter and waits for the list call carrying it. */
async function filtrer(libelle: string, appliquer: (page: Page) => Promise<void>, parametre: string, valeur: string) {
  const appel = s.page.waitForRequest((r: Request) => new URL(r.url()).searchParams.get(parametre) === valeur);
  await s.page.getByLabel(`Filtre ${libelle}`).click();
  await appliquer(s.page);
  await listeMiseAJour(appel);
}
/**
 * The distinct texts of a column of the shown rows. Read by polling after a filter: the answer
 * can reach the page before the list has even drawn its spinner, so the old rows may still show.
 */
async function valeursDeLaColonne(colonne: number): Promise<string[]> {
  return [...new Set(await lignes().locator(`td:nth-child(${colonne})`).allTextContents())];
}
const texte = (libelle: string, valeur: string) => async (page: Page) => {
  await page.getByLabel(`Filtrer ${libelle}`).fill(valeur);
  await page.getByLabel(`Filtrer ${libelle}`).press('Enter');
};
const choix = (libelle: string, option: string) => async (page: Page) => {
  await page.getByLabel(`Filtrer ${libelle}`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
};

/** Downloads the list's export and reads it as a spreadsheet program would. */
async function exporter(): Promise<ExcelJS.Worksheet> {
  const [telechargement] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: /Exporter/ }).click()]);
  const fichier = path.join(mkdtempSync(path.join(tmpdir(), 'export-')), telechargement.suggestedFilename());
  await telechargement.saveAs(fichier);
  const classeur = new ExcelJS.Workbook();
  await classeur.xlsx.readFile(fichier);
  return classeur.worksheets[0]!;
}
const entetes = (feuille: ExcelJS.Worksheet) => (feuille.getRow(1).values as unknown[]).slice(1);

const fondDe = (ligne: ReturnType<typeof lignes>) =>
  ligne
    .locator('td')
    .last()
    .evaluate((td) => getComputedStyle(td).backgroundColor);

describe('référentiel : secteurs (rôle admin)', () => {
  it("trie par libellé, filtre par rive, trie la colonne active par fin d'activité et exporte", async () => {
    await s.connecter('admin');
    const requete = await ouvrirListe('/secteurListe', 'secteur');
    expect(requete.getAll('sort')).toEqual(['libelle,asc']);
    await s.page.getByRole('heading', { name: /^Secteurs \(\d+\)$/ }).waitFor();
    expect(await enTete('Libellé').getAttribute('aria-sort')).toBe('ascending');
    expect(await lignes().first().textContent()).toContain('Secteur 1 - Pâquis');

    await filtrer('Rive', choix('Rive', 'Mixte'), 'rive', '3');
    await s.page.getByRole('heading', { name: 'Secteurs (1)' }).waitFor();
    expect(await lignes().first().textContent()).toContain('Secteur 3 - Cité');
    await s.page.getByRole('button', { name: /Réinitialiser les filtres/ }).click();

    const triActif = s.page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === 'actif,asc');
    await enTete('Actif').click();
    await listeMiseAJour(triActif);
    // ascending end dates: the closed sectors first, the open ones (no end date) last
    await expect.poll(() => lignes().first().locator('[aria-label="Actif"]').count()).toBe(0);
    await expect.poll(() => lignes().last().locator('[aria-label="Actif"]').count()).toBe(1);

    const feuille = await exporter();
    expect(entetes(feuille)).toEqual(['Libellé', 'Rive', "Début d'activité", "Fin d'activité", 'Actif']);
    const debut = feuille.getRow(2).getCell(3);
    expect(debut.value).toBeInstanceOf(Date);
    expect(debut.numFmt).toBe('dd.mm.yyyy');
  });

  it("crée un secteur, le ferme puis efface vraiment sa fin d'activité", async () => {
    const libelle = `Secteur e2e ${Date.now()}`;
    await s.connecter('admin', '/secteurListe');
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.getByRole('heading', { name: 'Nouveau secteur' }).waitFor();
    // spaces only are trimmed on leaving the field: the rive makes the form savable, the required fields then say so
    await s.page.getByLabel('Libellé').fill('  ');
    await s.page.getByLabel('Libellé').press('Tab');
    await s.page.getByLabel('Rive').click();
    await s.page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Gauche"]').click();
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await champ('Libellé').getByText('La saisie du libellé est obligatoire').waitFor();
    await champ("Début d'activité").getByText("La saisie du début d'activité est obligatoire").waitFor();

    await s.page.getByLabel('Libellé').fill(libelle);
    await s.page.getByLabel("Début d'activité").fill('02.03.2026');
    await s.page.getByLabel("Début d'activité").press('Tab');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`Le secteur ${libelle} a été correctement ajouté`).waitFor();
    await s.page.getByRole('heading', { name: `Secteur ${libelle}`, exact: true }).waitFor();

    await s.page.getByLabel("Fin d'activité").fill('30.06.2026');
    await s.page.getByLabel("Fin d'activité").press('Tab');
    await s.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await s.page.getByText(`Le secteur ${libelle} a été correctement mis à jour`).waitFor();
    await s.page.getByRole('heading', { name: `Secteur ${libelle} (Inactif)` }).waitFor();
    const [ferme] = await (await api(`secteur/?libelle=${encodeURIComponent(libelle)}`)).json();
    expect(ferme).toMatchObject({ libelle, rive: 1, dateDebut: '2026-03-02', dateFin: '2026-06-30', lastModifiedBy: 'admin' });
    await s.capture('referentiel-secteur-inactif');

    await s.page.getByLabel("Fin d'activité").hover();
    await champ("Fin d'activité").locator('.ant-picker-clear').click();
    await s.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await s.page.getByRole('heading', { name: `Secteur ${libelle}`, exact: true }).waitFor();
    expect(await (await api(`secteur/${ferme.idSecteur}`)).json()).toMatchObject({ dateFin: null });
  });
});

describe('référentiel : objets', () => {
  it('montre le catalogue actif trié par ordre avec ses icônes, et filtre les objets interdits', async () => {
    await s.connecter('technique');
    const requete = await ouvrirListe('/objetListe', 'objet');
    expect(requete.get('actif')).toBe('1');
    expect(requete.getAll('sort')).toEqual(['ordre,asc']);
    await s.page.getByRole('heading', { name: /^Objets \(\d+\)$/ }).waitFor();
    expect(await enTete("Ordre d'affichage").getAttribute('aria-sort')).toBe('ascending');
    const icone = lignes().first().locator('img');
    await expect.poll(() => icone.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await filtrer('Type', choix('Type', 'Interdit'), 'type', 'Interdit');
    await expect.poll(() => valeursDeLaColonne(4)).toEqual(['Interdit']);
    expect(await lignes().first().locator('a[href^="http"]').count()).toBe(1);
    await s.capture('referentiel-objets-interdits');
  });

  it('laisse le rôle technique ajouter un objet, avec validation et message de succès', async () => {
    const libelle = `Objet e2e ${Date.now()}`;
    await s.connecter('technique');
    const [{ url: image }] = (await (await api('objet/?size=1')).json()) as [{ url: string }];
    await s.page.goto(s.url('/objetListe'));
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.getByRole('heading', { name: 'Nouvel objet' }).waitFor();
    await s.page.getByLabel('Libellé', { exact: true }).fill(libelle);
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await champ('Libellé en ligne').getByText('La saisie du libellé en ligne est obligatoire').waitFor();
    await champ('Image').getByText("La saisie de l'image est obligatoire").waitFor();
    await champ('Type').getByText("La saisie de type d'objet est obligatoire").waitFor();

    await s.page.getByLabel('Libellé en ligne', { exact: true }).fill(`${libelle} (en ligne)`);
    await s.page.getByLabel('Image').fill(image);
    await s.page.getByLabel("Ordre d'affichage").fill('998');
    await s.page.getByLabel('Type').click();
    await s.page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Objet"]').click();
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`L'objet ${libelle} a été correctement ajouté`).waitFor();
    const [cree] = await (await api(`objet/?libelle=${encodeURIComponent(libelle)}`)).json();
    expect(cree).toMatchObject({
      libelle,
      libelleExt: `${libelle} (en ligne)`,
      url: image,
      ordre: 998,
      type: 'Objet',
      actif: 1,
      createdBy: 'technique',
    });
  });

  it("ne laisse à l'admin ni l'ajout ni le libellé en ligne et l'image, mais le reste", async () => {
    await s.connecter('admin', '/objetListe');
    await s.page.getByRole('heading', { name: /^Objets \(\d+\)$/ }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Ajouter' }).count()).toBe(0);
    const [objet] = await (await api('objet/?sort=ordre,desc&size=1')).json();
    await s.page.goto(s.url(`/objetDetail/${objet.idObjet}`));
    await s.page.getByRole('heading', { name: `Objet ${objet.libelle}` }).waitFor();
    expect(await s.page.getByLabel('Libellé en ligne', { exact: true }).isDisabled()).toBe(true);
    expect(await s.page.getByLabel('Image').isDisabled()).toBe(true);
    await s.page.getByLabel('Lien objet interdit', { exact: true }).fill('https://www.ge.ch/dechets');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`L'objet ${objet.libelle} a été correctement mis à jour`).waitFor();
    expect(await (await api(`objet/${objet.idObjet}`)).json()).toMatchObject({
      urlInterdit: 'https://www.ge.ch/dechets',
      lastModifiedBy: 'admin',
    });

    await s.page.goto(s.url('/objetDetail'));
    await s.page.getByText('Non autorisé').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/403');
  });
});

describe('référentiel : destinataires planning (rôle admin)', () => {
  it("montre les actifs triés par nom et filtre par format d'impression", async () => {
    await s.connecter('admin');
    const requete = await ouvrirListe('/destinataireListe', 'destinataire');
    expect(requete.get('actif')).toBe('1');
    expect(requete.getAll('sort')).toEqual(['destinataire,asc']);
    await s.page.getByRole('heading', { name: /^Destinataires \(\d+\)$/ }).waitFor();
    expect(await enTete('Destinataire').getAttribute('aria-sort')).toBe('ascending');
    expect(await lignes().first().textContent()).toContain("Centrale d'appels Voirie");
    expect(await s.page.getByText("Ancien chef d'équipe Petit-Saconnex").count()).toBe(0);

    // the PDF parameter is on in the demo: Word, Excel and Pdf are offered
    await s.page.getByLabel('Filtre Type').click();
    await s.page.getByLabel('Filtrer Type').click();
    const formats = s.page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => formats.evaluateAll((options) => options.map((o) => o.getAttribute('title'))))
      .toEqual(['Word', 'Excel', 'Pdf']);
    const appel = s.page.waitForRequest((r) => new URL(r.url()).searchParams.get('type') === 'Pdf');
    await formats.filter({ hasText: 'Pdf' }).click();
    await appel;
    await s.page.getByRole('heading', { name: 'Destinataires (2)' }).waitFor();
    expect(await lignes().allTextContents()).toEqual([
      expect.stringContaining("Chef d'équipe rive droite"),
      expect.stringContaining("Chef d'équipe rive gauche"),
    ]);
  });

  it('ajoute un destinataire après validation, puis le supprime après confirmation', async () => {
    const nom = `Destinataire e2e ${Date.now()}`;
    await s.connecter('admin', '/destinataireListe');
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.getByRole('heading', { name: 'Nouveau destinataire' }).waitFor();
    await s.page.getByLabel('Destinataire').fill(nom);
    await s.page.getByLabel('E-mail').fill('planning.example.org');
    await s.page.getByLabel('Description').fill('Planning du parcours de bout en bout');
    await s.page.getByLabel('Type').click();
    await s.page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Word"]').click();
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await champ('E-mail').getByText('Veuillez saisir un e-mail valide').waitFor();

    await s.page.getByLabel('E-mail').fill('planning@example.org');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`Le destinataire ${nom} a été correctement ajouté`).waitFor();
    await s.page.getByRole('heading', { name: `Destinataire ${nom}` }).waitFor();
    const [cree] = await (await api(`destinataire/?destinataire=${encodeURIComponent(nom)}`)).json();
    expect(cree).toMatchObject({ destinataire: nom, email: 'planning@example.org', type: 'Word', actif: 1, createdBy: 'admin' });

    await s.page.getByRole('button', { name: 'Retour à la liste' }).click();
    await filtrer('Destinataire', texte('Destinataire', nom), 'destinataire', nom);
    await s.page.getByRole('heading', { name: 'Destinataires (1)' }).waitFor();
    await s.page.getByLabel(`Supprimer ${nom}`).click();
    const dialogue = s.page.getByRole('dialog');
    await dialogue.getByText(`Voulez-vous vraiment supprimer le destinataire ${nom} ?`).waitFor();
    await s.page.waitForTimeout(500); // the dialog's opening animation, for the screenshot
    await s.capture('referentiel-destinataire-confirmation');
    await dialogue.getByRole('button', { name: 'Supprimer' }).click();
    await s.page.getByText(`Le destinataire ${nom} a été correctement supprimé`).waitFor();
    await s.page.getByRole('heading', { name: 'Destinataires (0)' }).waitFor();
    expect(await refus(await api(`destinataire/${cree.idDestinataire}`))).toEqual({
      statut: 404,
      errMsg: ERREURS.introuvable(DESTINATAIRE_MESSAGES.introuvable),
      code: 'INTROUVABLE',
    });
  });
});

describe('référentiel : messages (rôle admin)', () => {
  it("montre les plus récents d'abord, les KO en rouge, filtre par dates et exporte", async () => {
    await s.connecter('admin');
    const requete = await ouvrirListe('/logEvenementListe', 'logEvenement');
    expect(requete.getAll('sort')).toEqual(['date,desc']);
    await s.page.getByRole('heading', { name: /^Messages \(\d+\)$/ }).waitFor();
    expect(await enTete('Date').getAttribute('aria-sort')).toBe('descending');

    await filtrer('Type', choix('Type', 'KO'), 'type', '2');
    const ko = lignes().first();
    await ko.waitFor();
    expect(await ko.getAttribute('class')).toContain('ligne-ko');
    expect(await fondDe(ko)).toBe('rgb(255, 241, 240)');
    await s.capture('referentiel-messages-ko');
    await s.page.getByRole('button', { name: /Réinitialiser les filtres/ }).click();

    const aujourdhui = new Intl.DateTimeFormat('fr-CH', {
      timeZone: 'Europe/Zurich',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    const iso = aujourdhui.split('.').reverse().join('-');
    const appel = s.page.waitForRequest(
      (r) => new URL(r.url()).searchParams.get('dateFrom') === iso && new URL(r.url()).searchParams.get('dateTo') === iso,
    );
    await s.page.getByLabel('Filtre Date').click();
    const periode = s.page.locator('.filtre-entete:visible input');
    await periode.nth(0).click();
    await periode.nth(0).fill(aujourdhui);
    await periode.nth(0).press('Enter');
    await periode.nth(1).fill(aujourdhui);
    await periode.nth(1).press('Enter');
    await listeMiseAJour(appel);
    // today's rows only: at least the failure the run's set-up writes, and what other journeys of this server wrote
    await expect
      .poll(async () => new Set((await valeursDeLaColonne(2)).map((d) => d.slice(0, aujourdhui.length))))
      .toEqual(new Set([aujourdhui]));

    const feuille = await exporter();
    expect(entetes(feuille)).toEqual(['Domaine', 'Date', 'Type', 'Description']);
    expect(feuille.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(feuille.getRow(2).getCell(2).numFmt).toBe('dd.mm.yyyy" - "hh:mm:ss');
  });
});

describe('référentiel : réservations en ligne (rôle admin)', () => {
  it("montre les plus récentes d'abord, les durées, les rejets, en vert les abouties, filtre par langue et exporte", async () => {
    await s.connecter('admin');
    const requete = await ouvrirListe('/reservationListe', 'reservation');
    expect(requete.getAll('sort')).toEqual(['timestampReservation,desc']);
    // the demo's 480, and those the online booking's journeys made if they ran before on this server
    const titre = s.page.getByRole('heading', { name: /^Réservations en ligne \(\d+\)$/ });
    await titre.waitFor();
    expect(Number(/\((\d+)\)/.exec((await titre.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(480);
    expect(await enTete('1. Réservation').getAttribute('aria-sort')).toBe('descending');

    const aboutie = s.page.locator('tr.ligne-aboutie').first();
    await aboutie.waitFor();
    expect(await fondDe(aboutie)).toBe('rgb(246, 255, 237)');
    expect(await aboutie.locator('td:nth-child(6)').textContent()).toMatch(/^\d+ min \d{2} s$/);
    await s.capture('referentiel-reservations');

    const triRejet = s.page.waitForRequest((r) => new URL(r.url()).searchParams.get('sort') === 'rejetEmail,desc');
    await enTete('Rejet (e-mail)').click();
    await enTete('Rejet (e-mail)').click();
    await listeMiseAJour(triRejet);
    const croix = lignes().first().getByLabel('Rejetée par e-mail');
    await expect.poll(() => croix.evaluate((i) => getComputedStyle(i).color)).toBe('rgb(207, 19, 34)');

    await filtrer('Langue', choix('Langue', 'Anglais'), 'langue', 'en');
    await expect.poll(async () => new Set(await valeursDeLaColonne(9))).toEqual(new Set(['Anglais']));

    const feuille = await exporter();
    expect(entetes(feuille)).toEqual(
      expect.arrayContaining([
        'Type',
        'Session',
        '1. Réservation',
        '2. Confirmation',
        '3. Validation (e-mail)',
        'Diff 1 et 2',
        'Diff 2 et 3',
        'Rejet (e-mail)',
      ]),
    );
    expect(feuille.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    expect(feuille.rowCount - 1).toBe(Number(/\((\d+)\)/.exec((await s.page.locator('.liste-entete h3').textContent()) ?? '')?.[1]));
  });
});

describe('référentiel : refusé au rôle gestion', () => {
  it.each([
    ['/objetListe', 'objet/'],
    ['/secteurListe', 'secteur/'],
    ['/destinataireListe', 'destinataire/'],
    ['/logEvenementListe', 'logEvenement/'],
    ['/reservationListe', 'reservation/'],
  ])('%s : page 403 et API 403', async (route, ressource) => {
    await s.connecter('gestion', route);
    await s.page.getByText('Non autorisé').waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/403');
    // the catalogue is read by every role (débarras form); its screen and export are not
    const chemin = ressource === 'objet/' ? 'objet/export/' : ressource;
    expect(await refus(await api(chemin))).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
  });
});
