import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import type VectorLayer from 'ol/layer/Vector';
import OlMap from 'ol/Map';
import type Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { Style } from 'ol/style';
import { describe, expect, it } from 'vitest';
import { coucheGroupee } from './groupement';
import { creerVue, resolutionPourEchelle } from './projection';

const CENTRE: [number, number] = [2500000, 1118000];

/** A map with the markers given, grouped as the screens group them. */
function carteAvec(points: Array<{ genre: string; dx: number }>) {
  const carte = new OlMap({ view: creerVue({ centre: CENTRE, echelle: 2000 }) });
  const source = new VectorSource();
  coucheGroupee(carte, source, { style: () => new Style(), genre: (f) => f.get('genre') as string });
  for (const p of points) source.addFeature(new Feature({ geometry: new Point([CENTRE[0] + p.dx, CENTRE[1]]), genre: p.genre }));
  return carte;
}

/** The groups drawn at a scale: the size of each, by kind. */
function groupesA(carte: OlMap, echelle: number) {
  const resolution = resolutionPourEchelle(echelle);
  carte.getView().setResolution(resolution);
  const etendue = [CENTRE[0] - 1000, CENTRE[1] - 1000, CENTRE[0] + 1000, CENTRE[1] + 1000];
  return carte
    .getLayers()
    .getArray()
    .flatMap((couche) => {
      const groupes = (couche as VectorLayer).getSource() as Cluster;
      groupes.loadFeatures(etendue, resolution, carte.getView().getProjection());
      return groupes.getFeatures().map((g) => {
        const membres = g.get('features') as Feature[];
        return `${membres[0]!.get('genre') as string}×${membres.length}`;
      });
    })
    .sort();
}

describe('groupement des marqueurs', () => {
  it('ne groupe jamais un point de dépôt avec un point de travaux, même à 9 m', () => {
    expect(
      groupesA(
        carteAvec([
          { genre: 'depot', dx: 0 },
          { genre: 'travaux', dx: 9 },
        ]),
        2000,
      ),
    ).toEqual(['depot×1', 'travaux×1']);
  });

  it('groupe à 10 m les points d’un même genre, sauf aux deux zooms les plus proches (1:500 et 1:250)', () => {
    const carte = carteAvec([
      { genre: 'depot', dx: 0 },
      { genre: 'depot', dx: 9 },
    ]);
    expect(groupesA(carte, 2000)).toEqual(['depot×2']);
    expect(groupesA(carte, 1000)).toEqual(['depot×2']);
    expect(groupesA(carte, 500)).toEqual(['depot×1', 'depot×1']);
    expect(groupesA(carte, 250)).toEqual(['depot×1', 'depot×1']);
  });
});
