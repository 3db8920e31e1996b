import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ETENDUE_CANTON } from '@debarras/domain';
import * as shapefile from 'shapefile';

/** The swiss-maps year whose boundaries the base map draws (EPSG:2056 already). */
const ANNEE = '2026';
/** The canton of Geneva's communes, by federal (OFS) number. */
const COMMUNES_GENEVE = { min: 6601, max: 6645 } as const;

type Position = [number, number];
type Geometrie = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };
export interface Entite {
  type: 'Feature';
  properties: Record<string, string | number | null>;
  geometry: Geometrie;
}
export interface Collection {
  type: 'FeatureCollection';
  features: Entite[];
}

// resolved from the package itself: the same from src/ in the tests and from dist/ in production
const fichier = (couche: string, extension: string) => createRequire(import.meta.url).resolve(`swiss-maps/${ANNEE}/${couche}.${extension}`);

async function lire(couche: string) {
  // the bytes, not the paths: loaded by Vite (the end-to-end server), shapefile reads a path with its browser reader, by fetch
  const [shp, dbf] = await Promise.all([readFile(fichier(couche, 'shp')), readFile(fichier(couche, 'dbf'))]);
  const source = await shapefile.open(shp, dbf, { encoding: 'utf-8' });
  const entites: Array<{ properties: Record<string, unknown>; geometry: Geometrie }> = [];
  for (let r = await source.read(); !r.done; r = await source.read()) entites.push(r.value as unknown as (typeof entites)[number]);
  return entites;
}

/**
 * A ring with its coordinates rounded to the metre (a map of the canton needs no more) and the
 * vertices that rounding made repeat left out; null when too few are left to enclose an area.
 */
function arrondirAnneau(anneau: Position[]): Position[] | null {
  const arrondi: Position[] = [];
  for (const [x, y] of anneau) {
    const p: Position = [Math.round(x), Math.round(y)];
    const dernier = arrondi[arrondi.length - 1];
    if (!dernier || dernier[0] !== p[0] || dernier[1] !== p[1]) arrondi.push(p);
  }
  return arrondi.length >= 4 ? arrondi : null;
}

const arrondirPolygone = (polygone: Position[][]) => {
  const anneaux = polygone.map(arrondirAnneau);
  return anneaux[0] ? anneaux.filter((a): a is Position[] => a !== null) : null;
};

function arrondir(g: Geometrie): Geometrie | null {
  if (g.type === 'Polygon') {
    const coordinates = arrondirPolygone(g.coordinates);
    return coordinates && { type: 'Polygon', coordinates };
  }
  const coordinates = g.coordinates.map(arrondirPolygone).filter((p): p is Position[][] => p !== null);
  return coordinates.length ? { type: 'MultiPolygon', coordinates } : null;
}

const positions = (g: Geometrie): Position[] => (g.type === 'Polygon' ? g.coordinates.flat() : g.coordinates.flat(2));

function touche(g: Geometrie, e: typeof ETENDUE_CANTON) {
  const p = positions(g);
  const xs = p.map(([x]) => x);
  const ys = p.map(([, y]) => y);
  return Math.min(...xs) <= e.xMax && Math.max(...xs) >= e.xMin && Math.min(...ys) <= e.yMax && Math.max(...ys) >= e.yMin;
}

/** swiss-maps pads its dbf texts with NUL characters. */
const texte = (v: unknown) => (typeof v === 'string' ? v.replace(/\0+$/, '').trim() : null);

const collection = (features: Entite[]): Collection => ({ type: 'FeatureCollection', features });

function entite(properties: Entite['properties'], geometrie: Geometrie): Entite[] {
  const geometry = arrondir(geometrie);
  return geometry ? [{ type: 'Feature', properties, geometry }] : [];
}

/**
 * The embedded base map (docs/regles.md « Cartes »): the canton's 45 communes, named from
 * `nomsCommunes`, and the lakes reaching into the canton, from the swiss-maps package.
 */
export async function lireFond(nomsCommunes: Map<number, string>): Promise<{ communes: Collection; lacs: Collection }> {
  const [communes, lacs] = await Promise.all([lire('municipalities'), lire('lakes')]);
  return {
    communes: collection(
      communes
        .map((c) => ({ ...c, numero: Number(c.properties.id) }))
        .filter((c) => c.numero >= COMMUNES_GENEVE.min && c.numero <= COMMUNES_GENEVE.max)
        .flatMap((c) => entite({ noCommune: c.numero, nom: nomsCommunes.get(c.numero) ?? null }, c.geometry)),
    ),
    lacs: collection(
      lacs.filter((l) => touche(l.geometry, ETENDUE_CANTON)).flatMap((l) => entite({ nom: texte(l.properties.name) }, l.geometry)),
    ),
  };
}
