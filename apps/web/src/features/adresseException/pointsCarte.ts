import type OlMap from 'ol/Map';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import { coucheGroupee } from '../../entites/carte/groupement';
import { styleAdresseChoisie, styleDepot, styleTravaux } from '../../entites/carte/styles';
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

/** The exception's own address, circled. */
export function useMarqueAdresse(ol: OlMap, centre: [number, number] | null) {
  const [x, y] = centre ?? [];
  useEffect(() => {
    if (x === undefined || y === undefined) return;
    const couche = new VectorLayer({
      source: new VectorSource({ features: [new Feature(new Point([x, y]))] }),
      style: styleAdresseChoisie,
      zIndex: 4,
    });
    ol.addLayer(couche);
    return () => {
      ol.removeLayer(couche);
    };
  }, [ol, x, y]);
}
