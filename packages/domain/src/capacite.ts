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
 * Whether one more débarras by staff would pass the levée's max, so that they are asked to confirm: bookings
 * awaiting online validation do not count, they never keep staff from a place (docs/regles.md « Capacité »).
 */
export const pleinePourLePersonnel = (l: Pick<OccupationLevee, 'nbDebarras' | 'nbDebarrasMax'>) => l.nbDebarras >= l.nbDebarrasMax;

/** The tooltip of a quantity's « (+n) ». */
export const reservationsEnAttente = (n: number) => `${n} réservation(s) en ligne en attente de validation`;
