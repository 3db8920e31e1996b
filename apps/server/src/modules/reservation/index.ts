// What the seed may use of the online bookings' log.
export { estVide, insererPlusieurs, noterEtape, type EtapeReservation, type NouvelleReservation } from './repo.js';
