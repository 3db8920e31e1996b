import { CAPACITE_LIBELLES as L, type CelluleCapacite } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { dansE2e } from './lib/horloge.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

describe('tableau des capacités (issue 31)', () => {
  it('s’ouvre depuis « Levée › Capacités » à 1440 × 900 et 1280 × 800, se parcourt au clavier et ouvre une levée', async () => {
    await s.connecter('lecture');
    for (const [largeur, hauteur] of [
      [1440, 900],
      [1280, 800],
    ] as const) {
      await s.page.setViewportSize({ width: largeur, height: hauteur });
      await s.ouvrirParMenu('Levée', L.titre, s.page.getByRole('grid', { name: L.grille }));
      await s.page.mouse.move(largeur / 2, hauteur - 20);
      await expect.poll(() => s.page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)').count()).toBe(0);
      await s.capture(`capacites-${largeur}`);
      expect(await violationsGraves(s.page)).toEqual([]);
      // the page itself never scrolls sideways: the grid does, its sector column staying
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    // the first sector's first day, by the keyboard: the arrows move away and back, Enter opens its levée
    const reponse = await s.page.request.get(s.url(`/rest/capacite?du=${dansE2e(0)}&au=${dansE2e(13)}`));
    const cellules = (await reponse.json()) as CelluleCapacite[];
    const premiere = s.page.getByRole('grid', { name: L.grille }).locator('[tabindex="0"]');
    const nom = (await premiere.getAttribute('aria-label'))!;
    const cellule = cellules.find((c) => c.date === dansE2e(0) && c.secteur === nom.split(', ')[0]);
    expect(cellule, nom).toBeDefined();
    await premiere.focus();
    await s.page.keyboard.press('ArrowRight');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).not.toBe(nom);
    await s.page.keyboard.press('ArrowLeft');
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(nom);
    await s.page.keyboard.press('Enter');
    await s.page.waitForURL(new RegExp(`/leveeDetail/${cellule!.levees[0]!.idLevee}$`));
  });
});
