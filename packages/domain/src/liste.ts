import { z } from 'zod';
import { estDateIso } from './dates.js';

/** Lists whose size docs/regles.md « Constantes » leaves open share this page size. */
export const TAILLE_PAGE_DEFAUT = 20;
export const TAILLE_PAGE_MAX = 500;
export const PAGE_MAX = 100_000;
/**
 * The most rows one export may hold: beyond, it is refused, and the list is to be exported in parts
 * (docs/performance.md « Aucune requête ne bloque les autres »).
 */
export const EXPORT_LIGNES_MAX = 100_000;
const milliers = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export type SensTri = 'asc' | 'desc';
export interface Tri<C extends string = string> {
  champ: C;
  sens: SensTri;
}

export const LISTE_MESSAGES = {
  page: 'Le numéro de page doit être un entier positif ou nul.',
  taille: `La taille de page doit être un entier entre 1 et ${TAILLE_PAGE_MAX}.`,
  tri: (valeur: string) => `Tri inconnu : « ${valeur} ».`,
  tropDeTris: (max: number) => `Trop de critères de tri : ${max} au plus.`,
  filtreInconnu: (nom: string) => `Filtre inconnu : « ${nom} ».`,
  filtreTropLong: 'Le filtre est trop long. Maximum 255 caractères.',
  filtreActif: 'Le filtre de statut doit valoir 0 ou 1.',
  filtreChoix: (nom: string, valeurs: readonly string[]) => `Le filtre ${nom} doit valoir ${valeurs.join(', ')}.`,
  filtreDate: 'Le filtre de date doit être au format AAAA-MM-JJ.',
  filtreNombre: 'Le filtre doit être un nombre.',
  exportTropGrand: (lignes: number) =>
    `L'export est limité à ${milliers(EXPORT_LIGNES_MAX)} lignes, et cette liste en compte ${milliers(lignes)}. Filtrez-la (par exemple sur une période) et exportez-la en plusieurs fois.`,
} as const;

/** `field,asc|desc` as sent in the `sort` query parameter. */
export function triEnParametre(tri: Tri): string {
  return `${tri.champ},${tri.sens}`;
}

function lireTri<C extends string>(champs: readonly C[], valeur: string): Tri<C> | undefined {
  const [champ, sens = 'asc', ...reste] = valeur.split(',').map((s) => s.trim());
  if (reste.length || !champs.includes(champ as C)) return undefined;
  const sensNormalise = sens.toLowerCase();
  if (sensNormalise !== 'asc' && sensNormalise !== 'desc') return undefined;
  return { champ: champ as C, sens: sensNormalise };
}

/**
 * The query of a server-driven list: zero-based `page`, `size`, repeatable `sort=field,dir`
 * restricted to the list's sortable fields, and the list's own typed filters. Any other parameter
 * is refused: a misspelled filter would otherwise be ignored, and the list silently unfiltered.
 */
export function schemaListe<const C extends string, S extends z.ZodRawShape>(champsTriables: readonly C[], filtres: S) {
  const inconnu = (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys' ? LISTE_MESSAGES.filtreInconnu(issue.keys.join(', ')) : undefined;
  return z.strictObject(
    {
      page: z.coerce
        .number({ error: LISTE_MESSAGES.page })
        .int(LISTE_MESSAGES.page)
        .min(0, LISTE_MESSAGES.page)
        // 100 000 pages of the smallest size reach past the longest table, ten years of débarras
        .max(PAGE_MAX, LISTE_MESSAGES.page)
        .default(0),
      size: z.coerce
        .number({ error: LISTE_MESSAGES.taille })
        .int(LISTE_MESSAGES.taille)
        .min(1, LISTE_MESSAGES.taille)
        .max(TAILLE_PAGE_MAX, LISTE_MESSAGES.taille)
        .default(TAILLE_PAGE_DEFAUT),
      sort: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((valeur, ctx): Tri<C>[] => {
          const valeurs = valeur === undefined ? [] : Array.isArray(valeur) ? valeur : [valeur];
          // each sortable field once at most: more keys can only repeat one, and each one lengthens the query
          const trisMax = Math.max(champsTriables.length, 1);
          if (valeurs.length > trisMax) {
            ctx.issues.push({ code: 'custom', message: LISTE_MESSAGES.tropDeTris(trisMax), input: valeurs });
            return z.NEVER;
          }
          const tris: Tri<C>[] = [];
          for (const v of valeurs.filter((s) => s.trim() !== '')) {
            const tri = lireTri(champsTriables, v);
            if (!tri) {
              ctx.issues.push({ code: 'custom', message: LISTE_MESSAGES.tri(v), input: v });
              return z.NEVER;
            }
            tris.push(tri);
          }
          return tris;
        }),
      ...filtres,
    },
    { error: inconnu },
  );
}

const vide = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A text filter: contains, case-insensitive; an empty value means no filter. */
export const filtreTexte = z.preprocess(vide, z.string().trim().max(255, LISTE_MESSAGES.filtreTropLong).optional());

/** The active flag of recipients, objects, exceptions and recurrences, as lists and forms show it. */
export const STATUTS_ACTIF = [
  { valeur: 1, libelle: 'Actif' },
  { valeur: 0, libelle: 'Inactif' },
] as const;

/** Actif (1) / Inactif (0). */
export const filtreActif = z.preprocess(
  vide,
  z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)], { error: LISTE_MESSAGES.filtreActif }))
    .optional(),
);

/** One of a fixed list of values. */
export const filtreChoix = <const T extends readonly [string, ...string[]]>(valeurs: T, nom: string) =>
  z.preprocess(vide, z.enum(valeurs, { error: LISTE_MESSAGES.filtreChoix(nom, valeurs) }).optional());

/** A calendar date `YYYY-MM-DD` bounding a date range. */
export const filtreDate = z.preprocess(vide, z.string().refine(estDateIso, { error: LISTE_MESSAGES.filtreDate }).optional());

/** Paged answer as the web app reads it: the rows, and the total from `x-total-elements`. */
export interface Page<T> {
  lignes: T[];
  total: number;
}
