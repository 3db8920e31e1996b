import { ERREURS, TEXTES_EN_LIGNE } from '@debarras/domain';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violationsGraves } from './lib/accessibilite.js';
import { navigateur } from './lib/navigateur.js';

const s = navigateur();

/** The answer of an overloaded server (docs/api.md « Erreurs »): at once, asking to come back in a second. */
const surcharge = (route: Route, errMsg: string) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ errMsg, code: 'SURCHARGE' }),
  });

describe('serveur surchargé (issue 32)', () => {
  it('renvoie une fois la liste refusée après le délai demandé : l’employé ne voit que la liste', async () => {
    await s.connecter('gestion');
    let appels = 0;
    await s.page.route(/\/rest\/debarras\/\?/, (route) => (++appels === 1 ? surcharge(route, ERREURS.surcharge) : route.continue()));
    await s.ouvrirParMenu('Débarras', 'Afficher les débarras');
    await expect.poll(() => appels, { timeout: 10_000 }).toBe(2);
    await s.page.getByRole('heading', { name: /^Débarras \([1-9]\d*\)$/ }).waitFor();
    await s.page.locator('.liste-serveur tbody tr.ligne-liste').first().waitFor();
    expect(await s.page.getByText(ERREURS.surcharge).count()).toBe(0);
    await expect.poll(() => s.page.getByRole('button', { name: /Exporter/ }).isEnabled()).toBe(true);
  });

  it('dit en clair un second refus, à 1440 × 900 et 1280 × 800, sans demander plus', async () => {
    await s.connecter('gestion');
    let appels = 0;
    await s.page.route(/\/rest\/debarras\/\?/, (route) => (appels++, surcharge(route, ERREURS.surcharge)));
    for (const [largeur, hauteur] of [
      [1440, 900],
      [1280, 800],
    ] as const) {
      appels = 0;
      await s.page.setViewportSize({ width: largeur, height: hauteur });
      await s.ouvrirParMenu('Débarras', 'Afficher les débarras');
      await s.page.getByText(ERREURS.surcharge).first().waitFor();
      // the list says it could not be read, never « Débarras (0) » and « Aucune donnée »
      await s.page.getByText('La liste n’a pas pu être chargée.').waitFor();
      expect(await s.page.getByRole('heading', { name: 'Débarras', exact: true }).count()).toBe(1);
      await s.capture(`surcharge-${largeur}`);
      expect(await violationsGraves(s.page)).toEqual([]);
      // the first try and the one after the delay; the list's query does not try a third time
      await new Promise((ok) => setTimeout(ok, 1500));
      expect(appels).toBe(2);
      await s.page.goto(s.url('/'));
    }
    // the server has room again: « Réessayer », reached by the keyboard, reads the list
    await s.ouvrirParMenu('Débarras', 'Afficher les débarras');
    const reessayer = s.page.getByRole('button', { name: 'Réessayer' });
    await reessayer.waitFor();
    await s.page.unroute(/\/rest\/debarras\/\?/);
    await reessayer.focus();
    await s.page.keyboard.press('Enter');
    await s.page.getByRole('heading', { name: /^Débarras \([1-9]\d*\)$/ }).waitFor();
    await expect.poll(() => s.page.getByRole('button', { name: /Exporter/ }).isEnabled()).toBe(true);
  });

  it('sur la page des habitants, renvoie une fois puis dit le refus dans leur langue', async () => {
    const fr = TEXTES_EN_LIGNE.fr;
    let appels = 0;
    await s.page.route(/\/en-ligne\/api\/adresses\?/, (route) => (appels++, surcharge(route, fr.surcharge)));
    await s.page.goto(s.url('/en-ligne/'));
    await s.page.getByLabel(fr.rechercherAdresse).fill('Rue du Cendrier');
    await s.page.getByText(fr.surcharge).first().waitFor();
    expect(appels).toBe(2);
  });
});
