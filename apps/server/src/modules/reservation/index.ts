// What the seed may use of the online bookings' log.
export { estVide, insererPlusieurs, type NouvelleReservation } from './repo.js';
