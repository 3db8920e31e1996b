import { z } from 'zod';
import { filtreChoix, filtreTexte, schemaListe, type Tri } from './liste.js';

export const LANGUES = [
  { valeur: 'fr', libelle: 'Français' },
  { valeur: 'en', libelle: 'Anglais' },
] as const;
export const libelleLangue = (langue: string | null) => LANGUES.find((l) => l.valeur === langue)?.libelle ?? '';

/** What a session of the online booking did, and how the log names it (docs/regles.md « Réservations en ligne »). */
export const TYPES_RESERVATION = [
  { valeur: 'creation', libelle: 'Création' },
  { valeur: 'modification', libelle: 'Modification' },
  { valeur: 'annulation', libelle: 'Annulation' },
] as const;
export const libelleTypeReservation = (type: string) => TYPES_RESERVATION.find((t) => t.valeur === type)?.libelle ?? type;

export const RESERVATION_LIBELLES = {
  titre: 'Réservations en ligne',
  type: 'Type',
  idSession: 'Session',
  timestampReservation: '1. Réservation',
  timestampConfirmation: '2. Confirmation',
  timestampValidation: '3. Validation (e-mail)',
  diff12: 'Diff 1 et 2',
  diff23: 'Diff 2 et 3',
  rejetEmail: 'Rejet (e-mail)',
  langue: 'Langue',
  rejetee: 'Rejetée par e-mail',
} as const;

export const reservationSchema = z.object({
  idReservation: z.number().int(),
  type: z.string(),
  idSession: z.string(),
  timestampReservation: z.string().nullable(),
  timestampConfirmation: z.string().nullable(),
  timestampValidation: z.string().nullable(),
  rejetEmail: z.union([z.literal(0), z.literal(1)]),
  langue: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** Time between two stages, `3 min 07 s`; empty when either is missing. */
export function dureeEntre(debut: string | null, fin: string | null): string {
  if (!debut || !fin) return '';
  const secondes = Math.round((new Date(fin).getTime() - new Date(debut).getTime()) / 1000);
  if (secondes < 0) return '';
  return `${Math.floor(secondes / 60)} min ${String(secondes % 60).padStart(2, '0')} s`;
}

/** Green rows (docs/regles.md « Réservations en ligne »): validated, or a modification with both reservation and confirmation. */
export const reservationAboutie = (
  r: Pick<Reservation, 'type' | 'timestampReservation' | 'timestampConfirmation' | 'timestampValidation'>,
) => Boolean(r.timestampValidation) || (r.type === 'modification' && Boolean(r.timestampReservation) && Boolean(r.timestampConfirmation));

export const RESERVATION_CHAMPS_TRIABLES = [
  'type',
  'idSession',
  'timestampReservation',
  'timestampConfirmation',
  'timestampValidation',
  'rejetEmail',
  'langue',
] as const;
export const reservationListeSchema = schemaListe(RESERVATION_CHAMPS_TRIABLES, {
  type: filtreTexte,
  idSession: filtreTexte,
  langue: filtreChoix(['fr', 'en'], 'de langue'),
});
export const RESERVATION_TRI_DEFAUT: Tri<(typeof RESERVATION_CHAMPS_TRIABLES)[number]>[] = [
  { champ: 'timestampReservation', sens: 'desc' },
];
