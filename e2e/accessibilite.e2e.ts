import { describe, expect, it } from 'vitest';
import { controlesFautifs, violationsGraves } from './lib/accessibilite.js';
import { creerDebarras } from './lib/debarras.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

/**
 * Every screen and dialog a role reaches, checked once it has loaded: by axe, and on what Tab can reach, where no
 * control may be hidden or named in English.
 */
async function verifier(ecran: string, pret: () => Promise<unknown>, dans?: string) {
  await pret();
  // data loaded; violationsGraves waits for the animations (dialogs opening, a table's loading veil): axe reads final colours
  await s.page.waitForLoadState('networkidle');
  const violations = await violationsGraves(s.page, dans);
  if (violations.length) await s.capture(`axe-${ecran}`);
  const tabulation = await controlesFautifs(s.page);
  return [...violations, ...tabulation.map((t) => `tabulation : ${t}`)].map((v) => `${ecran} : ${v}`);
}

const titre = (nom: RegExp | string) => () => s.page.getByRole('heading', { name: nom }).first().waitFor();
const dialogue = (nom: string) => () => s.page.getByRole('dialog', { name: nom }).waitFor();
/** A dialog over a screen checked just before: axe reads the dialog alone, not that screen a second time. */
const DANS_LE_DIALOGUE = '.ant-modal-wrap';

/** « Annuler »: Escape would first close the date picker that has the focus. */
const fermer = (nom: string) => s.page.getByRole('dialog', { name: nom }).getByRole('button', { name: 'Annuler' }).click();

const ouvrirMenu = (menu: string, entree: string) => s.ouvrirParMenu(menu, entree, s.page.getByRole('dialog', { name: entree }));

describe(
  'accessibilité (axe-core, WCAG 2.1 AA) : aucune violation grave ou critique, aucun arrêt de tabulation caché ou en anglais',
  { timeout: 180_000 },
  () => {
    it('connexion, erreurs et écrans de la gestion', async () => {
      const violations: string[] = [];
      await s.page.goto(s.url('/login'));
      violations.push(...(await verifier('connexion', () => s.page.getByLabel('Utilisateur').waitFor())));

      await s.connecter('gestion');
      const [debarras] = await creerDebarras(s, `Accessibilité ${Date.now()}`, 1);
      await s.page.goto(s.url('/debarrasListe'));
      violations.push(...(await verifier('liste des débarras', titre(/^Débarras \(\d+\)$/))));
      await s.page.goto(s.url('/debarrasDetail'));
      violations.push(...(await verifier('nouveau débarras', titre('Nouveau débarras'))));
      await s.page.goto(s.url(`/debarrasDetail/${debarras!.idDebarras}`));
      violations.push(...(await verifier('fiche débarras', titre(/^Détail du débarras/))));
      await s.page.getByRole('button', { name: 'Journal' }).click();
      violations.push(...(await verifier('journal', dialogue('Journal'), DANS_LE_DIALOGUE)));
      await s.page.keyboard.press('Escape');
      await s.page.getByRole('button', { name: /Editer/ }).click();
      violations.push(...(await verifier('choisir les objets', dialogue('Choisir les objets'), DANS_LE_DIALOGUE)));
      await s.page.keyboard.press('Escape');
      await s.page.getByRole('button', { name: 'Choisir une autre levée' }).click();
      violations.push(...(await verifier('levées disponibles', dialogue('Levées disponibles'), DANS_LE_DIALOGUE)));
      await s.page.keyboard.press('Escape');
      await s.page.goto(s.url('/debarrasListe'));
      await s.page.getByRole('button', { name: `Ajouter le débarras ${debarras!.numero} à la sélection` }).click();
      await s.page.getByRole('button', { name: /^Sélection \(1\)/ }).click();
      await s.page.getByRole('menuitem', { name: 'Ajouter à une levée' }).click();
      violations.push(...(await verifier('rattachement', dialogue('Ajouter la sélection à une levée active'), DANS_LE_DIALOGUE)));
      await s.page.keyboard.press('Escape');

      await s.page.goto(s.url('/leveeListe'));
      violations.push(...(await verifier('liste des levées', titre(/^Levées \(\d+\)$/))));
      await ouvrirMenu('Levée', 'Imprimer les feuilles de route');
      violations.push(...(await verifier('feuilles de route', dialogue('Imprimer les feuilles de route'), DANS_LE_DIALOGUE)));
      await fermer('Imprimer les feuilles de route');
      await ouvrirMenu('Levée', 'Modifier une disponibilité');
      violations.push(...(await verifier('disponibilité', dialogue('Modifier une disponibilité'), DANS_LE_DIALOGUE)));
      await fermer('Modifier une disponibilité');
      await ouvrirMenu('Levée', 'Ajouter une levée supplémentaire');
      violations.push(...(await verifier('levée supplémentaire', dialogue('Ajouter une levée supplémentaire'), DANS_LE_DIALOGUE)));
      await fermer('Ajouter une levée supplémentaire');
      await s.page.goto(s.url(`/leveeDetail/${debarras!.levee.idLevee}`));
      violations.push(...(await verifier('détail de levée', titre(/^Détail de la levée/))));

      await s.page.goto(s.url('/page-inconnue'));
      violations.push(...(await verifier('page introuvable', () => s.page.getByText('Page introuvable').first().waitFor())));
      await s.page.goto(s.url('/403'));
      violations.push(...(await verifier('non autorisé', () => s.page.getByText('Non autorisé').first().waitFor())));
      expect(violations).toEqual([]);
    });

    it('écrans de l’administration et de la technique', async () => {
      const violations: string[] = [];
      await s.connecter('technique');
      for (const [chemin, nom, fiche] of [
        ['/objetListe', /^Objets \(\d+\)$/, 'Nouvel objet'],
        ['/secteurListe', /^Secteurs \(\d+\)$/, 'Nouveau secteur'],
        ['/destinataireListe', /^Destinataires \(\d+\)$/, 'Nouveau destinataire'],
        ['/parametreListe', /^Paramètres \(\d+\)$/, 'Nouveau paramètre'],
        ['/RecurrenceListe', /^Récurrences \(\d+\)$/, 'Nouvelle récurrence'],
      ] as const) {
        await s.page.goto(s.url(chemin));
        violations.push(...(await verifier(chemin, titre(nom))));
        await s.page.goto(s.url(chemin.replace('Liste', 'Detail')));
        violations.push(...(await verifier(`${chemin} (fiche)`, titre(fiche))));
      }
      await s.page.goto(s.url('/logEvenementListe'));
      violations.push(...(await verifier('messages', titre(/^Messages \(\d+\)$/))));
      await s.page.goto(s.url('/reservationListe'));
      violations.push(...(await verifier('réservations', titre(/^Réservations en ligne \(\d+\)$/))));
      await s.page.goto(s.url('/TachesPlanifiees'));
      violations.push(...(await verifier('tâches planifiées', titre('Tâches planifiées'))));
      expect(violations).toEqual([]);
    });
  },
);
