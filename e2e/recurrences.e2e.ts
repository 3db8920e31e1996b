import {
  jourDeSemaine,
  RECURRENCE_LIBELLES,
  RECURRENCE_MESSAGES,
  RECURRENCE_SUCCES,
  TACHE_MESSAGES,
  type Adresse,
  type DebarrasLigne,
  type Recurrence,
} from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { lire } from './lib/debarras.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

/** An address of the register with a sector and no récurrence yet. */
async function adresseLibre(): Promise<Adresse> {
  const prises = new Set((await lire<Recurrence[]>(s, 'recurrence/?size=500')).map((r) => r.adresse.idpAdr));
  return (await lire<Adresse[]>(s, 'adresse/?q=Avenue')).find((a) => a.secteur && !prises.has(a.idpAdr))!;
}

const debarrasDe = (adresse: Adresse) =>
  lire<DebarrasLigne[]>(s, `debarras/?statut=ACTIF&size=100&adresse_adresse=${encodeURIComponent(adresse.adresse)}`);

describe('récurrences (rôle gestion)', () => {
  it('crée une récurrence le lundi et le jeudi, montre ses débarras « Récurrent », la supprime et les garde', async () => {
    await s.connecter('gestion');
    const adresse = await adresseLibre();
    const avant = (await debarrasDe(adresse)).length;

    await s.ouvrirParMenu('Débarras', 'Afficher les récurrences');
    await s.page.getByRole('heading', { name: /^Récurrences \(\d+\)$/ }).waitFor();
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.getByRole('heading', { name: 'Nouvelle récurrence' }).waitFor();

    await s.page.getByLabel('Rechercher une adresse').fill(adresse.adresse);
    await s.page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${adresse.adresse}"]`).click();
    await expect.poll(() => s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe(adresse.adresse);
    await s.page.getByRole('checkbox', { name: 'Lundi' }).check();
    await s.page.getByRole('checkbox', { name: 'Jeudi' }).check();
    await s.page.getByLabel('Date de début').fill('18.11.2026');
    // Enter confirms the typed date, and saves nothing
    await s.page.getByLabel('Date de début').press('Enter');
    await s.page.getByLabel('Remarques lieu').fill('Local à vélos, au fond de la cour');
    await s.capture('recurrence-saisie');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    // what will be created is said and asked first
    const question = s.page.getByRole('dialog', { name: RECURRENCE_MESSAGES.creationTitre });
    const annonce = await question.getByText(/^L'enregistrement crée \d+ débarras récurrent\(s\)/).textContent();
    await s.page.waitForTimeout(500); // the dialog's opening animation, for the screenshot
    await s.capture('recurrence-creation-confirmation');
    await question.getByRole('button', { name: RECURRENCE_LIBELLES.creer }).click();
    await s.page.getByText(RECURRENCE_SUCCES.ajoute()).waitFor();
    const bilan = await s.page.getByText(/débarras récurrent\(s\) créé\(s\) sur les levées à venir\./).textContent();
    await s.page.getByRole('heading', { name: 'Détail de la récurrence' }).waitFor();

    // every Monday and Thursday levée of the sector from tomorrow to the planning horizon
    const crees = (await debarrasDe(adresse)).filter((d) => d.recurrent);
    expect(crees.length).toBeGreaterThanOrEqual(20);
    // 1 Monday, 4 Thursday
    for (const d of crees) expect([1, 4]).toContain(jourDeSemaine(d.levee.dateLevee));
    expect(bilan).toBe(RECURRENCE_SUCCES.debarrasCrees(crees.length));
    expect(annonce).toContain(`crée ${crees.length} débarras récurrent(s)`);

    // the débarras list shows them; the detail's header says « Récurrent »
    await s.page.goto(s.url('/debarrasListe'));
    await s.page.getByLabel('Filtre Adresse').click();
    await s.page.getByLabel('Filtrer Adresse').fill(adresse.adresse);
    await s.page.getByLabel('Filtrer Adresse').press('Enter');
    await s.page.getByRole('heading', { name: `Débarras (${avant + crees.length})` }).waitFor();
    await s.page.goto(s.url(`/debarrasDetail/${crees[0]!.idDebarras}`));
    await s.page.getByRole('heading', { name: new RegExp(`^Détail du débarras n° ${crees[0]!.numero} .*Récurrent$`) }).waitFor();
    await s.capture('recurrence-debarras-recurrent');

    // deleting the récurrence leaves its débarras
    await s.page.goto(s.url('/RecurrenceListe'));
    await s.page.getByLabel('Filtre Adresse').click();
    await s.page.getByLabel('Filtrer Adresse').fill(adresse.adresse);
    await s.page.getByLabel('Filtrer Adresse').press('Enter');
    await s.page.getByRole('heading', { name: 'Récurrences (1)' }).waitFor();
    await s.page.getByLabel(`Supprimer ${adresse.adresse}`).click();
    const dialogue = s.page.getByRole('dialog');
    await dialogue.getByText(/Les débarras récurrents déjà créés ne sont pas supprimés\./).waitFor();
    await dialogue.getByRole('button', { name: 'Supprimer' }).click();
    await s.page.getByText(RECURRENCE_SUCCES.supprime(adresse.adresse)).waitFor();
    await s.page.getByRole('heading', { name: 'Récurrences (0)' }).waitFor();
    expect((await debarrasDe(adresse)).filter((d) => d.recurrent)).toHaveLength(crees.length);
  });
});

describe('tâches planifiées (rôle technique)', () => {
  it('lance une tâche maintenant et retrouve son début et son bilan dans les messages', async () => {
    await s.connecter('technique');
    await s.ouvrirParMenu('Technique', 'Tâches planifiées');
    await s.page.getByRole('heading', { name: 'Tâches planifiées' }).waitFor();
    await s.capture('taches-planifiees');
    await s.page.getByRole('button', { name: 'Lancer maintenant Anonymisation' }).click();
    const dialogue = s.page.getByRole('dialog');
    await dialogue.getByText(TACHE_MESSAGES.confirmation('Anonymisation')).waitFor();
    await dialogue.getByRole('button', { name: 'Lancer' }).click();
    await s.page.getByText(TACHE_MESSAGES.terminee('Anonymisation')).waitFor();

    await s.page.goto(s.url('/logEvenementListe'));
    await s.page.getByText(TACHE_MESSAGES.debut('Anonymisation', 'technique')).first().waitFor();
    await s.page
      .getByText(/^Anonymisation des débarras archivés ou supprimés dont la levée est antérieure au /)
      .first()
      .waitFor();
  });
});
