import { formatJour, type Levee } from '@debarras/domain';
import { dansE2e } from './lib/horloge.js';
import { describe, expect, it } from 'vitest';
import { navigateur, type Session } from './lib/navigateur.js';

const s = navigateur();
const SECTEUR = 'Secteur 4 - Eaux-Vives / Champel';

async function lireLevees(recherche: Record<string, string>): Promise<Levee[]> {
  const reponse = await s.page.request.get(s.url(`/rest/levee/?${new URLSearchParams({ size: '50', ...recherche }).toString()}`));
  expect(reponse.status()).toBe(200);
  return reponse.json();
}

async function ouvrirMenuLevee(session: Session, entree: string) {
  await session.ouvrirParMenu('Levée', entree, session.page.getByRole('dialog', { name: entree }));
}

/** Typed DD.MM.YYYY then left with Tab, as a person would. */
async function saisirDate(libelle: string, jour: string) {
  const champ = s.page.getByRole('dialog').getByLabel(libelle, { exact: true });
  await champ.fill(formatJour(jour));
  await champ.press('Tab');
}

describe('levées (rôle gestion)', () => {
  it('ajoute une levée supplémentaire et arrive sur la liste filtrée qui la montre', async () => {
    const nom = `Escalade e2e ${Date.now()}`;
    const jour = dansE2e(7);
    await s.connecter('gestion');
    await ouvrirMenuLevee(s, 'Ajouter une levée supplémentaire');
    const dialogue = s.page.getByRole('dialog', { name: 'Ajouter une levée supplémentaire' });
    await dialogue.getByRole('button', { name: 'OK' }).click();
    await dialogue.getByText('La saisie du nom est obligatoire').waitFor();

    await saisirDate('Date', jour);
    await dialogue.getByLabel('Nom', { exact: true }).fill(nom);
    await dialogue.getByLabel('Nombre maximum de débarras').fill('12');
    await dialogue.getByRole('button', { name: 'OK' }).click();

    await s.page.getByRole('heading', { name: /^Levées \(\d+\)$/ }).waitFor();
    const ligne = s.page.getByRole('row', { name: new RegExp(nom) });
    await ligne.waitFor();
    expect(new URL(s.page.url()).pathname).toBe('/webdeb/leveeListe');
    expect(await ligne.getByRole('cell', { name: formatJour(jour), exact: true }).count()).toBe(1);
    expect(await ligne.getByRole('img', { name: 'Supplémentaire' }).count()).toBe(1);
    expect(await ligne.getByRole('button', { name: /^Supprimer la levée/ }).count()).toBe(1);
    // every row shown is a supplementary round of that day: the list came pre-filtered
    const lignes = await s.page.locator('.tableau-liste tbody tr.ligne-liste').count();
    const supplementaires = await s.page
      .locator('.tableau-liste tbody tr.ligne-liste')
      .getByRole('img', { name: 'Supplémentaire' })
      .count();
    expect(supplementaires).toBe(lignes);
    await s.capture('levee-supplementaire-liste');

    const [creee] = await lireLevees({ secteurLibelle: nom });
    expect(creee).toMatchObject({
      name: nom,
      dateLevee: jour,
      supplementaire: 1,
      statut: 'ACTIF',
      nbDebarrasMax: 12,
      secteur: null,
      createdBy: 'gestion',
    });
  });

  it("réduit la disponibilité d'un secteur et voit le nouveau maximum et sa couleur", async () => {
    await s.connecter('gestion');
    const [cible] = await lireLevees({
      secteurLibelle: SECTEUR,
      dateFrom: dansE2e(20),
      statut: 'ACTIF',
      supplementaire: '0',
      size: '1',
    });
    expect(cible).toBeDefined();
    await ouvrirMenuLevee(s, 'Modifier une disponibilité');
    const dialogue = s.page.getByRole('dialog', { name: 'Modifier une disponibilité' });
    await saisirDate('Date de début', cible!.dateLevee);
    expect(await dialogue.getByLabel('Date de fin').inputValue()).toBe(formatJour(cible!.dateLevee));
    await dialogue.getByLabel('Nouveau maximum de débarras').fill('0');
    await dialogue.getByLabel('Secteur').fill('Eaux-Vives');
    await s.page.getByTitle(SECTEUR).click();
    await dialogue.getByRole('button', { name: 'OK' }).click();
    await s.page.locator('.ant-modal-confirm-title', { hasText: 'Voulez-vous vraiment modifier la disponibilité des levées ?' }).waitFor();
    await s.page.getByRole('button', { name: 'Oui' }).click();

    await s.page.getByRole('heading', { name: 'Levées (1)' }).waitFor();
    const ligne = s.page.getByRole('row', { name: new RegExp(SECTEUR) });
    expect(await ligne.getByRole('cell').allTextContents()).toEqual([
      '',
      SECTEUR,
      formatJour(cible!.dateLevee),
      '0',
      '0',
      '30',
      '',
      'Actif',
      '',
    ]);
    const quantite = ligne.locator('.capacite');
    expect(await quantite.getAttribute('class')).toContain('capacite-critical');
    expect(await quantite.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(168, 7, 26)');
    await s.capture('levee-disponibilite-liste');

    const apres = await (await s.page.request.get(s.url(`/rest/levee/${cible!.idLevee}`))).json();
    expect(apres).toMatchObject({ nbDebarrasMax: 0, indisponibilite: 30, lastModifiedBy: 'gestion' });
  });

  it('archive une levée passée après la confirmation', async () => {
    await s.connecter('gestion');
    const passees = await lireLevees({ dateTo: dansE2e(-1), statut: 'ACTIF', sort: 'dateLevee,desc' });
    const cible = passees[0]!;
    await s.page.goto(s.url(`/leveeDetail/${cible.idLevee}`));
    await s.page
      .getByRole('heading', {
        name: new RegExp(`^Détail de la levée du \\S+ ${formatJour(cible.dateLevee).replace(/\./g, '\\.')} - Secteur .+ - Actif$`),
      })
      .waitFor();
    await s.page.getByRole('button', { name: 'Archiver' }).click();
    const confirmation = s.page.getByRole('dialog').filter({
      hasText: 'Attention, cette action archivera également les débarras liés à cette levée ! Voulez-vous vraiment continuer ?',
    });
    await confirmation.waitFor();
    await confirmation.getByRole('button', { name: 'Archiver' }).click();
    await confirmation.waitFor({ state: 'hidden' });
    await s.page.getByRole('heading', { name: / - Archivé$/ }).waitFor();
    await s.capture('levee-archivee');
    expect(await s.page.getByRole('button', { name: 'Archiver' }).isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(true);

    const apres = await (await s.page.request.get(s.url(`/rest/levee/${cible.idLevee}`))).json();
    expect(apres).toMatchObject({ statut: 'ARCHIVE', lastModifiedBy: 'gestion' });
  });
});

describe('levées (rôle lecture seule)', () => {
  it('ne voit ni archivage, ni enregistrement, ni export, ni suppression', async () => {
    const nom = `Marché e2e ${Date.now()}`;
    await s.connecter('gestion');
    const creation = await s.page.request.post(s.url('/rest/levee'), {
      data: { dateLevee: dansE2e(5), name: nom, nbDebarrasMax: 8 },
    });
    expect(creation.status()).toBe(200);
    await s.page.getByRole('button', { name: 'Déconnexion' }).click();
    await s.page.getByText("Identification de l'utilisateur").waitFor();

    await s.connecter('lecture');
    await s.page.getByRole('menuitem', { name: 'Levée' }).hover();
    await s.page.getByRole('menuitem', { name: 'Afficher les levées' }).waitFor();
    expect(await s.page.getByRole('menuitem', { name: 'Modifier une disponibilité' }).count()).toBe(0);
    await s.ouvrirParMenu('Levée', 'Afficher les levées');
    await s.page.getByRole('heading', { name: /^Levées \(\d+\)$/ }).waitFor();
    await s.page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    // the rows of every other date are grey: the shade changes exactly where the date does
    const colonneDate = (await s.page.locator('thead th').allTextContents()).findIndex((t) => t.trim() === 'Date');
    const lignes = await s.page.locator('.tableau-liste tbody tr.ligne-liste').evaluateAll(
      // the date alone: today's cell also says how far its round is
      (trs, i) =>
        trs.map((l) => ({
          date: /\d{2}\.\d{2}\.\d{4}/.exec(l.children[i]!.textContent ?? '')?.[0],
          grise: l.classList.contains('ligne-date-grise'),
        })),
      colonneDate,
    );
    expect(new Set(lignes.map((l) => l.date)).size).toBeGreaterThan(2);
    expect(lignes[0]!.grise).toBe(false);
    lignes.slice(1).forEach((l, i) => expect(l.grise).toBe(l.date === lignes[i]!.date ? lignes[i]!.grise : !lignes[i]!.grise));
    await s.capture('levee-liste-lecture');
    expect(await s.page.getByRole('button', { name: /Exporter/ }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: /Réinitialiser les filtres/ }).count()).toBe(1);

    await s.page.getByLabel('Filtre Secteur').click();
    await s.page.getByLabel('Filtrer Secteur').fill(nom);
    await s.page.getByLabel('Filtrer Secteur').press('Enter');
    await s.page.getByRole('heading', { name: 'Levées (1)' }).waitFor();
    const ligne = s.page.getByRole('row', { name: new RegExp(nom) });
    expect(await ligne.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);

    await ligne.getByRole('link', { name: /^Détail de la levée/ }).click();
    await s.page.getByRole('heading', { name: new RegExp(`^Détail de la levée supplémentaire du .+ - ${nom} - Actif$`) }).waitFor();
    expect(await s.page.getByRole('button', { name: 'Archiver' }).count()).toBe(0);
    expect(await s.page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    expect(await s.page.getByLabel('Kilométrage').isDisabled()).toBe(true);
    expect(await s.page.getByLabel('Nombre maximum de débarras').isDisabled()).toBe(true);
  });
});
