import { describe, expect, it } from 'vitest';
import { animationsFinies, arretsFautifs, arretTab, fautif } from './lib/accessibilite.js';
import { lire } from './lib/debarras.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

const focus = () => s.page.evaluate(() => document.activeElement?.id ?? '');

/** The Tab order of the page from its top. */
async function depuisLeHaut() {
  await s.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return arretsFautifs(s.page);
}

/**
 * Where antd draws a clear button (×): a chosen address, a list or a date with a value, an open header filter. Every
 * screen's Tab order is walked by accessibilite.e2e.ts; here, the screens once a value is in.
 */
describe('ordre de tabulation, une valeur choisie', () => {
  it('va de l’adresse choisie droit au nom du demandeur, et la saisie du nom n’efface rien', async () => {
    await s.connecter('gestion');
    await s.page.getByRole('heading', { name: 'Nouveau débarras' }).waitFor();
    await s.page.getByLabel('Rechercher une adresse').fill('patru 3');
    await s.page.getByLabel('Rechercher une adresse').press('Enter');
    await expect.poll(() => s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('Rue Patru 3');
    await s.page.keyboard.press('Tab');
    expect(await focus()).toBe('nomPersonne');
    // the space of « Mme Núñez » types a space, and clears nothing
    await s.page.keyboard.type('Mme Núñez');
    expect(await s.page.getByLabel('Nom demandeur').inputValue()).toBe('Mme Núñez');
    expect(await s.page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('Rue Patru 3');
    expect(await depuisLeHaut()).toEqual([]);
  });

  it('ne s’arrête sur aucun bouton caché ou nommé en anglais dans les fiches remplies ni dans les filtres ouverts', async () => {
    await s.connecter('technique');
    const fautifs: string[] = [];
    const premier = async (chemin: string, cle: string) => ((await lire<Array<Record<string, number>>>(s, chemin))[0] ?? {})[cle];
    for (const fiche of [
      `/objetDetail/${await premier('objet/?size=1', 'idObjet')}`,
      `/destinataireDetail/${await premier('destinataire/?size=1', 'idDestinataire')}`,
      `/secteurDetail/${await premier('secteur/?size=1', 'idSecteur')}`,
      `/RecurrenceDetail/${await premier('recurrence/?size=1', 'idRecurrence')}`,
    ]) {
      await s.page.goto(s.url(fiche));
      await s.page.locator('main form').first().waitFor();
      await s.page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
      fautifs.push(...(await depuisLeHaut()).map((f) => `${fiche} : ${f}`));
    }

    // a header filter of each kind (text, period, choice, yes/no), opened, then with a value: Tab stays on what can be seen
    await s.page.goto(s.url('/debarrasListe'));
    await s.page
      .getByRole('button', { name: /^Filtre / })
      .first()
      .waitFor();
    for (const nom of ['Filtre Nom demandeur', 'Filtre Date', 'Filtre Statut', 'Filtre Sauvage']) {
      await s.page.getByRole('button', { name: nom, exact: true }).click();
      const panneau = s.page.locator('.ant-popover:visible');
      await panneau.waitFor();
      const champ = panneau.locator('input').first();
      // a value in the field: its clear button shows
      if ((await champ.getAttribute('role')) !== 'combobox' && !(await champ.getAttribute('readonly'))) await champ.fill('12');
      await animationsFinies(s.page);
      for (let i = 0; i < 4; i++) {
        await s.page.keyboard.press('Tab');
        const a = await arretTab(s.page);
        if (a && fautif(a)) fautifs.push(`/debarrasListe, ${nom} : ${a.quoi} « ${a.nom} »`);
      }
      await s.page.keyboard.press('Escape');
      await panneau.waitFor({ state: 'hidden' });
    }
    expect(fautifs).toEqual([]);
  });
});
