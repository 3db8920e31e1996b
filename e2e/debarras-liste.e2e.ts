import { DEBARRAS_LIBELLES, DEBARRAS_MESSAGES, formatJour, type Debarras, type Levee } from '@debarras/domain';
import { dansE2e } from './lib/horloge.js';
import { describe, expect, it } from 'vitest';
import { creerDebarras as creer, lire as lireApi } from './lib/debarras.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();
const lire = <T>(chemin: string) => lireApi<T>(s, chemin);
const creerDebarras = (nom: string, nombre: number) => creer(s, nom, nombre);

/** Opens the list from the menu and keeps the rows whose requester name holds `nom`. */
async function ouvrirListeFiltree(nom: string, total: number) {
  await s.ouvrirParMenu('Débarras', 'Afficher les débarras');
  await s.page.getByRole('heading', { name: /^Débarras \(\d+\)$/ }).waitFor();
  await s.page.getByLabel('Filtre Nom demandeur').click();
  await s.page.getByLabel('Filtrer Nom demandeur').fill(nom);
  await s.page.getByLabel('Filtrer Nom demandeur').press('Enter');
  await s.page.getByRole('heading', { name: `Débarras (${total})` }).waitFor();
}

/**
 * The list's headers whose content (title, sort arrows, funnel) spills out of their cell or runs into itself, each
 * column's width, and, for the first row's cells under `titres`, their room against what `caracteres` characters
 * of a common address take in the cell's font.
 */
const mesurerColonnes = (titres: string[], caracteres: number) =>
  s.page.evaluate(
    ({ titres, caracteres }) => {
      const entetes = Array.from(document.querySelectorAll<HTMLElement>('.liste-serveur .tableau-liste thead th'));
      const premiere = document.querySelector<HTMLElement>('.liste-serveur .tableau-liste tbody tr.ligne-liste')!;
      const seCroisent = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const debordements = entetes.flatMap((th) => {
        const cadre = th.getBoundingClientRect();
        const boites = Array.from(th.querySelectorAll<HTMLElement>('.fleches-tri, .bouton-filtre'), (e) => e.getBoundingClientRect());
        // a title wider than its box runs out of it: its text's own width
        const titre = th.querySelector<HTMLElement>('.entete-titre');
        if (titre) {
          const boite = titre.getBoundingClientRect();
          boites.push(new DOMRect(boite.left, boite.top, titre.scrollWidth, boite.height));
        }
        const visibles = boites.filter((b) => b.width > 0);
        const deborde =
          visibles.some((b) => b.left < cadre.left - 0.5 || b.right > cadre.right + 0.5) ||
          visibles.some((a, i) => visibles.slice(i + 1).some((b) => seCroisent(a, b)));
        return deborde ? [th.getAttribute('aria-label')] : [];
      });
      const contexte = document.createElement('canvas').getContext('2d')!;
      const place = titres.map((titre) => {
        const cellule = premiere.children[entetes.findIndex((th) => th.getAttribute('aria-label') === titre)] as HTMLElement;
        const style = getComputedStyle(cellule);
        contexte.font = style.font;
        return {
          titre,
          disponible: cellule.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
          requise: contexte.measureText('Rue de la Servette 12'.slice(0, caracteres)).width,
        };
      });
      const largeurs = Object.fromEntries(entetes.map((th) => [th.getAttribute('aria-label'), th.getBoundingClientRect().width]));
      return { debordements, place, largeurs };
    },
    { titres, caracteres },
  );

async function confirmer(texte: string) {
  const dialogue = s.page.getByRole('dialog').filter({ hasText: texte });
  await dialogue.waitFor();
  await dialogue.getByRole('button', { name: 'Oui' }).click();
}

