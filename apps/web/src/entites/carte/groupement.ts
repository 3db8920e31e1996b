import { CARTE } from '@debarras/domain';
import type Feature from 'ol/Feature';
import type { EventsKey } from 'ol/events';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import type VectorSource from 'ol/source/Vector';
import type { Style } from 'ol/style';
import { styleGroupe } from './styles';

/**
 * Depot and works markers closer than 10 map units (metres) are drawn as one group with their
 * count (docs/regles.md « Cartes »). OpenLayers groups by screen pixels, so the distance follows
 * the view's resolution to stay 10 metres on the ground.
 */
export function coucheGroupee(carte: OlMap, source: VectorSource, style: (f: Feature) => Style, zIndex = 5) {
  const groupes = new Cluster({ source, distance: 0, minDistance: 0 });
  const ajuster = () => groupes.setDistance(CARTE.distanceGroupement / (carte.getView().getResolution() ?? 1));
  // a screen may give the map its view after the layer (once the parameter `carte.initiale` is read)
  let ecouteVue: EventsKey | undefined;
  const suivreLaVue = () => {
    if (ecouteVue) unByKey(ecouteVue);
    ecouteVue = carte.getView().on('change:resolution', ajuster);
    ajuster();
  };
  suivreLaVue();
  const ecouteCarte = carte.on('change:view', suivreLaVue);
  const couche = new VectorLayer({
    source: groupes,
    zIndex,
    style: (groupe) => {
      const membres = groupe.get('features') as Feature[];
      return membres.length === 1 ? style(membres[0]!) : styleGroupe(membres.length);
    },
  });
  carte.addLayer(couche);
  return () => {
    unByKey([ecouteCarte, ecouteVue!]);
    carte.removeLayer(couche);
  };
}
