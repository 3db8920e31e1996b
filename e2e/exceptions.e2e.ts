import {
  ADRESSE_EXCEPTION_MESSAGES,
  ADRESSE_EXCEPTION_SUCCES,
  type Adresse,
  type AdresseCarte,
  type AdresseException,
  type PerimetreSecteur,
  type Secteur,
} from '@debarras/domain';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lire as lireApi } from './lib/debarras.js';
import { violationsGraves } from './lib/accessibilite.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();
const lire = <T>(chemin: string) => lireApi<T>(s, chemin);

/** Metres per screen pixel at 1:n (96 dpi), as the maps compute it. */
const resolution = (echelle: number) => (echelle * 0.0254) / 96;
const R_2000 = resolution(2000);
/** OpenLayers pans by 128 pixels an arrow key. */
const PAS_CLAVIER = 128 * R_2000;

type Point = { x: number; y: number };
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Clicks the place (x, y) of a map shown at 1:2000 around `centre`: the map's middle pixel is the
 * centre, one pixel is R_2000 metres, y goes up on the ground and down on the screen.
 */
async function cliquerCarte(centre: Point, cible: Point) {
  const boite = (await s.page.locator('.cadre-carte .carte').boundingBox())!;
  await s.page.mouse.click(
    boite.x + boite.width / 2 + (cible.x - centre.x) / R_2000,
    boite.y + boite.height / 2 - (cible.y - centre.y) / R_2000,
  );
}

/** The map has drawn its first view: it has asked for the register's points in it. */
const carteChargee = () =>
  s.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/rest/adresse/extent') && r.ok(), { timeout: 20_000 });

/** The addresses of the register around a point, as the map reads them. */
const adressesAutour = (c: Point, rayon: number) =>
  lire<AdresseCarte[]>(`adresse/extent?bbox=${[c.x - rayon, c.y - rayon, c.x + rayon, c.y + rayon].map(Math.round).join(',')}`);

const isolee = (a: AdresseCarte, toutes: AdresseCarte[], metres: number) =>
  toutes.every((b) => b.idpAdr === a.idpAdr || distance(a, b) > metres);

/**
 * Three addresses of the configured manager without an exception, away from the others the
 * journeys use: the source and two within 40 to 120 m of it, each the only one within 3 m.
 */
async function troisAdressesLibres() {
  const gestionnaire = await (await s.page.request.get(s.url('/rest/parametre/getStringValue?cle=carte.gestionnaire'))).text();
  const toutes = await adressesAutour({ x: 2_500_700, y: 1_118_400 }, 400);
  const avecException = new Set(await lire<string[]>('adresseexception/idpadr'));
  const libres = toutes
    .filter((a) => a.gestionnaire === gestionnaire && !avecException.has(a.idpAdr) && isolee(a, toutes, 3))
    .sort((a, b) => a.idpAdr.localeCompare(b.idpAdr));
  for (const source of libres) {
    const voisines = libres.filter((b) => b !== source && distance(source, b) >= 40 && distance(source, b) <= 120);
    const trio = [source, ...voisines.slice(0, 2)];
    if (trio.length < 3) continue;
    const existent = await Promise.all(trio.map((a) => lire<boolean>(`adresseexception/exists/${a.idpAdr}`)));
    if (existent.every((e) => !e)) return trio as [AdresseCarte, AdresseCarte, AdresseCarte];
  }
  throw new Error('aucune adresse libre pour le parcours des exceptions');
}

const lignes = () => s.page.locator('.tableau-liste tbody tr.ligne-liste');
const notification = (texte: string) => s.page.locator('.ant-notification-notice', { hasText: texte }).first().waitFor();

async function filtrerListe(libelle: string, valeur: string) {
  const appel = s.page.waitForRequest((r: Request) => new URL(r.url()).pathname.endsWith('/rest/adresseexception/'));
  await s.page.getByLabel(`Filtre ${libelle}`).click();
  await s.page.getByLabel(`Filtrer ${libelle}`).fill(valeur);
  await s.page.getByLabel(`Filtrer ${libelle}`).press('Enter');
  await (await appel).response();
  await s.page.locator('.liste-serveur .ant-spin-spinning').waitFor({ state: 'detached' });
}

