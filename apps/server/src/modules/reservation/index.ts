// What the online booking and the seed may use of the online bookings' log.
export { estVide, insererPlusieurs, noterEtape, type NouvelleReservation } from './repo.js';
