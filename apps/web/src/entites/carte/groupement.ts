import { CARTE } from '@debarras/domain';
import type Feature from 'ol/Feature';
import type { EventsKey } from 'ol/events';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource, { type VectorSourceEvent } from 'ol/source/Vector';
import type { Style } from 'ol/style';
import { resolutionPourEchelle } from './projection';
import { styleGroupe } from './styles';

/**
 * The grouping distance in pixels at a resolution: 10 metres on the ground, and none at the two closest zoom levels
 * (1:500 and closer), where every marker stands apart (docs/regles.md « Cartes »).
 */
export const distanceDeGroupement = (resolution: number) =>
  resolution <= resolutionPourEchelle(CARTE.echelleSansGroupement) ? 0 : CARTE.distanceGroupement / resolution;

/**
 * Markers closer than 10 map units (metres) are drawn as one group with their count, markers of one kind only: a
 * depot point and a works point 9 m apart stay two (docs/regles.md « Cartes »). Each kind (`genre`) has its own
 * grouping, fed from `source` as it changes; OpenLayers groups by screen pixels, so the distance follows the view's
 * resolution.
 */
export function coucheGroupee(
  carte: OlMap,
  source: VectorSource,
  { style, genre }: { style: (f: Feature) => Style; genre: (f: Feature) => string },
  zIndex = 5,
) {
  const parGenre = new Map<string, { source: VectorSource; groupes: Cluster; couche: VectorLayer }>();
  const groupesDe = (f: Feature) => {
    const cle = genre(f);
    let g = parGenre.get(cle);
    if (!g) {
      const sourceDuGenre = new VectorSource();
      const groupes = new Cluster({ source: sourceDuGenre, distance: distanceDeGroupement(resolution()), minDistance: 0 });
      const couche = new VectorLayer({
        source: groupes,
        zIndex,
        style: (groupe) => {
          const membres = groupe.get('features') as Feature[];
          return membres.length === 1 ? style(membres[0]!) : styleGroupe(membres.length);
        },
      });
      carte.addLayer(couche);
      g = { source: sourceDuGenre, groupes, couche };
      parGenre.set(cle, g);
    }
    return g.source;
  };
  const resolution = () => carte.getView().getResolution() ?? 1;
  const ajuster = () => {
    for (const { groupes } of parGenre.values()) groupes.setDistance(distanceDeGroupement(resolution()));
  };
  for (const f of source.getFeatures()) groupesDe(f).addFeature(f);
  const ecoutesSource = [
    source.on('addfeature', (e: VectorSourceEvent) => e.feature && groupesDe(e.feature).addFeature(e.feature)),
    source.on('removefeature', (e: VectorSourceEvent) => {
      const sourceDuGenre = e.feature && groupesDe(e.feature);
      if (sourceDuGenre?.hasFeature(e.feature!)) sourceDuGenre.removeFeature(e.feature!);
    }),
    source.on('clear', () => {
      for (const g of parGenre.values()) g.source.clear();
    }),
  ];
  // a screen may give the map its view after the layer (once the parameter `carte.initiale` is read)
  let ecouteVue: EventsKey | undefined;
  const suivreLaVue = () => {
    if (ecouteVue) unByKey(ecouteVue);
    ecouteVue = carte.getView().on('change:resolution', ajuster);
    ajuster();
  };
  suivreLaVue();
  const ecouteCarte = carte.on('change:view', suivreLaVue);
  return () => {
    unByKey([ecouteCarte, ecouteVue!, ...ecoutesSource]);
    for (const { couche } of parGenre.values()) carte.removeLayer(couche);
  };
}
