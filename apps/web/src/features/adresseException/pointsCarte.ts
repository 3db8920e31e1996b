import type OlMap from 'ol/Map';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import { coucheGroupee } from '../../entites/carte/groupement';
import { styleDepot, styleTravaux } from '../../entites/carte/styles';
import type { GenrePoint } from './saisieException';

export type PointsException = Record<GenrePoint, [number, number] | null>;
const GENRES: GenrePoint[] = ['depot', 'travaux'];

/** An exception's depot and works markers, each grouped within 10 m with its own kind only; each marker knows its `genre`. */
export function useCouchePoints(ol: OlMap, points: PointsException) {
  const [source] = useState(() => new VectorSource<Feature<Point>>());
  useEffect(
    () =>
      coucheGroupee(ol, source, {
        style: (f) => (f.get('genre') === 'depot' ? styleDepot : styleTravaux),
        genre: (f) => f.get('genre') as GenrePoint,
      }),
    [ol, source],
  );
  const cle = JSON.stringify(points);
  useEffect(() => {
    source.clear();
    for (const genre of GENRES) {
      const p = points[genre];
      if (p) source.addFeature(new Feature({ geometry: new Point(p), genre }));
    }
    // the points are compared by value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, cle]);
}
