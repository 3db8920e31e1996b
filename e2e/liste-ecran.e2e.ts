import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatJour } from '@debarras/domain';
import { creerDebarras } from './lib/debarras.js';
import { JOUR_E2E } from './lib/horloge.js';
import { DOSSIER_CAPTURES, navigateur } from './lib/navigateur.js';

const s = navigateur();

/** The screen as the clerk sees it, without scrolling (the journeys' captures are full pages). */
const captureEcran = (nom: string) => s.page.screenshot({ path: path.join(DOSSIER_CAPTURES, `${nom}.png`) });

/** What the débarras list's table shows at the current window size, measured in the browser. */
const mesurerListe = () =>
  s.page.evaluate(() => {
    const lignes = Array.from(document.querySelectorAll<HTMLElement>('.liste-serveur .tableau-liste tbody tr.ligne-liste'));
    const table = document.querySelector<HTMLElement>('.liste-serveur .tableau-liste')!;
    const page = document.documentElement;
    return {
      lignes: lignes.length,
      visibles: lignes.filter((l) => l.getBoundingClientRect().bottom <= window.innerHeight).length,
      hauteurs: [...new Set(lignes.map((l) => Math.round(l.getBoundingClientRect().height)))],
      colonnes: document.querySelectorAll('.liste-serveur .tableau-liste thead th').length,
      debordementTable: table.scrollWidth - table.clientWidth,
      debordementPage: page.scrollWidth - page.clientWidth,
    };
  });

async function ouvrirListeDebarras() {
  await s.ouvrirParMenu('Débarras', 'Afficher les débarras');
  await s.page.getByRole('heading', { name: /^Débarras \(\d+\)$/ }).waitFor();
  await s.page.locator('.liste-serveur .tableau-liste tbody tr.ligne-liste').first().waitFor();
  // the pointer leaves the menu, whose submenu would cover the list
  await s.page.mouse.move(700, 880);
}

