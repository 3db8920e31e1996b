import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { useEffect, useState } from 'react';
import { styleAdresseChoisie } from './styles';

/** The address a screen is about (found, shown, or whose exception is edited), ringed over every other layer. */
export function useAdresseMarquee(carte: OlMap, position: { x: number; y: number } | null) {
  const [source] = useState(() => new VectorSource<Feature<Point>>());
  useEffect(() => {
    const couche = new VectorLayer({ source, style: styleAdresseChoisie, zIndex: 4 });
    carte.addLayer(couche);
    return () => void carte.removeLayer(couche);
  }, [carte, source]);
  const x = position?.x;
  const y = position?.y;
  useEffect(() => {
    source.clear();
    if (x !== undefined && y !== undefined) source.addFeature(new Feature({ geometry: new Point([x, y]) }));
  }, [source, x, y]);
}