describe('adresses exceptions : détail et copie sur la carte (rôle admin)', { timeout: 120_000 }, () => {
  it('ajoute une exception avec ses points placés sur la carte, puis la copie sur deux adresses', async () => {
    await s.connecter('admin');
    const [source, b, c] = await troisAdressesLibres();
    const marque = `Parcours e2e ${source.idpAdr}`;

    await s.page.goto(s.url('/adresseExceptionListe'));
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    const modale = s.page.getByRole('dialog', { name: 'Ajouter une adresse exception' });
    await modale.getByLabel('Rechercher une adresse').fill(source.adresse);
    await s.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${source.adresse}"]`).first().click();
    const chargee = carteChargee();
    await modale.getByRole('button', { name: 'OK' }).click();
    await s.page.getByRole('heading', { name: `Nouvelle exception : ${source.adresse}` }).waitFor();
    await chargee;
    expect(await s.page.getByRole('radio', { name: 'Actif', exact: true }).isChecked()).toBe(true);

    // the depot point, 20 m east and 10 m north of the address
    await s.page.getByRole('button', { name: 'Placer le point de dépôt' }).click();
    await s.page.getByText('Cliquez sur la carte pour placer le point… (Échap pour annuler)').waitFor();
    await cliquerCarte(source, { x: source.x + 20, y: source.y + 10 });
    await expect.poll(() => s.page.getByLabel('Dépôt X').inputValue()).toMatch(/^\d{7}\.\d{2}$/);
    expect(Number(await s.page.getByLabel('Dépôt X').inputValue())).toBeCloseTo(source.x + 20, -0.5);
    expect(Number(await s.page.getByLabel('Dépôt Y').inputValue())).toBeCloseTo(source.y + 10, -0.5);
    expect(await s.page.getByLabel('Dépôt Y').inputValue()).toMatch(/^\d{7}\.\d{2}$/);

    // a public remark needs an internal one: the domain's message, under its field
    await s.page.getByLabel('Remarque publique').fill('Déposer devant le portail');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(ADRESSE_EXCEPTION_MESSAGES.remarqueInterneObligatoire).waitFor();
    await s.page.getByLabel('Remarque interne').fill(marque);

    // works: their remark, period and point
    await s.page.getByLabel('Remarque travaux').fill('Chantier devant l’entrée');
    await s.page.getByLabel('Début travaux (du)').fill('01.12.2026');
    await s.page.getByLabel('Début travaux (du)').press('Tab');
    await s.page.getByLabel('Fin travaux (au)').fill('31.12.2026');
    await s.page.getByLabel('Fin travaux (au)').press('Tab');
    await s.page.getByRole('button', { name: 'Placer le point des travaux' }).click();
    await cliquerCarte(source, { x: source.x - 25, y: source.y - 15 });
    await expect.poll(() => s.page.getByLabel('Travaux X').inputValue()).toMatch(/^\d{7}\.\d{2}$/);
    // the point completes the works: the fields' messages go
    await expect.poll(() => s.page.locator('.ant-form-item-explain-error').count()).toBe(0);

    expect(await violationsGraves(s.page)).toEqual([]);
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await notification(ADRESSE_EXCEPTION_SUCCES.ajoutee(source.adresse));
    await s.page.waitForURL(/\/adresseExceptionListe$/);
    const [creee] = await lire<AdresseException[]>(`adresseexception/?idpadr=${source.idpAdr}`);
    expect(creee).toMatchObject({ remarqueInterne: marque, dateDebutTravaux: '2026-12-01', dateFinTravaux: '2026-12-31', statut: 'ACTIF' });
    expect(creee!.xdepot).toBeCloseTo(source.x + 20, -0.5);
    expect(creee!.ytravaux).toBeCloseTo(source.y - 15, -0.5);

    await filtrerListe('Remarque interne', marque);
    await expect.poll(() => lignes().count()).toBe(1);
    await s.capture('exceptions-liste-apres-ajout');

    // the copy: the source's own address is refused, two neighbours are taken
    const ouverte = carteChargee();
    await s.page.getByRole('link', { name: `Copier ${source.adresse}` }).click();
    await s.page.getByRole('heading', { name: `Copier l'exception de ${source.adresse}` }).waitFor();
    await ouverte;
    await cliquerCarte(source, source);
    await s.page
      .getByRole('alert')
      .filter({ hasText: ADRESSE_EXCEPTION_MESSAGES.adresseExistante(source.adresse) })
      .waitFor();
    const choisies = s.page.getByRole('textbox', { name: /^Adresses choisies/ });
    await cliquerCarte(source, b);
    await expect.poll(() => choisies.inputValue()).toBe(b.adresse);
    await cliquerCarte(source, c);
    await expect.poll(() => choisies.inputValue()).toBe(`${b.adresse}\n${c.adresse}`);
    expect(await violationsGraves(s.page)).toEqual([]);
    await s.page.getByRole('button', { name: 'Enregistrer les copies' }).click();
    await notification(ADRESSE_EXCEPTION_SUCCES.copiee(2));
    await s.page.waitForURL(/\/adresseExceptionListe$/);
    // the list kept its filter, and reads the copies
    await expect.poll(() => lignes().count()).toBe(3);
    const textes = await lignes().allTextContents();
    for (const a of [source, b, c]) expect(textes.some((t) => t.includes(a.adresse))).toBe(true);
    const copies = await lire<AdresseException[]>(`adresseexception/?remarqueInterne=${encodeURIComponent(marque)}`);
    expect(copies.map((e) => e.idpadr).sort()).toEqual([source.idpAdr, b.idpAdr, c.idpAdr].sort());
    expect(copies.every((e) => e.remarqueTravaux === 'Chantier devant l’entrée' && e.xdepot === creee!.xdepot)).toBe(true);

    // the new exception on its address's map, with its remarks
    await s.page.goto(s.url(`/DebarrasCartographie/${source.idpAdr}`));
    await s.page.getByRole('heading', { name: source.adresse }).waitFor();
    await expect
      .poll(() => s.page.locator('.liste-exceptions-visibles button').allTextContents(), { timeout: 10_000 })
      .toContain(source.adresse);
  });
});

