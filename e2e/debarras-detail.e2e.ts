import type { AdresseException, Debarras, EntreeJournal } from '@debarras/domain';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creerDebarras, lire as lireApi } from './lib/debarras.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();
const lire = <T>(chemin: string) => lireApi<T>(s, chemin);

/** Types a street in the address search and takes the first address it offers; answers its label. */
async function choisirAdresse(rue: string): Promise<string> {
  await s.page.getByLabel('Rechercher une adresse').fill(rue);
  const option = s.page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await option.waitFor();
  const libelle = (await option.getAttribute('title')) ?? (await option.textContent())!.trim();
  await option.click();
  await expect.poll(() => s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe(libelle);
  return libelle;
}

/** 'Editer' the objects, a quantity for the first object of the catalogue, OK. */
async function choisirUnObjet(quantite: string) {
  await s.page.getByRole('button', { name: /Editer$/ }).click();
  const modale = s.page.getByRole('dialog', { name: 'Choisir les objets' });
  const champ = modale.getByRole('spinbutton').first();
  await champ.fill(quantite);
  await champ.press('Tab');
  await modale.getByRole('button', { name: 'OK' }).click();
  await modale.waitFor({ state: 'hidden' });
}

const dialogueDoublons = () => s.page.getByRole('dialog').filter({ hasText: 'Des débarras semblables existent déjà' });

/**
 * 'Enregistrer' and, when the address already has a request booked (the demo history may hold
 * one), confirms the 'Doublons' question. Answers the number the success message gives.
 */
async function enregistrer(bouton: Locator, doublonAttendu: boolean): Promise<string> {
  await bouton.click();
  const succes = s.page.getByText(/^Le débarras \d{4}-\d{5} a été correctement créé$/);
  const doublons = dialogueDoublons();
  await Promise.race([succes.waitFor(), doublons.waitFor()]);
  if (doublonAttendu) expect(await doublons.isVisible()).toBe(true);
  if (await doublons.isVisible()) await doublons.getByRole('button', { name: 'Oui' }).click();
  await succes.waitFor();
  return /(\d{4}-\d{5})/.exec((await succes.textContent())!)![1]!;
}

describe("détail d'un débarras (rôle gestion)", () => {
  it("saisit une demande téléphonique depuis la recherche d'adresse, signale le doublon et journalise création puis modification", async () => {
    const telephone = `079 ${String(Date.now()).slice(-7)}`;
    await s.connecter('gestion');
    await s.page.getByRole('heading', { name: 'Nouveau débarras' }).waitFor();

    const adresse = await choisirAdresse('Rue de la Servette');
    // the levée is chosen from the address's sector, with its quantity and max
    await expect.poll(() => s.page.getByTestId('date-levee').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(await s.page.getByTestId('secteur-levee').textContent()).toMatch(/^Secteur \d/);
    await s.page.getByLabel('Nom demandeur').fill('Demandeur e2e');
    await s.page.getByLabel('Téléphone').fill(telephone);
    await choisirUnObjet('2');
    await s.capture('debarras-detail-saisie');
    const premier = await enregistrer(s.page.getByRole('button', { name: 'Enregistrer', exact: true }), false);
    await s.page.getByRole('heading', { name: `Détail du débarras n° ${premier} - Actif - Téléphone` }).waitFor();
    expect(new URL(s.page.url()).pathname).toMatch(/\/debarrasDetail\/\d+$/);
    const idPremier = Number(new URL(s.page.url()).pathname.split('/').at(-1));

    await s.page.getByLabel('Remarques générales').fill('Sonner chez le concierge');
    await s.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await s.page.getByText(`Le débarras ${premier} a été correctement mis à jour`).waitFor();

    await s.page.getByRole('button', { name: 'Journal' }).click();
    const journal = s.page.getByRole('dialog', { name: 'Journal' });
    await journal.getByRole('cell', { name: 'Modification' }).waitFor();
    const actions = await journal.locator('tbody tr td:first-child').allTextContents();
    expect(actions).toEqual(['Création', 'Modification']);
    await s.capture('debarras-detail-journal');
    await journal.getByRole('button', { name: 'Close' }).or(journal.getByLabel('Close')).first().click();
    expect((await lire<EntreeJournal[]>(`debarras/${idPremier}/journal`)).map((j) => j.typeJournal)).toEqual(['CREATION', 'MODIFICATION']);

    // a second request at the same address: the duplicate question names the first one
    await s.ouvrirParMenu('Débarras', 'Nouveau débarras');
    await s.page.getByRole('heading', { name: 'Nouveau débarras' }).waitFor();
    expect(await s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('');
    await s.page.getByLabel('Rechercher une adresse').fill(adresse);
    const option = s.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${adresse}"]`);
    await option.click();
    await expect.poll(() => s.page.getByTestId('date-levee').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await s.page.getByLabel('Nom demandeur').fill('Voisin e2e');
    await s.page.getByLabel('Téléphone').fill('022 000 00 01');
    await choisirUnObjet('1');
    await s.page.getByRole('button', { name: 'Enregistrer / Nouveau' }).click();
    const doublons = dialogueDoublons();
    await doublons.waitFor();
    expect(await doublons.textContent()).toContain(`${premier} (levée du`);
    await s.capture('debarras-detail-doublons');
    await doublons.getByRole('button', { name: 'Oui' }).click();
    // the first création's « Succès » may still be shown: this one names another number
    const succes = s.page.getByText(new RegExp(`^Le débarras (?!${premier})\\d{4}-\\d{5} a été correctement créé$`));
    await succes.waitFor();
    // 'Enregistrer / Nouveau' leaves an empty form for the next call
    await s.page.getByRole('heading', { name: 'Nouveau débarras' }).waitFor();
    await expect.poll(() => s.page.getByLabel('Nom demandeur').inputValue()).toBe('');
    expect(await s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('');
  });
});

describe("détail d'un débarras à une adresse exception (rôle gestion)", () => {
  it('pendant des travaux, reprend la remarque et le point des travaux, et la remarque interne en précisions', async () => {
    // Rue de Fribourg 15: a demo exception with works from a week before the e2e day to two weeks after
    await s.connecter('gestion');
    const exception = await lire<AdresseException>('adresseexception/byidpadr/6621002501');
    await s.page.getByRole('heading', { name: 'Nouveau débarras' }).waitFor();
    await choisirAdresse('Rue de Fribourg 15');
    await expect.poll(() => s.page.getByLabel('Travaux', { exact: true }).inputValue()).toBe(exception.remarqueTravaux);
    expect(await s.page.getByLabel("Précisions sur l'adresse").inputValue()).toBe(exception.remarqueInterne);
    await s.page.getByLabel('Nom demandeur').fill('Exception e2e');
    await s.page.getByLabel('Téléphone').fill('022 000 00 02');
    await choisirUnObjet('1');
    await enregistrer(s.page.getByRole('button', { name: 'Enregistrer', exact: true }), false);
    await s.page.waitForURL(/\/debarrasDetail\/\d+$/);
    const debarras = await lire<Debarras>(`debarras/${new URL(s.page.url()).pathname.split('/').at(-1)}`);
    expect([debarras.pointDepotX, debarras.pointDepotY]).toEqual([exception.xtravaux, exception.ytravaux]);
    expect(debarras.inclurePrecisionLieu).toBe('0');
  });
});

describe("détail d'un débarras (rôle lecture seule)", () => {
  it('montre la fiche sans rien laisser modifier, sans bouton d’enregistrement, dans le contraste normal', async () => {
    await s.connecter('gestion');
    const [d] = await creerDebarras(s, `Lecture fiche e2e ${Date.now()}`, 1);
    await s.page.getByRole('button', { name: 'Déconnexion' }).click();
    await s.page.getByText("Identification de l'utilisateur").waitFor();

    await s.connecter('lecture', `/debarrasDetail/${d!.idDebarras}`);
    await s.page.getByRole('heading', { name: new RegExp(`^Détail du débarras n° ${d!.numero}`) }).waitFor();
    await s.capture('debarras-detail-lecture');
    // values are read-only, in the normal text colour (not the pale disabled grey)
    const couleur = (element: Locator) => element.evaluate((e) => getComputedStyle(e).color);
    const normale = await couleur(s.page.getByRole('heading', { name: new RegExp(`^Détail du débarras n° ${d!.numero}`) }));
    for (const champ of ['Nom demandeur', 'Téléphone', 'E-Mail', 'Remarques générales']) {
      const valeur = s.page.getByLabel(champ, { exact: true });
      expect(await valeur.isEditable(), champ).toBe(false);
      expect(await couleur(valeur), champ).toBe(normale);
    }
    expect(await couleur(s.page.getByText('Sauvage', { exact: true })), 'Sauvage').toBe(normale);
    expect(await couleur(s.page.getByTitle('Téléphone', { exact: true }).first()), 'Type de demande').toBe(normale);
    expect(await s.page.getByLabel('Rechercher une adresse').isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Choisir une autre levée' }).isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: /Editer$/ }).isDisabled()).toBe(true);
    // no save offered at all
    for (const bouton of ['Enregistrer', 'Enregistrer / Nouveau', 'Réactiver']) {
      expect(await s.page.getByRole('button', { name: bouton, exact: true }).count(), bouton).toBe(0);
    }
    expect(await s.page.getByRole('menuitem', { name: 'Nouveau débarras' }).count()).toBe(0);

    // and no new débarras either
    await s.page.goto(s.url('/debarrasDetail'));
    await s.page.waitForURL(/\/403$/);
    await s.page.getByText('Non autorisé').first().waitFor();
  });
});