describe("la liste des débarras tient à l'écran", () => {
  it('montre au moins 15 lignes sans défiler à 1440 × 900, ses 15 colonnes sans défilement horizontal, une ligne par débarras', async () => {
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.connecter('gestion');
    // long values: they must be cut, not widen the table or wrap
    const [long] = await creerDebarras(s, `Demandeur au nom particulièrement long pour la liste e2e ${Date.now()}`, 1);
    const reponse = await s.page.request.get(s.url('/rest/debarras/?size=1&statut=ACTIF'));
    const total = Number(reponse.headers()['x-total-elements']);
    if (total < 30) await creerDebarras(s, `Remplissage e2e ${Date.now()}`, 30 - total);

    await ouvrirListeDebarras();
    const mesure = await mesurerListe();
    await captureEcran('liste-debarras-1440x900');
    expect(mesure.lignes).toBe(30);
    expect(mesure.visibles).toBeGreaterThanOrEqual(15);
    expect(mesure.colonnes).toBe(15);
    // every row the same height: each cell on one line
    expect(mesure.hauteurs).toHaveLength(1);
    expect(mesure.debordementTable).toBeLessThanOrEqual(0);
    expect(mesure.debordementPage).toBeLessThanOrEqual(0);
    for (const titre of ['N° débarras', 'Date', 'Secteur', 'Adresse', 'Nom demandeur', 'Téléphone', 'E-Mail', 'Statut']) {
      expect(await s.page.getByRole('columnheader', { name: titre, exact: true }).isVisible(), titre).toBe(true);
    }
    // the long name is cut, its full text shown on hover
    const nom = s.page.getByRole('cell', { name: long!.nomPersonne!, exact: true });
    expect(await nom.getAttribute('title')).toBe(long!.nomPersonne);
    expect(await nom.evaluate((c) => c.scrollWidth > c.clientWidth)).toBe(true);
  });

  it("n'a pas de défilement horizontal à 1280 × 800", async () => {
    await s.page.setViewportSize({ width: 1280, height: 800 });
    await s.connecter('gestion');
    await ouvrirListeDebarras();
    const mesure = await mesurerListe();
    await captureEcran('liste-debarras-1280x800');
    expect(mesure.hauteurs).toHaveLength(1);
    expect(mesure.debordementTable).toBeLessThanOrEqual(0);
    expect(mesure.debordementPage).toBeLessThanOrEqual(0);
  });

  it('se trie, se filtre et se feuillette au clavier, le focus revenant au filtre après son choix', async () => {
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.connecter('gestion');
    await ouvrirListeDebarras();
    const focus = () => s.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

    await s.page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    const entete = s.page.getByRole('columnheader', { name: 'N° débarras', exact: true });
    await entete.getByRole('button', { name: 'N° débarras', exact: true }).focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => entete.getAttribute('aria-sort')).toBe('ascending');

    await s.page.keyboard.press('Tab');
    expect(await focus()).toBe('Filtre N° débarras');
    await s.page.keyboard.press('Enter');
    await expect.poll(focus).toBe('Filtrer N° débarras');
    const premier = (await s.page.locator('.tableau-liste tbody tr.ligne-liste').first().textContent())!.match(/\d{4}-\d{5}/)![0];
    await s.page.keyboard.type(premier);
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('heading', { name: 'Débarras (1)' }).waitFor();
    // the Enter that chose does not press the funnel again: its panel stays closed, the focus on it
    await expect.poll(focus).toBe('Filtre N° débarras');
    expect(await s.page.getByRole('button', { name: 'Filtre N° débarras' }).getAttribute('aria-expanded')).toBe('false');
    // Tab past the panel's last button closes it too, rather than leaving it open behind the focus
    await s.page.keyboard.press('Enter');
    await expect.poll(focus).toBe('Filtrer N° débarras');
    for (const touche of ['Tab', 'Tab', 'Tab']) await s.page.keyboard.press(touche);
    await expect.poll(focus).toBe('Filtre N° débarras');
    expect(await s.page.getByRole('button', { name: 'Filtre N° débarras' }).getAttribute('aria-expanded')).toBe('false');

    await s.page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await s.page.getByRole('button', { name: 'Page suivante' }).focus();
    await s.page.keyboard.press('Enter');
    await expect.poll(() => s.page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('liste des levées', () => {
  it('montre ses flèches de tri sur la date et le secteur, et fait ressortir les levées du jour', async () => {
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.connecter('gestion');
    await s.ouvrirParMenu('Levée', 'Afficher les levées');
    await s.page.getByRole('heading', { name: /^Levées \(\d+\)$/ }).waitFor();
    await s.page.mouse.move(700, 880);
    expect(await s.page.getByRole('columnheader', { name: 'Date', exact: true }).getAttribute('aria-sort')).toBe('ascending');
    expect(await s.page.getByRole('columnheader', { name: 'Secteur', exact: true }).getAttribute('aria-sort')).toBe('ascending');

    await s.page.getByLabel('Filtre Date').click();
    await s.page.getByLabel('Filtrer Date du').fill(formatJour(JOUR_E2E));
    await s.page.getByLabel('Filtrer Date du').press('Enter');
    await s.page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const lignes = s.page.locator('.liste-serveur tr.ligne-liste');
    await expect.poll(() => s.page.locator('.liste-serveur tr.ligne-liste:not(.ligne-aujourdhui)').count()).toBe(0);
    expect(await lignes.count()).toBeGreaterThan(0);
    expect(await lignes.getByText("Aujourd'hui", { exact: true }).count()).toBe(await lignes.count());
    await captureEcran('levees-du-jour');
  });
});

describe('« Levées disponibles »', () => {
  it('montre au moins 12 levées sans défiler, la levée actuelle mise en évidence', async () => {
    await s.page.setViewportSize({ width: 1440, height: 900 });
    await s.connecter('gestion');
    const [d] = await creerDebarras(s, `Levées disponibles e2e ${Date.now()}`, 1);
    await s.page.goto(s.url(`/debarrasDetail/${d!.idDebarras}`));
    await s.page.getByRole('heading', { name: new RegExp(`^Détail du débarras n° ${d!.numero}`) }).waitFor();
    await s.page.getByRole('button', { name: 'Choisir une autre levée' }).click();
    const modale = s.page.getByRole('dialog', { name: 'Levées disponibles' });
    await modale.locator('tr.ant-table-row').first().waitFor();
    // measured once the opening animation (a zoom) is over
    await s.page.waitForFunction(() =>
      document
        .querySelector('.ant-modal')!
        .getAnimations({ subtree: true })
        .every((a) => a.playState !== 'running'),
    );
    const mesure = await modale.evaluate((m) => {
      const corps = m.querySelector<HTMLElement>('.ant-table-body')!.getBoundingClientRect();
      const lignes = Array.from(m.querySelectorAll<HTMLElement>('tr.ant-table-row'));
      return {
        lignes: lignes.length,
        visibles: lignes.filter((l) => l.getBoundingClientRect().bottom <= corps.bottom + 1).length,
        hauteurs: [...new Set(lignes.map((l) => Math.round(l.getBoundingClientRect().height)))],
      };
    });
    await captureEcran('levees-disponibles');
    expect(mesure.visibles).toBeGreaterThanOrEqual(Math.min(12, mesure.lignes));
    expect(mesure.lignes).toBeGreaterThanOrEqual(12);
    expect(mesure.hauteurs).toHaveLength(1);
    const actuelle = modale.locator('tr[aria-current="true"]');
    expect(await actuelle.count()).toBe(1);
    expect(await actuelle.textContent()).toContain(d!.levee.dateLevee.split('-').reverse().join('.'));
  });
});
