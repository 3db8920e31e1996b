import {
  adresseCarteSchema,
  adresseSchema,
  CARTE,
  fondDeCarteSchema,
  rueCarteSchema,
  type AdresseCarte,
  type Etendue,
} from '@debarras/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson, telecharger } from '../../lib/http';
import { clesCarte } from './cles';

const bbox = (e: Etendue) => [e.xMin, e.yMin, e.xMax, e.yMax].map((v) => Math.round(v)).join(',');

/** The embedded base map: the canton's communes and lakes (GET /carte/fond), the same for every map: read once. */
export const requeteFondDeCarte = queryOptions({
  queryKey: clesCarte.fond,
  queryFn: () => lireJson('carte/fond', fondDeCarteSchema),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** A layer's read for a view is neither retried nor announced: the layer keeps what it shows, and the next move asks again. */
const LECTURE_DE_COUCHE = { retry: false, meta: { erreurSurPlace: true } } as const;

/** The points of a configured ArcGIS layer of addresses (attributes IDPADR, ADRESSE, GESTIONNAIRE) inside a view. */
async function adressesArcgis(url: string, e: Etendue): Promise<AdresseCarte[]> {
  const parametres = new URLSearchParams({
    where: '1=1',
    geometry: [e.xMin, e.yMin, e.xMax, e.yMax].join(','),
    geometryType: 'esriGeometryEnvelope',
    inSR: '2056',
    outSR: '2056',
    outFields: 'IDPADR,ADRESSE,GESTIONNAIRE',
    returnGeometry: 'true',
    resultRecordCount: String(CARTE.pointsEtendueMax),
    f: 'json',
  });
  const reponse = await fetch(`${url}/query?${parametres.toString()}`);
  const corps = (await reponse.json()) as {
    features?: { attributes: Record<string, unknown>; geometry: { x: number; y: number } }[];
  };
  return (corps.features ?? []).map(({ attributes, geometry }) => ({
    idpAdr: String(attributes.IDPADR),
    adresse: String(attributes.ADRESSE ?? ''),
    x: geometry.x,
    y: geometry.y,
    gestionnaire: attributes.GESTIONNAIRE == null ? null : String(attributes.GESTIONNAIRE),
    secteur: null,
  }));
}

/** The register's addresses inside a view: the application's own (GET /adresse/extent), or those of the ArcGIS layer `service`. */
export const requeteAdressesDeLEtendue = (service: string | null, e: Etendue) =>
  queryOptions({
    queryKey: clesCarte.adresses(service, e),
    queryFn: () => (service ? adressesArcgis(service, e) : lireJson(`adresse/extent?bbox=${bbox(e)}`, z.array(adresseCarteSchema))),
    ...LECTURE_DE_COUCHE,
  });

/** The streets of a view drawn from the register's addresses, for a map without a plan service (GET /adresse/rues). */
export const requeteRuesDeLEtendue = (e: Etendue) =>
  queryOptions({
    queryKey: clesCarte.rues(e),
    queryFn: () => lireJson(`adresse/rues?bbox=${bbox(e)}`, z.array(rueCarteSchema)),
    ...LECTURE_DE_COUCHE,
  });

/** The addresses of the configured manager within 2 m of a clicked point, nearest first (GET /adresse/proche). */
export const requeteAdressesProches = (x: number, y: number) =>
  queryOptions({
    queryKey: clesCarte.proches(x, y),
    queryFn: () => lireJson(`adresse/proche?x=${x}&y=${y}`, z.array(adresseCarteSchema)),
    // the click waits for its answer: a failure is announced at once, the next click asks again
    retry: false,
  });

/** The map's search box: the register's type-ahead limited to the visible extent, 10 answers. */
export const rechercherDansLEtendue = (q: string, e: Etendue) =>
  lireJson(`adresse/?q=${encodeURIComponent(q)}&bbox=${bbox(e)}&size=${CARTE.geocodage.resultatsMax}`, z.array(adresseSchema));

/** An address the search box offers: from the register (with its identifier) or from the canton's geocoder. */
export interface ResultatRecherche {
  idpAdr?: string;
  libelle: string;
  x: number;
  y: number;
}

/**
 * The search box's addresses for a text (docs/regles.md « Carte des exceptions »), asked over the view of the moment by
 * `rechercher` (the map's). Each new text asks again; a failure is said under the box, not retried.
 */
export const requeteRechercheCarte = (terme: string, rechercher: (q: string) => Promise<ResultatRecherche[]>) =>
  queryOptions({
    queryKey: clesCarte.recherche(terme),
    queryFn: async () => (await rechercher(terme)).slice(0, CARTE.geocodage.resultatsMax),
    meta: { erreurSurPlace: true },
    retry: false,
  });

/** The map as a PDF, A4 landscape, titled and named after `titre` (POST /carte/impression). */
export const imprimerCarte = (titre: string, image: string) =>
  telecharger('carte/impression', { methode: 'POST', corps: { titre, image } });
