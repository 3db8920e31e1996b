import { STATISTIQUES_LIBELLES as L } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

describe('statistiques (issue 31)', () => {
  it('s’ouvrent depuis « Levée › Statistiques » à 1440 × 900 et 1280 × 800, chaque figure en graphique puis en tableau, et s’exportent', async () => {
    await s.connecter('gestion');
    const figures = s.page.locator('section.figure-statistique');
    for (const [largeur, hauteur] of [
      [1440, 900],
      [1280, 800],
    ] as const) {
      await s.page.setViewportSize({ width: largeur, height: hauteur });
      await s.ouvrirParMenu('Levée', L.titre, s.page.getByRole('img', { name: L.figures.parMois }));
      await s.page.mouse.move(largeur / 2, hauteur - 20);
      await expect.poll(() => s.page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').count()).toBe(0);
      await expect.poll(() => figures.count()).toBe(Object.keys(L.figures).length);
      // the demo's months have débarras: the chart is drawn, not an empty canvas
      expect(await s.page.getByRole('img', { name: L.figures.parMois }).evaluate((c: HTMLCanvasElement) => c.width > 300)).toBe(true);
      await s.capture(`statistiques-${largeur}`);
      expect(await violationsGraves(s.page)).toEqual([]);
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    // by the keyboard: the first figure's choice, the arrow to « Tableau », its table shows the months
    const choix = s.page.getByRole('radiogroup', { name: L.vue(L.figures.parMois) });
    await choix.getByRole('radio', { name: L.graphique }).focus();
    await s.page.keyboard.press('ArrowRight');
    const tableau = s.page.getByRole('table', { name: L.figures.parMois });
    await tableau.waitFor();
    expect(await tableau.getByRole('row').count()).toBe(13);
    await s.capture('statistiques-tableau');
    expect(await violationsGraves(s.page)).toEqual([]);

    const [telechargement] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: L.exporter }).click()]);
    expect(telechargement.suggestedFilename()).toMatch(/^statistiques-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
