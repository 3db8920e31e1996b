import { z } from 'zod';
import { dateIso } from './dates.js';
import { STATUTS_LEVEE } from './levee.js';

/*
 * The capacity board (docs/regles.md « Tableau des capacités »): every ACTIF levée of a period, by day and sector, as
 * the levée list counts it.
 */

/** At most this many days per call: 8 weeks and a few days' margin. */
export const CAPACITE_JOURS_MAX = 62;

export const CAPACITE_LIBELLES = {
  titre: 'Capacités',
  aide: 'Les levées actives par secteur et par jour ouvrable : pris / maximum, et les réservations en ligne en attente. Flèches pour aller d’une case à l’autre, Entrée pour ouvrir la levée.',
  semaines: 'Période',
  nbSemaines: (n: number) => `${n} semaines`,
  grille: 'Capacités des levées par secteur et par jour',
  secteur: 'Secteur',
  supplementaires: 'Levées supplémentaires',
  ferie: 'Férié',
  aucune: 'Aucune levée',
  enAttente: (n: number) => `+${n} en attente`,
  levee: (pris: number, max: number) => `${pris} / ${max}`,
  /** A cell as a screen reader says it. */
  cellule: (secteur: string, jour: string, contenu: string) => `${secteur}, ${jour} : ${contenu}`,
  ajouterSupplementaire: 'Ajouter une levée supplémentaire',
  ajouterLe: (jour: string) => `Ajouter une levée supplémentaire le ${jour}`,
} as const;

export const CAPACITE_MESSAGES = {
  finAvantDebut: 'La fin de la période doit être le même jour que son début ou après.',
  periodeTropLongue: `La période compte au plus ${CAPACITE_JOURS_MAX} jours.`,
} as const;

/** Days from `du` to `au`, both counted. */
export const joursDansLaPeriode = (du: string, au: string) =>
  Math.round((Date.parse(`${au}T12:00:00Z`) - Date.parse(`${du}T12:00:00Z`)) / 86_400_000) + 1;

/** `GET /capacite?du=&au=` and `GET /capacite/jours?du=&au=`: a period of at most 62 days. */
export const periodeCapaciteSchema = z
  .object({ du: dateIso(), au: dateIso() })
  .refine((p) => p.au >= p.du, { error: CAPACITE_MESSAGES.finAvantDebut, path: ['au'] })
  .refine((p) => p.au < p.du || joursDansLaPeriode(p.du, p.au) <= CAPACITE_JOURS_MAX, {
    error: CAPACITE_MESSAGES.periodeTropLongue,
    path: ['au'],
  });

/** A levée in its cell: what the levée list says of it. */
export const leveeCapaciteSchema = z.object({
  idLevee: z.number().int(),
  supplementaire: z.boolean(),
  nbDebarras: z.number().int(),
  nbDebarrasMax: z.number().int(),
  /** Online bookings awaiting their validation: the list's « (+n) ». */
  enAttente: z.number().int(),
  statut: z.enum(STATUTS_LEVEE),
});
export type LeveeCapacite = z.infer<typeof leveeCapaciteSchema>;

/** A cell: a day and a sector (`idSecteur` null: the supplementary levées, which have none). */
export const celluleCapaciteSchema = z.object({
  date: z.string(),
  idSecteur: z.number().int().nullable(),
  secteur: z.string(),
  levees: z.array(leveeCapaciteSchema),
});
export type CelluleCapacite = z.infer<typeof celluleCapaciteSchema>;

/** A day of the period: whether levées are planned on it, and the public holiday's name when it is one. */
export const jourCapaciteSchema = z.object({ date: z.string(), ouvrable: z.boolean(), ferie: z.string().nullable() });
export type JourCapacite = z.infer<typeof jourCapaciteSchema>;
