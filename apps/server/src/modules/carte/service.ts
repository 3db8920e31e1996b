import { createHash } from 'node:crypto';
import { IMPRESSION_CARTE, IMPRESSION_CARTE_MESSAGES, type Etendue, type ImpressionCarte, type RueCarte } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import type { Sommet } from '../../documents/carteTournee.js';
import { carteEnPdf as rendreCarte, type FondTournee } from '../../documents/index.js';
import { lireEntetePng } from '../../documents/png.js';
import { saisieInvalide } from '../../erreurs.js';
import { ruesDesArrets } from '../adresse/index.js';
import { libellesParCode } from '../commune/index.js';
import { lireFond, type Collection } from './fond.js';

/**
 * The map on an A4 page, as a PDF (docs/api.md « Cartes »). The picture's size is read from its
 * header first, and refused beyond 4000 pixels a side within milliseconds: a PNG of half a megabyte
 * can announce 12 000 × 12 000 pixels, 576 Mo once unpacked. The rendering runs in the documents'
 * worker thread.
 */
export async function carteEnPdf({ titre, image }: ImpressionCarte): Promise<Buffer> {
  const png = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64');
  const entete = lireEntetePng(png);
  if (!entete) throw saisieInvalide(IMPRESSION_CARTE_MESSAGES.imageIllisible);
  if (entete.largeur > IMPRESSION_CARTE.coteMaxPixels || entete.hauteur > IMPRESSION_CARTE.coteMaxPixels) {
    throw saisieInvalide(IMPRESSION_CARTE_MESSAGES.imageTropDePixels);
  }
  return rendreCarte(titre, png);
}

export interface FondServi {
  fond: Awaited<ReturnType<typeof lireFond>>;
  /** A strong validator of the answer: the base map changes only with the swiss-maps package. */
  etag: string;
}

let fondServi: Promise<FondServi> | undefined;

/** The embedded base map, read from the shapefiles once per process (a few hundred milliseconds) and kept. */
export function fondDeCarte(db: Db): Promise<FondServi> {
  fondServi ??= (async () => {
    const fond = await lireFond(await libellesParCode(db));
    return { fond, etag: `"${createHash('sha256').update(JSON.stringify(fond)).digest('base64url').slice(0, 27)}"` };
  })().catch((erreur: unknown) => {
    fondServi = undefined;
    throw erreur;
  });
  return fondServi;
}

/** The polygons of a layer whose bounding box meets the extent, as rings: the map's frame cuts the rest. */
function polygonesDans(couche: Collection, e: Etendue): Sommet[][][] {
  const polygones = couche.features.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates));
  return polygones.filter((anneaux) => {
    const contour = anneaux[0] ?? [];
    const xs = contour.map(([x]) => x);
    const ys = contour.map(([, y]) => y);
    return Math.min(...xs) <= e.xMax && Math.max(...xs) >= e.xMin && Math.min(...ys) <= e.yMax && Math.max(...ys) >= e.yMin;
  });
}

/** The offline layers within an extent: the base map's communes and lakes that meet it, and the streets given. */
export const fondDansEtendue = (fond: { communes: Collection; lacs: Collection }, etendue: Etendue, rues: RueCarte[]): FondTournee => ({
  etendue,
  communes: polygonesDans(fond.communes, etendue),
  lacs: polygonesDans(fond.lacs, etendue),
  rues: rues.flatMap((r) => r.lignes),
});

/**
 * What a round's map on the route sheets draws under the round (docs/regles.md « Feuilles de route »): the base map's
 * communes and lakes, and the streets of its stops (`idpAdrs`) drawn from the register.
 */
export async function fondDeTournee(db: Db, etendue: Etendue, idpAdrs: string[]): Promise<FondTournee> {
  const { fond } = await fondDeCarte(db);
  return fondDansEtendue(fond, etendue, await ruesDesArrets(db, etendue, idpAdrs));
}
