import { z } from 'zod';
import { CARTE_INTEGREE } from './parametre.js';
import { estSurUneLigne, SAISIE_MESSAGES } from './saisie.js';

/**
 * Map constants (docs/regles.md « Cartes »): scales as 1:n, the grouping distance of depot and
 * works markers in map units (metres in LV95), the clone pick tolerance, and the decimals kept
 * when a click sets a point.
 */
export const CARTE = {
  projection: 'EPSG:2056',
  echelleInitiale: 2000,
  echelleMin: 32000,
  echelleMax: 250,
  distanceGroupement: 10,
  /** At this scale and closer (the two closest zoom levels, 1:500 and 1:250), no marker is grouped. */
  echelleSansGroupement: 500,
  tolerancePointage: 2,
  decimalesCoordonnees: 2,
  geocodage: { caracteresMin: 3, resultatsMax: 10, pays: 'CHE' },
  /** A window of the register by extent answers at most this many points (a 1:2000 view holds a few hundred). */
  pointsEtendueMax: 5000,
  /** A perimeter is one ring of at most this many vertices. */
  sommetsPerimetreMax: 2000,
} as const;

export const estCarteIntegree = (url: string | null | undefined) => !url || url.trim().toLowerCase() === CARTE_INTEGREE;

/** `carte.initiale`: `{"centre":[x,y],"echelle":n}`; anything unreadable gives the city centre at 1:2000. */
export function lireCarteInitiale(valeur: string | null | undefined): { centre: [number, number]; echelle: number } {
  const defaut = { centre: [2_500_000, 1_118_000] as [number, number], echelle: CARTE.echelleInitiale };
  try {
    const lu = z
      .object({ centre: z.tuple([coordonneeX, coordonneeY]), echelle: z.number().min(CARTE.echelleMax).max(CARTE.echelleMin) })
      .safeParse(JSON.parse(valeur ?? ''));
    return lu.success ? lu.data : defaut;
  } catch {
    return defaut;
  }
}

/** The canton of Geneva in LV95 with a margin: every coordinate the product stores lies inside it. */
export const ETENDUE_CANTON = { xMin: 2_480_000, yMin: 1_105_000, xMax: 2_520_000, yMax: 1_140_000 } as const;

export const CARTE_MESSAGES = {
  horsCanton: 'Le point doit se trouver dans le canton de Genève (coordonnées LV95).',
  etendueInvalide: "L'étendue doit s'écrire minX,minY,maxX,maxY en coordonnées LV95 dans le canton de Genève.",
  etendueTropGrande: 'Cette vue contient trop d’adresses : rapprochez-vous.',
  perimetreTropCourt: 'Le périmètre doit compter au moins trois sommets.',
  perimetreTropLong: `Le périmètre compte trop de sommets. Maximum ${CARTE.sommetsPerimetreMax}.`,
  /** Map set-up errors (docs/regles.md « Messages d'erreur »). */
  urlInaccessible: (service: string) => `Impossible d'atteindre l'url : ${service}`,
  attributsIncontrolables: (service: string) => `Impossible de contrôler les attributs de l'url : ${service}`,
  attributManquant: (service: string, attribut: string) => `le service : ${service} doit contenir l'attribut ${attribut}`,
  coucheIndisponible: 'Couche indisponible',
} as const;

export const CARTE_LIBELLES = {
  rechercher: 'Rechercher une adresse',
  orthophoto: 'Orthophoto',
  exceptions: 'Exceptions',
  plan: 'Plan',
  imprimer: 'Imprimer',
  zoomAvant: 'Zoom avant',
  zoomArriere: 'Zoom arrière',
} as const;

const dansLeCanton = (axe: 'x' | 'y') => {
  const [min, max] = axe === 'x' ? [ETENDUE_CANTON.xMin, ETENDUE_CANTON.xMax] : [ETENDUE_CANTON.yMin, ETENDUE_CANTON.yMax];
  return z.number({ error: CARTE_MESSAGES.horsCanton }).min(min, CARTE_MESSAGES.horsCanton).max(max, CARTE_MESSAGES.horsCanton);
};
/** An LV95 east (x) or north (y) coordinate inside the canton. */
export const coordonneeX = dansLeCanton('x');
export const coordonneeY = dansLeCanton('y');

/** Rounds a clicked coordinate to the decimals the forms keep. */
export const arrondirCoordonnee = (v: number) => Math.round(v * 10 ** CARTE.decimalesCoordonnees) / 10 ** CARTE.decimalesCoordonnees;

