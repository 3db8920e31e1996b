import { z } from 'zod';
import { versionObligatoire } from './audit.js';
import { ENTIER_BASE_MAX } from './debarras/champs.js';

/**
 * A levée's round (docs/regles.md « Ordre de la tournée »): from the depot through every active débarras and back,
 * in the order that drives the least, or in the order staff set by hand.
 */

/** How the distances were measured: straight lines in LV95, or a routing service's road distances. */
export const METHODES_TOURNEE = ['DROITE', 'ROUTIER'] as const;
export type MethodeTournee = (typeof METHODES_TOURNEE)[number];
export const METHODE_TOURNEE_LIBELLES: Record<MethodeTournee, string> = {
  DROITE: 'à vol d’oiseau',
  ROUTIER: 'par la route',
};

/** A stop at most this many per levée can be ordered by hand: far beyond any round, and a bound on the body. */
export const TOURNEE_ARRETS_MAX = 500;

export const TOURNEE_MESSAGES = {
  ordreInvalide: 'L’ordre doit contenir chaque débarras actif de la levée, une fois chacun, et aucun autre.',
  nonActive: 'Seule la tournée d’une levée active peut être modifiée.',
  ordreObligatoire: 'L’ordre des débarras est obligatoire.',
  ordreTropLong: `Une tournée compte au plus ${TOURNEE_ARRETS_MAX} débarras.`,
  enregistree: 'L’ordre de la tournée a été enregistré.',
  reoptimisee: 'La tournée a repris l’ordre calculé.',
  depotInvalide: (valeur: string) =>
    `Le paramètre tournee.depot (« ${valeur} ») doit donner les coordonnées E,N du dépôt en LV95, par exemple 2498700,1117100.`,
  routageEnEchec: (cause: string) => `Le service de routage n’a pas répondu (${cause}) : la tournée est calculée à vol d’oiseau.`,
} as const;

/** The round's section on the levée's detail (docs/regles.md « Détail d'une levée »). */
export const TOURNEE_LIBELLES = {
  titre: 'Tournée',
  carte: (arrets: number) =>
    `Carte de la tournée : le dépôt et ${arrets} arrêt${arrets > 1 ? 's' : ''} numérotés dans l’ordre, reliés par le trajet`,
  liste: 'Arrêts dans l’ordre de la tournée',
  depot: 'Dépôt',
  monter: (numero: string) => `Monter le débarras ${numero}`,
  descendre: (numero: string) => `Descendre le débarras ${numero}`,
  enregistrer: 'Enregistrer l’ordre',
  reoptimiser: 'Réoptimiser',
  manuel: 'Ordre fixé à la main',
  calcule: 'Ordre calculé',
  nonEnregistre: 'Ordre modifié, pas encore enregistré',
  sansCoordonnees: 'Sans coordonnées : à la fin de la tournée',
  aucunArret: 'Aucun débarras actif sur cette levée.',
  distanceInconnue: 'la distance sera calculée à l’enregistrement',
} as const;

/** What the route sheets print of a levée's round (docs/regles.md « Feuilles de route »). */
export const TOURNEE_FEUILLE_LIBELLES = {
  /** The round's length at the right of each page's heading. */
  tournee: (distanceMetres: number, methode: MethodeTournee) =>
    `Tournée : ${formatDistance(distanceMetres)} ${METHODE_TOURNEE_LIBELLES[methode]}, du dépôt au dépôt`,
  tourneeSansPoint: 'Tournée : aucun débarras de la levée n’a de coordonnées, pas de carte',
  /** Beside the QR code of the crews' link, on the levée's first page (docs/regles.md « Tournée des équipes »). */
  equipe: {
    titre: 'Tournée sur le téléphone de l’équipe',
    consigne: 'Scannez ce code avec l’appareil photo du téléphone, ou tapez l’adresse :',
    validite: (du: string, au: string) => `Lien valable du ${du} au ${au}, pour cette levée seulement.`,
  },
  /** The « Ordre » of a débarras without coordinates: at the end of the list, off the map. */
  horsTournee: '—',
  carte: {
    legende:
      'Carte de la tournée — carré noir : le dépôt ; cercles : les arrêts, numérotés dans l’ordre de la liste ; trait bleu : le trajet à vol d’oiseau (la route suit les rues).',
    horsCarte: (n: number) =>
      n === 1
        ? '1 débarras sans coordonnées n’est pas sur la carte : il est en fin de liste, sans numéro d’ordre.'
        : `${n} débarras sans coordonnées ne sont pas sur la carte : ils sont en fin de liste, sans numéro d’ordre.`,
  },
} as const;

