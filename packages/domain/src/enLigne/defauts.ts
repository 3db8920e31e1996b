/*
 * Kept apart from enLigne.ts, which needs zod and libphonenumber: the parameters' defaults (parametre.ts) belong to
 * the back-office's first load, whose weight is bounded (docs/performance.md « Application web (premier chargement) »).
 */

/** Defaults of the parameters the online booking reads (docs/regles.md « Réservation en ligne »). */
export const EN_LIGNE_DEFAUTS = {
  /** After this hour (Geneva), the day after tomorrow is no longer offered: its sheets are being prepared. */
  heureLimite: '12:00',
  /** Minutes a booking waits for its e-mail validation before its place is released. */
  validationMinutes: 120,
  /** Levées offered at most on the date step. */
  datesMax: 8,
  /** Evening hour (Geneva) from which the reminders of tomorrow's collections go. */
  rappelHeure: '18:00',
} as const;