describe('liste des débarras (rôle gestion)', () => {
  it('rattache trois débarras sélectionnés à une autre levée en confirmant le dépassement de capacité', async () => {
    const nom = `Rattachement e2e ${Date.now()}`;
    await s.connecter('gestion');
    const debarras = await creerDebarras(nom, 3);
    const creation = await s.page.request.post(s.url('/rest/levee'), {
      data: { dateLevee: dansE2e(6), name: nom, nbDebarrasMax: 2 },
    });
    expect(creation.status()).toBe(200);
    const cible = (await creation.json()) as Levee;

    await ouvrirListeFiltree(nom, 3);
    for (const d of debarras) await s.page.getByRole('button', { name: `Ajouter le débarras ${d.numero} à la sélection` }).click();
    await s.page.getByRole('button', { name: /^Sélection \(3\)/ }).click();
    await s.page.getByRole('menuitem', { name: 'Ajouter à une levée' }).click();
    const modale = s.page.getByRole('dialog', { name: 'Ajouter la sélection à une levée active' });
    await modale.getByText('3 débarras sélectionnés').waitFor();
    await modale.getByLabel('Date de la levée').fill(formatJour(dansE2e(6)));
    await modale.getByLabel('Date de la levée').press('Enter');
    await modale.getByLabel('Secteur de la levée').fill(nom);
    await s.page.locator('.ant-select-item-option', { hasText: nom }).click();
    expect(await modale.locator('tr.ant-table-row').count()).toBe(1);
    await modale.getByRole('cell', { name: nom, exact: true }).click();
    await modale.getByRole('button', { name: 'Ajouter' }).click();
    await s.page.locator('.ant-modal-confirm-title', { hasText: DEBARRAS_MESSAGES.capacite }).waitFor();
    await s.capture('debarras-liste-capacite');
    await confirmer(DEBARRAS_MESSAGES.capacite);

    await s.page.waitForURL(new RegExp(`/leveeDetail/${cible.idLevee}$`));
    await s.page.getByRole('heading', { name: 'Débarras de la levée (3)' }).waitFor();
    for (const d of debarras) expect((await lire<Debarras>(`debarras/${d.idDebarras}`)).levee.idLevee).toBe(cible.idLevee);
    expect(await s.page.evaluate(() => sessionStorage.getItem('debarras:selection'))).toBe('[]');
  });

  it('supprime puis réactive un débarras, chaque fois après confirmation, et ouvre sa fiche une fois réactivé', async () => {
    const nom = `Suppression e2e ${Date.now()}`;
    await s.connecter('gestion');
    const [d] = await creerDebarras(nom, 1);

    await ouvrirListeFiltree(nom, 1);
    await s.page.getByRole('button', { name: `Supprimer le débarras ${d!.numero}` }).click();
    await confirmer(`Voulez-vous vraiment supprimer le débarras ${d!.numero} ?`);
    await s.page.getByText(`Le debarras ${d!.numero} a été correctement supprimé`).waitFor();
    await s.page.getByRole('heading', { name: 'Débarras (0)' }).waitFor();

    await s.page.getByLabel('Filtre Statut').click();
    await s.page.getByLabel('Filtrer Statut').click();
    await s.page.getByTitle('Supprimé', { exact: true }).click();
    await s.page.getByRole('heading', { name: 'Débarras (1)' }).waitFor();
    await s.page.getByRole('button', { name: `Réactiver le débarras ${d!.numero}` }).click();
    await confirmer(`Voulez-vous vraiment réactiver le débarras ${d!.numero} ?`);
    await s.page.getByText(`Le débarras ${d!.numero} a été correctement réactivé`).waitFor();
    // its detail page opens
    await s.page.getByRole('heading', { name: new RegExp(`^Détail du débarras n° ${d!.numero} - Actif`) }).waitFor();
    expect(new URL(s.page.url()).pathname).toMatch(new RegExp(`/debarrasDetail/${d!.idDebarras}$`));
    expect((await lire<Debarras>(`debarras/${d!.idDebarras}`)).statut).toBe('ACTIF');
  });
});

describe('liste des débarras à 1280 × 800', () => {
  it("donne à l'adresse et au demandeur la place de 20 caractères, les colonnes oui/non étroites, et aucun en-tête ne déborde", async () => {
    const nom = `Largeurs e2e ${Date.now()}`;
    await s.page.setViewportSize({ width: 1280, height: 800 });
    await s.connecter('gestion');
    await creerDebarras(nom, 1);
    await ouvrirListeFiltree(nom, 1);
    // the pointer leaves the menu, whose submenu would cover the list
    await s.page.mouse.move(700, 780);
    const mesure = await mesurerColonnes([DEBARRAS_LIBELLES.adresse, DEBARRAS_LIBELLES.nomPersonne], 20);
    await s.capture('debarras-liste-1280');

    expect(mesure.debordements).toEqual([]);
    for (const { titre, disponible, requise } of mesure.place) expect(disponible, titre).toBeGreaterThanOrEqual(requise);
    for (const titre of [DEBARRAS_LIBELLES.punaises, DEBARRAS_LIBELLES.punaisesDechets, DEBARRAS_LIBELLES.sauvage]) {
      expect(mesure.largeurs[titre], titre).toBeLessThanOrEqual(48);
      // an icon on screen, the title as its name and in its tooltip, the funnel still there
      const entete = s.page.getByRole('columnheader', { name: titre, exact: true });
      expect(await entete.getByRole('button', { name: titre, exact: true }).getAttribute('title')).toContain(titre);
      expect(await entete.getByRole('button', { name: `Filtre ${titre}`, exact: true }).isVisible(), titre).toBe(true);
    }
  });
});

describe('liste des débarras (rôle lecture seule)', () => {
  it('voit la liste sans sélection, export, suppression, réactivation ni réinitialisation', async () => {
    const nom = `Lecture e2e ${Date.now()}`;
    await s.connecter('gestion');
    await creerDebarras(nom, 1);
    await s.page.getByRole('button', { name: 'Déconnexion' }).click();
    await s.page.getByText("Identification de l'utilisateur").waitFor();

    await s.connecter('lecture');
    await ouvrirListeFiltree(nom, 1);
    await s.page.getByRole('cell', { name: `${nom} 1` }).waitFor();
    await s.capture('debarras-liste-lecture');
    for (const bouton of [
      /^Sélection/,
      /Exporter/,
      /Réinitialiser les filtres/,
      /^Supprimer le débarras/,
      /^Réactiver le débarras/,
      /à la sélection$/,
    ]) {
      expect(await s.page.getByRole('button', { name: bouton }).count()).toBe(0);
    }
  });
});
