import { describe, expect, it } from 'vitest';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

describe('paramètres (rôle technique)', () => {
  it('crée, modifie et filtre un paramètre, avec les messages de succès', async () => {
    const cle = `e2e.${Date.now()}`;
    await s.connecter('technique', '/parametreListe');
    await s.page.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.getByRole('heading', { name: 'Nouveau paramètre' }).waitFor();

    // nothing typed yet: nothing to save
    expect(await s.page.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(true);
    await s.page.getByLabel('Clé').fill(cle);
    await s.page.getByLabel('Valeur').fill('  première valeur ');
    await s.page.getByLabel('Description').fill('Créé par le parcours de bout en bout');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`Le paramètre ${cle} a été correctement ajouté.`).waitFor();
    await s.page.getByRole('heading', { name: `Paramètre ${cle}` }).waitFor();
    expect(await s.page.getByLabel('Clé').isDisabled()).toBe(true);
    await s.capture('parametre-cree');

    await s.page.getByLabel('Valeur').fill('seconde valeur');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText(`Le paramètre ${cle} a été correctement mis à jour.`).waitFor();

    const enregistre = await (await s.page.request.get(s.url(`/rest/parametre/?cle=${cle}`))).json();
    expect(enregistre).toEqual([expect.objectContaining({ cle, valeur: 'seconde valeur', lastModifiedBy: 'technique', version: 1 })]);

    await s.page.getByRole('button', { name: 'Retour à la liste' }).click();
    await s.page.getByLabel('Filtre Clé').click();
    await s.page.getByLabel('Filtrer Clé').fill(cle);
    await s.page.getByLabel('Filtrer Clé').press('Enter');
    await s.page.getByRole('heading', { name: 'Paramètres (1)' }).waitFor();
    expect(await s.page.getByRole('cell', { name: 'seconde valeur' }).count()).toBe(1);
  });

  it('montre sous le champ le message de validation de la spécification', async () => {
    await s.connecter('technique', '/parametreDetail');
    await s.page.getByLabel('Clé').fill('cle.sans.valeur');
    await s.page.getByLabel('Valeur').fill(' ');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText('La saisie de la valeur est obligatoire').waitFor();
  });

  it('refuse une clé déjà prise avec un message clair', async () => {
    await s.connecter('technique', '/parametreDetail');
    await s.page.getByLabel('Clé').fill('levee.max.debarras');
    await s.page.getByLabel('Valeur').fill('12');
    await s.page.getByRole('button', { name: 'Enregistrer' }).click();
    await s.page.getByText('Un paramètre avec la clé « levee.max.debarras » existe déjà.').waitFor();
    expect(await s.page.getByText('Erreur', { exact: true }).count()).toBe(1);
  });

  it('garde les filtres de la liste après un rechargement, et les réinitialise', async () => {
    await s.connecter('technique', '/parametreListe');
    await s.page.getByLabel('Filtre Clé').click();
    await s.page.getByLabel('Filtrer Clé').fill('carte.');
    await s.page.getByLabel('Filtrer Clé').press('Enter');
    await s.page.getByRole('heading', { name: 'Paramètres (6)' }).waitFor();

    await s.page.reload();
    await s.page.getByRole('heading', { name: 'Paramètres (6)' }).waitFor();
    expect(await s.page.getByRole('cell', { name: 'carte.gestionnaire', exact: true }).count()).toBe(1);

    await s.page.getByRole('button', { name: /Réinitialiser les filtres/ }).click();
    await s.page.getByRole('heading', { name: /^Paramètres \((1[4-9]|[2-9]\d)\)$/ }).waitFor();
  });

  it('exporte la liste filtrée en .xlsx', async () => {
    await s.connecter('technique', '/parametreListe');
    await s.page.getByRole('heading', { name: /^Paramètres/ }).waitFor();
    const [telechargement] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: /Exporter/ }).click()]);
    expect(telechargement.suggestedFilename()).toMatch(/^parametres_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