/** `?bbox=minX,minY,maxX,maxY` in LV95, inside the canton. */
export const etendueSchema = z.object({
  bbox: z.string({ error: CARTE_MESSAGES.etendueInvalide }).transform((v, ctx) => {
    const n = v.split(',').map((s) => Number(s.trim()));
    const [xMin, yMin, xMax, yMax] = n;
    const valide =
      n.length === 4 &&
      n.every(Number.isFinite) &&
      xMin! < xMax! &&
      yMin! < yMax! &&
      xMax! >= ETENDUE_CANTON.xMin &&
      xMin! <= ETENDUE_CANTON.xMax &&
      yMax! >= ETENDUE_CANTON.yMin &&
      yMin! <= ETENDUE_CANTON.yMax;
    if (!valide) {
      ctx.issues.push({ code: 'custom', message: CARTE_MESSAGES.etendueInvalide, input: v });
      return z.NEVER;
    }
    return { xMin: xMin!, yMin: yMin!, xMax: xMax!, yMax: yMax! };
  }),
});
export type Etendue = z.output<typeof etendueSchema>['bbox'];

/** `?x=&y=`: the addresses within the pick tolerance of a clicked point. */
export const pointageSchema = z.object({ x: z.coerce.number().pipe(coordonneeX), y: z.coerce.number().pipe(coordonneeY) });

/** An address of the register as a map point (`GET /adresse/extent`, `GET /adresse/proche`). */
export const adresseCarteSchema = z.object({
  idpAdr: z.string(),
  adresse: z.string(),
  x: z.number(),
  y: z.number(),
  gestionnaire: z.string().nullable(),
  secteur: z.string().nullable(),
});
export type AdresseCarte = z.infer<typeof adresseCarteSchema>;

/**
 * A street of the register as the map draws it when no plan service is configured (`GET /adresse/rues`): its name
 * and its lines, each a run of LV95 vertices rounded to the metre, drawn from its addresses in house-number order.
 */
export const rueCarteSchema = z.object({
  rue: z.string(),
  lignes: z.array(z.array(z.tuple([z.number(), z.number()]))),
});
export type RueCarte = z.infer<typeof rueCarteSchema>;

/** The embedded base map (`GET /carte/fond`): commune boundaries and lakes of the canton, GeoJSON in LV95. */
export const fondDeCarteSchema = z.object({
  communes: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  lacs: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
});

/** A sector's perimeter: one ring of LV95 vertices, closed or not (the server closes it). */
export const perimetreSchema = z
  .array(z.tuple([coordonneeX, coordonneeY]), { error: CARTE_MESSAGES.perimetreTropCourt })
  .min(3, CARTE_MESSAGES.perimetreTropCourt)
  .max(CARTE.sommetsPerimetreMax + 1, CARTE_MESSAGES.perimetreTropLong);
export type Perimetre = z.infer<typeof perimetreSchema>;

/**
 * The map print (`POST /carte/impression`): at most this many bytes of PNG, and this many pixels a
 * side, what an A4 page needs at 300 dpi and more (docs/api.md « Cartes »). The web app scales its
 * picture down to it; the server reads the size from the PNG's header and refuses beyond it, since a
 * PNG of a few hundred kilobytes can unpack to gigabytes.
 */
export const IMPRESSION_CARTE = { titreMax: 255, imageMaxOctets: 8 * 1024 * 1024, coteMaxPixels: 4000 } as const;

export const IMPRESSION_CARTE_MESSAGES = {
  titreObligatoire: 'Le titre de la carte est obligatoire.',
  titreTropLong: `Le titre de la carte est trop long. Maximum ${IMPRESSION_CARTE.titreMax} caractères.`,
  imageInvalide: "L'image de la carte doit être une image PNG (data:image/png;base64,…).",
  imageTropGrande: `L'image de la carte dépasse ${IMPRESSION_CARTE.imageMaxOctets / 1024 / 1024} Mo : imprimez une vue plus petite.`,
  imageTropDePixels: `L'image de la carte dépasse ${IMPRESSION_CARTE.coteMaxPixels} × ${IMPRESSION_CARTE.coteMaxPixels} pixels : imprimez une vue plus petite.`,
  imageIllisible: "L'image de la carte est illisible : ce n'est pas une image PNG valide.",
} as const;

const PREFIXE_PNG = 'data:image/png;base64,';

/** `POST /carte/impression`: the map's title and its picture as a PNG data URL. */
export const impressionCarteSchema = z.object({
  titre: z
    .string({ error: IMPRESSION_CARTE_MESSAGES.titreObligatoire })
    .trim()
    .min(1, IMPRESSION_CARTE_MESSAGES.titreObligatoire)
    .max(IMPRESSION_CARTE.titreMax, IMPRESSION_CARTE_MESSAGES.titreTropLong)
    // the printed heading: one line
    .refine(estSurUneLigne, SAISIE_MESSAGES.uneLigne),
  image: z
    .string({ error: IMPRESSION_CARTE_MESSAGES.imageInvalide })
    .max(PREFIXE_PNG.length + Math.ceil(IMPRESSION_CARTE.imageMaxOctets / 3) * 4, IMPRESSION_CARTE_MESSAGES.imageTropGrande)
    // a PNG's signature in base64: 'iVBORw0KGgo'
    .regex(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/, IMPRESSION_CARTE_MESSAGES.imageInvalide),
});
export type ImpressionCarte = z.infer<typeof impressionCarteSchema>;