/**
 * The round's length and what it saves against the street order: « 12,4 km à vol d’oiseau, 3,1 km de moins que
 * l’ordre des rues (15,5 km) ».
 */
export function resumeTournee(t: { distanceMetres: number; distanceOrdreRuesMetres: number; methode: MethodeTournee }): string {
  const ecart = t.distanceOrdreRuesMetres - t.distanceMetres;
  const rues = `l’ordre des rues (${formatDistance(t.distanceOrdreRuesMetres)})`;
  const comparaison =
    ecart > 0
      ? `${formatDistance(ecart)} de moins que ${rues}`
      : ecart < 0
        ? `${formatDistance(-ecart)} de plus que ${rues}`
        : `autant que ${rues}`;
  return `${formatDistance(t.distanceMetres)} ${METHODE_TOURNEE_LIBELLES[t.methode]}, ${comparaison}`;
}

const idDebarras = z.number().int().positive().max(ENTIER_BASE_MAX);

/** `POST /levee/{id}/tournee`: the stops in the order set by hand, at the levée's version. */
export const ordreTourneeSchema = z.object({
  version: versionObligatoire,
  ordre: z.array(idDebarras, { error: TOURNEE_MESSAGES.ordreObligatoire }).max(TOURNEE_ARRETS_MAX, TOURNEE_MESSAGES.ordreTropLong),
});

/** `POST /levee/{id}/tournee/optimiser`: back to the computed order, at the levée's version. */
export const reoptimiserTourneeSchema = z.object({ version: versionObligatoire });

const point = z.object({ x: z.number(), y: z.number() });

export const arretTourneeSchema = z.object({
  ordre: z.number().int().positive(),
  idDebarras: z.number().int(),
  numero: z.string(),
  adresse: z.string(),
  x: z.number(),
  y: z.number(),
});
export type ArretTournee = z.infer<typeof arretTourneeSchema>;

export const tourneeSchema = z.object({
  depot: point,
  methode: z.enum(METHODES_TOURNEE),
  /** The round's length, depot to depot, in whole metres. */
  distanceMetres: z.number().int(),
  /** The same stops in the street order the sheets used to follow, for comparison. */
  distanceOrdreRuesMetres: z.number().int(),
  manuel: z.boolean(),
  arrets: z.array(arretTourneeSchema),
  sansCoordonnees: z.array(z.object({ idDebarras: z.number().int(), numero: z.string(), adresse: z.string() })),
});
export type Tournee = z.infer<typeof tourneeSchema>;

/** The depot as the parameter gives it, « E,N » in LV95 metres; undefined when it does not read as such. */
export function lireDepot(valeur: string): { x: number; y: number } | undefined {
  const morceaux = valeur.split(',').map((m) => m.trim());
  if (morceaux.length !== 2 || morceaux.some((m) => !/^\d+(\.\d+)?$/.test(m))) return undefined;
  const [x, y] = morceaux.map(Number) as [number, number];
  // the Swiss LV95 frame: east 2 480 000–2 840 000, north 1 070 000–1 300 000
  if (x < 2_480_000 || x > 2_840_000 || y < 1_070_000 || y > 1_300_000) return undefined;
  return { x, y };
}

/** Metres as a crew reads them: « 12,4 km », « 850 m ». */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toLocaleString('fr-CH', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
}
