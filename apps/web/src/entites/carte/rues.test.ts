import type { Etendue, RueCarte } from '@debarras/domain';
import type MultiLineString from 'ol/geom/MultiLineString';
import type VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import type VectorSource from 'ol/source/Vector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creerVue, resolutionPourEchelle } from './projection';
import { coucheRues, DELAI_RUES_MS, ECHELLE_RUES, MARGE_RUES, NOM_COUCHE_RUES } from './rues';

const CENTRE: [number, number] = [2500000, 1118000];
const SERVETTE: RueCarte = {
  rue: 'Rue de la Servette',
  lignes: [
    [
      [2499950, 1118000],
      [2500050, 1118010],
    ],
  ],
};

/** A map without a screen: OpenLayers takes its view for 100 × 100 pixels. */
const carteA = (echelle: number) => new OlMap({ view: creerVue({ centre: CENTRE, echelle }) });
const coucheDe = (carte: OlMap) =>
  carte.getAllLayers().find((c) => c.get('nom') === NOM_COUCHE_RUES) as VectorLayer<VectorSource> | undefined;
const attendreLeDelai = () => vi.advanceTimersByTimeAsync(DELAI_RUES_MS);

afterEach(() => vi.useRealTimers());

describe('rues tracées depuis le registre, sur la carte sans service de plan', () => {
  it('demande les rues de la vue et de sa marge une fois la vue posée, et les nomme', async () => {
    vi.useFakeTimers();
    const carte = carteA(2000);
    const charger = vi.fn(async (_e: Etendue) => [SERVETTE]);
    coucheRues(carte, charger);
    expect(charger).not.toHaveBeenCalled();
    await attendreLeDelai();
    const [xMin, yMin, xMax, yMax] = carte.getView().calculateExtent();
    expect(charger).toHaveBeenCalledExactlyOnceWith({
      xMin: xMin! - MARGE_RUES,
      yMin: yMin! - MARGE_RUES,
      xMax: xMax! + MARGE_RUES,
      yMax: yMax! + MARGE_RUES,
    });
    const [entite] = coucheDe(carte)!.getSource()!.getFeatures();
    expect(entite!.get('rue')).toBe('Rue de la Servette');
    expect((entite!.getGeometry() as MultiLineString).getCoordinates()).toEqual(SERVETTE.lignes);
  });

  it(`ne se montre et ne demande rien au-delà du 1:${ECHELLE_RUES}`, async () => {
    vi.useFakeTimers();
    const carte = carteA(10000);
    const charger = vi.fn(async () => [SERVETTE]);
    coucheRues(carte, charger);
    await attendreLeDelai();
    expect(charger).not.toHaveBeenCalled();
    expect(coucheDe(carte)!.getMaxResolution()).toBe(resolutionPourEchelle(ECHELLE_RUES));
  });

  it('attend que la vue se repose, ne redemande pas une vue déjà couverte et remplace les rues par celles de la nouvelle vue', async () => {
    vi.useFakeTimers();
    const carte = carteA(2000);
    const charger = vi.fn(async (e: Etendue) => [{ ...SERVETTE, rue: `vue à ${Math.round(e.xMin)}` }]);
    coucheRues(carte, charger);
    await attendreLeDelai();
    // a few steps of the arrow keys within the margin: nothing more to ask
    carte.getView().setCenter([CENTRE[0] + 5, CENTRE[1]]);
    carte.dispatchEvent('moveend');
    await attendreLeDelai();
    expect(charger).toHaveBeenCalledTimes(1);
    // a pan farther, three moves in a row: one request, once the view rests
    for (const pas of [200, 400, 600]) {
      carte.getView().setCenter([CENTRE[0] + pas, CENTRE[1]]);
      carte.dispatchEvent('moveend');
      await vi.advanceTimersByTimeAsync(DELAI_RUES_MS / 2);
    }
    expect(charger).toHaveBeenCalledTimes(1);
    await attendreLeDelai();
    expect(charger).toHaveBeenCalledTimes(2);
    const noms = coucheDe(carte)!
      .getSource()!
      .getFeatures()
      .map((f) => f.get('rue'));
    expect(noms).toEqual([`vue à ${Math.round(charger.mock.calls[1]![0].xMin)}`]);
  });

  it("s'ôte de la carte et oublie une réponse arrivée après", async () => {
    vi.useFakeTimers();
    const carte = carteA(2000);
    let repondre: (rues: RueCarte[]) => void = () => undefined;
    const oter = coucheRues(carte, () => new Promise((r) => (repondre = r)));
    await attendreLeDelai();
    const couche = coucheDe(carte)!;
    oter();
    repondre([SERVETTE]);
    await vi.advanceTimersByTimeAsync(0);
    expect(coucheDe(carte)).toBeUndefined();
    expect(couche.getSource()!.getFeatures()).toEqual([]);
  });
});