describe("périmètre d'un secteur (rôle admin)", { timeout: 120_000 }, () => {
  it("dessine le périmètre autour d'une adresse, qui change alors de secteur", async () => {
    await s.connecter('admin');
    const sansPerimetre = (await lire<PerimetreSecteur[]>('secteur/perimetres')).find((p) => !p.perimetre)!;
    const secteur = await lire<Secteur>(`secteur/${sansPerimetre.idSecteur}`);
    const initiale = JSON.parse(await (await s.page.request.get(s.url('/rest/parametre/getStringValue?cle=carte.initiale'))).text()) as {
      centre: [number, number];
      echelle: number;
    };
    expect(initiale.echelle).toBe(2000);
    const centre = { x: initiale.centre[0], y: initiale.centre[1] };
    // the nearest address alone within 8 m, in another sector
    const autour = await adressesAutour(centre, 300);
    const cible = autour
      .filter((a) => a.secteur && a.secteur !== secteur.libelle && isolee(a, autour, 8))
      .sort((a, b) => distance(a, centre) - distance(b, centre))[0]!;

    const chargee = carteChargee();
    await s.page.goto(s.url(`/secteurDetail/${secteur.idSecteur}`));
    await s.page.getByRole('heading', { name: 'Périmètre' }).waitFor();
    await chargee;
    // the map pans by whole arrow steps until the address is near its middle
    const carte = s.page.locator('.cadre-carte .carte');
    await carte.focus();
    const pas = { x: Math.round((cible.x - centre.x) / PAS_CLAVIER), y: Math.round((cible.y - centre.y) / PAS_CLAVIER) };
    // a key pressed while the map still moves would pan from where it is then: one step at a time
    const touches = [
      ...Array<string>(Math.abs(pas.x)).fill(pas.x > 0 ? 'ArrowRight' : 'ArrowLeft'),
      ...Array<string>(Math.abs(pas.y)).fill(pas.y > 0 ? 'ArrowUp' : 'ArrowDown'),
    ];
    for (const touche of touches) {
      await carte.press(touche);
      await s.page.waitForTimeout(300);
    }
    await carte.scrollIntoViewIfNeeded();
    const vue = { x: centre.x + pas.x * PAS_CLAVIER, y: centre.y + pas.y * PAS_CLAVIER };

    expect(await violationsGraves(s.page)).toEqual([]);
    await s.page.getByRole('button', { name: 'Dessiner le périmètre' }).click();
    for (const [dx, dy] of [
      [-6, -5],
      [6, -5],
      [0, 6],
    ] as const) {
      await cliquerCarte(vue, { x: cible.x + dx, y: cible.y + dy });
      await s.page.waitForTimeout(300);
    }
    await carte.press('Enter');
    await s.page.getByRole('button', { name: 'Enregistrer le périmètre' }).click();
    const confirmation = s.page.getByRole('dialog').filter({ hasText: 'passeront au secteur' });
    await confirmation.getByRole('button', { name: 'Enregistrer' }).click();
    await notification('Périmètre enregistré : 1 adresse change de secteur');

    const secteurDe = async (a: AdresseCarte) =>
      (await lire<Adresse[]>(`adresse/?q=${encodeURIComponent(a.adresse)}`)).find((r) => r.idpAdr === a.idpAdr)!.secteur;
    expect(await secteurDe(cible)).toBe(secteur.libelle);

    // the sector's perimeter goes back to a place without addresses: the address returns to its sector
    const relu = await lire<Secteur>(`secteur/${secteur.idSecteur}`);
    const retour = await s.page.request.put(s.url(`/rest/secteur/${secteur.idSecteur}/perimetre`), {
      data: {
        version: relu.version,
        perimetre: [
          [2_486_000, 1_106_000],
          [2_486_010, 1_106_000],
          [2_486_000, 1_106_010],
        ],
      },
    });
    expect(retour.status()).toBe(200);
    expect(await secteurDe(cible)).toBe(cible.secteur);
  });
});
