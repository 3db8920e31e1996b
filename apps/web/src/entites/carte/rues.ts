import type { Etendue, RueCarte } from '@debarras/domain';
import Feature from 'ol/Feature';
import { buffer, containsExtent, type Extent } from 'ol/extent';
import MultiLineString from 'ol/geom/MultiLineString';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import VectorSource from 'ol/source/Vector';
import { etendueDe } from './couches';
import { resolutionPourEchelle } from './projection';
import { styleRue } from './styles';

/** Streets show from 1:5000 closer, like the address points they are drawn from. */
export const ECHELLE_RUES = 5000;
/** The streets are asked this many metres beyond the view: a line then runs past the edge rather than stopping short of it. */
export const MARGE_RUES = 100;
/** The view rests this long before its streets are asked for: a pan with the arrow keys asks once, not at every step. */
export const DELAI_RUES_MS = 250;
export const NOM_COUCHE_RUES = 'rues';

const entiteRue = (r: RueCarte) => new Feature({ geometry: new MultiLineString(r.lignes), rue: r.rue });

/**
 * The streets drawn from the register's addresses (docs/decisions.md « Cartes »), for a map without a plan service:
 * above the embedded base map and the orthophoto, beneath the address points (3) and the markers. Each time the view
 * comes to rest, close enough, outside the extent already loaded, the streets of the view and its margin replace
 * those shown; a later view's answer wins over an earlier one still on its way. A refused view (too many addresses)
 * keeps the streets it had. `charger` reads a view's streets. Answers the function that takes the layer off the map.
 */
export function coucheRues(carte: OlMap, charger: (e: Etendue) => Promise<RueCarte[]>): () => void {
  const source = new VectorSource<Feature<MultiLineString>>();
  const couche = new VectorLayer({
    source,
    style: styleRue,
    // street names give way to one another where streets cross
    declutter: true,
    maxResolution: resolutionPourEchelle(ECHELLE_RUES),
    zIndex: 2.5,
    properties: { nom: NOM_COUCHE_RUES },
  });
  carte.addLayer(couche);
  let chargee: Extent | undefined;
  let derniere = 0;
  const chargerLaVue = () => {
    const vue = carte.getView();
    const resolution = vue.getResolution();
    if (!vue.getCenter() || resolution === undefined || resolution > couche.getMaxResolution()) return;
    const visible = vue.calculateExtent(carte.getSize());
    if (chargee && containsExtent(chargee, visible)) return;
    const etendue = buffer(visible, MARGE_RUES);
    const demande = ++derniere;
    charger(etendueDe(etendue)).then(
      (rues) => {
        if (demande !== derniere) return;
        chargee = etendue;
        source.clear(true);
        source.addFeatures(rues.map(entiteRue));
      },
      // the streets shown stay; the next move asks again
      () => undefined,
    );
  };
  let attente: ReturnType<typeof setTimeout> | undefined;
  const planifier = () => {
    clearTimeout(attente);
    attente = setTimeout(chargerLaVue, DELAI_RUES_MS);
  };
  const ecoute = carte.on('moveend', planifier);
  // the view may already rest where the screen opened it
  planifier();
  return () => {
    clearTimeout(attente);
    derniere++;
    unByKey(ecoute);
    carte.removeLayer(couche);
  };
}
