import type { AdresseCarte, Etendue } from '@debarras/domain';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import Point from 'ol/geom/Point';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { bbox as strategieEtendue } from 'ol/loadingstrategy';
import type OlMap from 'ol/Map';
import TileArcGISRest from 'ol/source/TileArcGISRest';
import VectorSource from 'ol/source/Vector';
import { PROJECTION, resolutionPourEchelle } from './projection';
import { styleAdresse, styleCommune, styleLac } from './styles';

/** Address points show from 1:5000 closer: a wider view would ask for thousands of them. */
const ECHELLE_ADRESSES = 5000;

export const etendueDe = ([xMin, yMin, xMax, yMax]: number[]): Etendue => ({ xMin: xMin!, yMin: yMin!, xMax: xMax!, yMax: yMax! });

export const entiteAdresse = (a: AdresseCarte) => {
  const f = new Feature({ geometry: new Point([a.x, a.y]), ...a });
  f.setId(a.idpAdr);
  return f;
};
export const adresseDeLEntite = (f: Feature): AdresseCarte => ({
  idpAdr: String(f.get('idpAdr')),
  adresse: String(f.get('adresse')),
  x: (f.getGeometry() as Point).getCoordinates()[0]!,
  y: (f.getGeometry() as Point).getCoordinates()[1]!,
  gestionnaire: (f.get('gestionnaire') as string | null) ?? null,
  secteur: (f.get('secteur') as string | null) ?? null,
});

/** The embedded base map: communes under lakes, from GET /carte/fond. */
export function couchesFondIntegre(fond: { communes: unknown; lacs: unknown }) {
  const format = new GeoJSON({ dataProjection: PROJECTION, featureProjection: PROJECTION });
  return [
    new VectorLayer({ source: new VectorSource({ features: format.readFeatures(fond.communes) }), style: styleCommune, zIndex: 0 }),
    new VectorLayer({ source: new VectorSource({ features: format.readFeatures(fond.lacs) }), style: styleLac, zIndex: 0 }),
  ];
}

/** A raster of the canton's geoportal (plan, orthophoto), readable back by the print (CORS). */
export const coucheArcgis = (url: string, zIndex: number) =>
  new TileLayer({ source: new TileArcGISRest({ url, crossOrigin: 'anonymous', projection: PROJECTION }), zIndex });

const NOM_COUCHE_ADRESSES = 'adresses';

type ChargerAdresses = (e: Etendue) => Promise<AdresseCarte[]>;

/** The register's addresses in the view, each extent read by `charger` (the application's own, or a configured service's). */
export function coucheAdresses(charger: ChargerAdresses) {
  const source: VectorSource<Feature<Point>> = new VectorSource({
    strategy: strategieEtendue,
    loader: (etendue, _resolution, _projection, reussite, echec) => {
      charger(etendueDe(etendue))
        .then((adresses) => {
          const nouvelles = adresses.filter((a) => !source.getFeatureById(a.idpAdr)).map(entiteAdresse);
          source.addFeatures(nouvelles);
          reussite?.(nouvelles);
        })
        .catch(() => {
          source.removeLoadedExtent(etendue);
          echec?.();
        });
    },
  });
  return new VectorLayer({
    source,
    style: styleAdresse,
    maxResolution: resolutionPourEchelle(ECHELLE_ADRESSES),
    zIndex: 3,
    properties: { nom: NOM_COUCHE_ADRESSES },
  });
}

/** The register's points on a map: what a screen listing the addresses in view reads, whichever service feeds them. */
export const coucheAdressesDe = (carte: OlMap) =>
  carte.getAllLayers().find((c) => c.get('nom') === NOM_COUCHE_ADRESSES) as VectorLayer<VectorSource<Feature<Point>>> | undefined;
