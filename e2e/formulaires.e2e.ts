import { IMPRESSION_LIBELLES } from '@debarras/domain';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { creerDebarras, lire } from './lib/debarras.js';
import { dansE2e } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

/** The writes the page sends to the API from now on: a save, a deletion (a GET only reads). */
function ecritures(page: Page) {
  const vues: string[] = [];
  page.on('request', (r: Request) => {
    const { pathname } = new URL(r.url());
    if (r.method() !== 'GET' && pathname.includes('/rest/')) vues.push(`${r.method()} ${pathname}`);
  });
  return vues;
}

const jjmmaaaa = (iso: string) => iso.split('-').reverse().join('.');

/** The fields of a form where one types and may press Enter to confirm: text, date, search, number. */
const champsSaisis = (formulaire: Locator) =>
  formulaire.locator(
    'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]):not([readonly]):not([disabled]), textarea:not([disabled])',
  );

/**
 * Enter pressed in every visible field of the form, one after the other; the ids of those pressed. A date picker or a
 * list opened by Enter closes when the next field takes the focus.
 */
async function entreeDansChaqueChamp(formulaire: Locator) {
  const champs = champsSaisis(formulaire);
  const presses: string[] = [];
  for (let i = 0; i < (await champs.count()); i++) {
    const champ = champs.nth(i);
    if (!(await champ.isVisible())) continue;
    await champ.focus();
    await champ.press('Enter');
    presses.push((await champ.getAttribute('id')) ?? (await champ.getAttribute('aria-label')) ?? `champ ${i}`);
  }
  // a save would have left by now
  await s.page.waitForTimeout(300);
  return presses;
}

/**
 * Changes the first filled text or number of the form (not a date), so that « Enregistrer » is enabled: a save
 * could then happen.
 */
async function modifier(formulaire: Locator) {
  const champs = champsSaisis(formulaire);
  for (let i = 0; i < (await champs.count()); i++) {
    const champ = champs.nth(i);
    const valeur = await champ.inputValue();
    const nombre = (await champ.getAttribute('role')) === 'spinbutton';
    if (!(await champ.isVisible()) || (!valeur && !nombre) || /^\d{2}\.\d{2}\.\d{4}$/.test(valeur)) continue;
    await champ.fill(nombre ? String(Number(valeur) + 12) : `${valeur} e2e`);
    return;
  }
  throw new Error(`aucun champ texte rempli à modifier : ${s.page.url()}`);
}

const formulaire = () => s.page.locator('main form').first();
const enregistrer = () => s.page.getByRole('button', { name: 'Enregistrer', exact: true });

describe('formulaires : Entrée dans un champ n’enregistre jamais', () => {
  it('« Nouvelle récurrence » : Entrée qui confirme la date de début tapée n’enregistre pas, ni dans aucun autre champ', async () => {
    await s.connecter('gestion');
    const envoyees = ecritures(s.page);
    await s.page.goto(s.url('/RecurrenceDetail'));
    await s.page.getByRole('heading', { name: 'Nouvelle récurrence' }).waitFor();
    await s.page.getByLabel('Rechercher une adresse').fill('patru 3');
    await s.page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await s.page.getByLabel('Rechercher une adresse').press('Enter');
    await expect.poll(() => s.page.getByLabel('Adresse', { exact: true }).inputValue()).not.toBe('');
    await s.page.getByRole('checkbox', { name: 'Lundi' }).check();
    const debut = s.page.getByLabel(/^Date de début/);
    await debut.fill(jjmmaaaa(dansE2e(7)));
    await debut.press('Enter');
    await expect.poll(() => debut.inputValue()).toBe(jjmmaaaa(dansE2e(7)));
    expect(await enregistrer().isEnabled()).toBe(true);

    expect((await entreeDansChaqueChamp(formulaire())).length).toBeGreaterThan(5);
    expect(envoyees).toEqual([]);
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/RecurrenceDetail');
  });

  it('aucune fiche du back-office ne s’enregistre par Entrée, même modifiée et valide', async () => {
    await s.connecter('technique');
    const [debarras] = await creerDebarras(s, 'Formulaire e2e', 1);
    const premier = async (chemin: string, cle: string) => ((await lire<Array<Record<string, number>>>(s, chemin))[0] ?? {})[cle];
    // a sector keeps its label and start: its end of activity is what changes
    const finActivite = async () => {
      await s.page.getByLabel("Fin d'activité").fill(jjmmaaaa(dansE2e(400)));
      await s.page.getByLabel("Fin d'activité").press('Tab');
    };
    const fiches: Array<string | [string, () => Promise<void>]> = [
      `/debarrasDetail/${debarras!.idDebarras}`,
      `/leveeDetail/${debarras!.levee.idLevee}`,
      [`/secteurDetail/${await premier('secteur/?size=1', 'idSecteur')}`, finActivite],
      `/objetDetail/${await premier('objet/?size=1', 'idObjet')}`,
      `/destinataireDetail/${await premier('destinataire/?size=1', 'idDestinataire')}`,
      `/parametreDetail/${await premier('parametre/?size=1', 'idParametre')}`,
      `/adresseExceptionDetail/${await premier('adresseexception/?size=1&statut=ACTIF', 'id')}`,
    ];
    const envoyees = ecritures(s.page);
    for (const entree of fiches) {
      const [fiche, changer] = typeof entree === 'string' ? [entree, () => modifier(formulaire())] : entree;
      await s.page.goto(s.url(fiche));
      await formulaire().waitFor();
      await changer();
      await expect.poll(() => enregistrer().isEnabled(), { message: fiche }).toBe(true);
      const presses = await entreeDansChaqueChamp(formulaire());
      expect(presses.length, fiche).toBeGreaterThan(0);
      expect(envoyees, fiche).toEqual([]);
      expect(await enregistrer().isEnabled(), fiche).toBe(true);
      // leaving asks about the unsaved change: it is dropped
      s.page.once('dialog', (d) => void d.accept());
      await s.page.goto('about:blank');
    }
  });

  it('« Imprimer les feuilles de route » : Entrée dans la date n’ouvre pas le document', async () => {
    await s.connecter('gestion');
    const dialogue = s.page.getByRole('dialog', { name: IMPRESSION_LIBELLES.modaleFeuilles });
    await s.ouvrirParMenu('Levée', IMPRESSION_LIBELLES.modaleFeuilles, dialogue);
    let onglets = 0;
    s.contexte.on('page', () => onglets++);
    await entreeDansChaqueChamp(dialogue.locator('form'));
    expect(onglets).toBe(0);
    expect(await dialogue.isVisible()).toBe(true);
  });
});
