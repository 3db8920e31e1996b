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
  /**
   * Bookings awaiting validation that one client address, and one mailbox, may hold at once: each holds a place
   * for `validationMinutes`, so without a bound a few throw-away addresses could empty the levées.
   */
  attenteParClient: 3,
  attenteParBoite: 3,
  /** The share (%) of a levée's places that bookings awaiting validation may hold, at least one place. */
  attentePart: 20,
  /** Confirmations one mailbox may send in an hour: beyond, a mailbox is being flooded. */
  confirmationsParBoiteHeure: 5,
} as const;

/** How many of a levée's places bookings awaiting validation may hold (docs/regles.md « Réservation en ligne »). */
export const attenteMaxDeLaLevee = (nbDebarrasMax: number, partPourcent: number) =>
  Math.max(1, Math.floor((nbDebarrasMax * partPourcent) / 100));
