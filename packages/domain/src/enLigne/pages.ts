/** The online booking as the residents' pages import it (`@debarras/domain/enLigne`): texts and contact rules, no more. */
export * from './textes.js';
export * from './coordonnees.js';
export type { AdresseEnLigne, DateEnLigne, ObjetEnLigne, ReservationEnLigne, ServiceEnLigne } from '../enLigne.js';
