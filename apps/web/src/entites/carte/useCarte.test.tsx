import { CARTE_INTEGREE, PARAMETRE_CLES } from '@debarras/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { notifier } from '../../lib/notifications';
import { creerClientRequetes } from '../../lib/requetes';
import { simulerServeur } from '../../test/serveur';
import { NOM_COUCHE_RUES } from './rues';
import { useCarte } from './useCarte';

const PLAN = 'https://geo.example.ch/PLAN/MapServer';
const COLLECTION_VIDE = { type: 'FeatureCollection', features: [] };
const SERVETTE = {
  rue: 'Rue de la Servette',
  lignes: [
    [
      [2499950, 1118000],
      [2500050, 1118010],
    ],
  ],
};

/**
 * A map with `carte.plan.url` set to `plan` (the other services embedded), the plan's service answering its metadata
 * or not, opened at 1:2000: the layers it ends up with, once the plan is settled. The register answers the view's streets,
 * or fails when `ruesRepondent` is false.
 */
async function couchesAvecLePlan(plan: string, planRepond = true, ruesRepondent = true) {
  const { appels } = simulerServeur({
    'GET parametre/getStringValue': (url) => ({
      corps: url.searchParams.get('cle') === PARAMETRE_CLES.cartePlanUrl ? plan : CARTE_INTEGREE,
      entetes: { 'content-type': 'text/plain' },
    }),
    'GET carte/fond': () => ({ corps: { communes: COLLECTION_VIDE, lacs: COLLECTION_VIDE } }),
    'GET adresse/rues': () => {
      if (!ruesRepondent) throw new TypeError('Failed to fetch');
      return { corps: [SERVETTE] };
    },
    'GET /PLAN/MapServer': () => {
      if (!planRepond) throw new TypeError('Failed to fetch');
      return { corps: { mapName: 'Plan' } };
    },
  });
  const client = creerClientRequetes();
  const { result } = renderHook(() => useCarte({ initiale: { centre: [2500000, 1118000], echelle: 2000 } }), {
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  const verifie = () => plan === CARTE_INTEGREE || appels.some((a) => a.url.pathname === '/PLAN/MapServer');
  // the embedded base map is there once the parameters are read and the plan's service asked
  await waitFor(() => expect(verifie() && result.current.carte.getAllLayers().length).toBeGreaterThanOrEqual(3));
  return { carte: result.current.carte, appels };
}

const rues = (carte: ReturnType<typeof useCarte>['carte']) => carte.getAllLayers().find((c) => c.get('nom') === NOM_COUCHE_RUES);

describe('rues tracées depuis le registre : à la place du plan', () => {
  it("se montrent quand aucun service de plan n'est configuré (« integre »), et demandent les rues de la vue", async () => {
    const { carte, appels } = await couchesAvecLePlan(CARTE_INTEGREE);
    await waitFor(() => expect(rues(carte)).toBeDefined());
    await waitFor(() => expect(appels.some((a) => a.url.pathname.endsWith('/adresse/rues'))).toBe(true));
  });

  it("ne notifient ni ne redemandent d'elles-mêmes les rues d'une vue qui ne viennent pas", async () => {
    const erreur = vi.spyOn(notifier, 'erreur');
    onTestFinished(() => erreur.mockRestore());
    const { appels } = await couchesAvecLePlan(CARTE_INTEGREE, true, false);
    const demandes = () => appels.filter((a) => a.url.pathname.endsWith('/adresse/rues')).length;
    await waitFor(() => expect(demandes()).toBe(1));
    // the query cache retries a failed read after a second, unless told not to
    await new Promise((r) => setTimeout(r, 1200));
    expect(demandes()).toBe(1);
    expect(erreur).not.toHaveBeenCalled();
  });

  it('se montrent quand le service de plan configuré ne répond pas', async () => {
    const { carte } = await couchesAvecLePlan(PLAN, false);
    await waitFor(() => expect(rues(carte)).toBeDefined());
  });

  it('restent cachées quand le service de plan répond : le plan est posé à la place', async () => {
    const { carte, appels } = await couchesAvecLePlan(PLAN);
    await waitFor(() => expect(carte.getAllLayers().some((c) => c.getZIndex() === 1)).toBe(true));
    expect(rues(carte)).toBeUndefined();
    expect(appels.some((a) => a.url.pathname.endsWith('/adresse/rues'))).toBe(false);
  });
});
