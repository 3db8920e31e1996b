import { TOURNEE_LIBELLES } from '@debarras/domain';
import Feature, { type FeatureLike } from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { useEffect, useState } from 'react';

interface PointTournee {
  x: number;
  y: number;
}

const VERT = '#1f6f43';
const police = 'bold 12px system-ui, sans-serif';

const trajet = new Style({ stroke: new Stroke({ color: VERT, width: 3, lineDash: [8, 6] }), zIndex: 1 });
const depot = new Style({
  image: new RegularShape({
    points: 4,
    radius: 11,
    angle: Math.PI / 4,
    fill: new Fill({ color: '#262626' }),
    stroke: new Stroke({ color: '#fff', width: 2 }),
  }),
  text: new Text({
    text: TOURNEE_LIBELLES.depot,
    font: police,
    offsetY: -18,
    fill: new Fill({ color: '#262626' }),
    stroke: new Stroke({ color: '#fff', width: 3 }),
  }),
  zIndex: 3,
});
const arret = (ordre: number) =>
  new Style({
    image: new Circle({ radius: 11, fill: new Fill({ color: VERT }), stroke: new Stroke({ color: '#fff', width: 2 }) }),
    text: new Text({ text: String(ordre), font: police, fill: new Fill({ color: '#fff' }) }),
    zIndex: 2,
  });

const style = (f: FeatureLike) => {
  switch (f.get('genre')) {
    case 'trajet':
      return trajet;
    case 'depot':
      return depot;
    default:
      return arret(f.get('ordre') as number);
  }
};

/**
 * A levée's round on its map: the path from the depot through the stops and back (dashed, in the app's green), the
 * depot (a dark square) and the stops numbered in driving order. The view fits the round, clear of the layer toggles
 * at its top, when its set of stops changes, not when the same stops are reordered.
 */
export function useCoucheTournee(carte: OlMap, depotTournee: PointTournee, arrets: readonly PointTournee[]) {
  const [source] = useState(() => new VectorSource());
  useEffect(() => {
    const couche = new VectorLayer({ source, style, zIndex: 5 });
    carte.addLayer(couche);
    return () => void carte.removeLayer(couche);
  }, [carte, source]);

  const points = [depotTournee, ...arrets];
  const trace = points.map((p) => `${p.x},${p.y}`).join(';');
  const ensemble = [...points.map((p) => `${p.x},${p.y}`)].sort().join(';');
  useEffect(() => {
    const coordonnees = trace.split(';').map((p) => p.split(',').map(Number) as [number, number]);
    const [origine, ...etapes] = coordonnees;
    source.clear();
    source.addFeatures([
      new Feature({ geometry: new LineString([origine!, ...etapes, origine!]), genre: 'trajet' }),
      new Feature({ geometry: new Point(origine!), genre: 'depot' }),
      ...etapes.map((c, rang) => new Feature({ geometry: new Point(c), genre: 'arret', ordre: rang + 1 })),
    ]);
  }, [source, trace]);

  useEffect(() => {
    const etendue = source.getExtent();
    if (ensemble && etendue) carte.getView().fit(etendue, { padding: [64, 48, 48, 48] });
  }, [carte, source, ensemble]);
}
