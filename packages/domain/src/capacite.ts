/** The colour of a levée's quantity against its max (docs/regles.md « Couleur de capacité »). */
export type CouleurCapacite = 'success' | 'warning' | 'danger' | 'critical';

export const SEUILS_CAPACITE = { orange: 0.5, rouge: 0.75 } as const;

/** What the rule reads of a levée. */
export interface OccupationLevee {
  nbDebarras: number;
  nbReservationsEnCours: number;
  nbDebarrasMax: number;
}

/**
 * Quantity = count plus pending online bookings. Under 50 % green, 50 % to under 75 % orange,
 * 75 % to under max red, at or above max critical; 0 of 0 is critical. The levée list leaves a
 * round without débarras (a count of 0, whatever bookings await validation) with a max above 0
 * without colour, as the spec says: its pending bookings show in the « (+n) » and its tooltip.
 */
export function couleurCapacite(l: OccupationLevee, options: { liste?: boolean } = {}): CouleurCapacite | undefined {
  const quantite = l.nbDebarras + l.nbReservationsEnCours;
  const max = l.nbDebarrasMax;
  if (max <= 0) return 'critical';
  if (l.nbDebarras === 0 && options.liste) return undefined;
  if (quantite >= max) return 'critical';
  const taux = quantite / max;
  if (taux >= SEUILS_CAPACITE.rouge) return 'danger';
  if (taux >= SEUILS_CAPACITE.orange) return 'warning';
  return 'success';
}

/**
 * Whether a levée whose `occupees` places are taken still holds `ajoutes` more within its max: the one comparison of
 * capacity, whoever counts (docs/regles.md « Capacité »). Staff count the ACTIF débarras (online bookings awaiting
 * validation never keep them from a place), the online booking counts every place given, a récurrence's run checks
 * what it has done (`ajoutes` 0).
 */
export const tientDansLeMax = (max: number, occupees: number, ajoutes = 1) => occupees + ajoutes <= max;

/** Whether one more débarras by staff would pass the levée's max, so that they are asked to confirm. */
export const pleinePourLePersonnel = (l: Pick<OccupationLevee, 'nbDebarras' | 'nbDebarrasMax'>) =>
  !tientDansLeMax(l.nbDebarrasMax, l.nbDebarras);

/** What the rules on which levée may take a débarras read of it. */
export interface LeveeCible {
  statut: string;
  dateLevee: string;
  supplementaire: number;
}

/**
 * How a débarras comes to a levée: by staff (`nouvelle` when it was not on that levée already), by a récurrence's
 * run, or booked online from the first date offered at that moment.
 */
export type ArriveeSurLevee =
  | { par: 'personnel'; jour: string; nouvelle: boolean; sauvage: boolean }
  | { par: 'recurrence'; jour: string }
  | { par: 'enLigne'; premiereDate: string };

/** Why a levée cannot take a débarras: not ACTIF, past, today's (its route sheets are out), or not offered online. */
export type RefusLevee = 'nonActive' | 'passee' | 'aujourdhui' | 'horsEnLigne';

/**
 * Whether a levée can take a débarras, and why not (docs/regles.md « Levée d'un débarras »): an ACTIF levée, not past;
 * a débarras new to it comes from tomorrow on, or from today for a sauvage, and a récurrence from tomorrow on; online,
 * a standard levée from the first date offered. A débarras staying on its levée only needs it ACTIF and not past, so
 * that today's débarras can still be corrected.
 */
export function refusLevee(l: LeveeCible, arrivee: ArriveeSurLevee): RefusLevee | null {
  if (l.statut !== 'ACTIF') return 'nonActive';
  if (arrivee.par === 'enLigne') return l.supplementaire !== 0 || l.dateLevee < arrivee.premiereDate ? 'horsEnLigne' : null;
  if (l.dateLevee < arrivee.jour) return 'passee';
  const aujourdhuiRefuse = arrivee.par === 'recurrence' || (arrivee.nouvelle && !arrivee.sauvage);
  return aujourdhuiRefuse && l.dateLevee === arrivee.jour ? 'aujourdhui' : null;
}

/** The tooltip of a quantity's « (+n) ». */
export const reservationsEnAttente = (n: number) => `${n} réservation(s) en ligne en attente de validation`;
