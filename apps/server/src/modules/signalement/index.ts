// What the residents' booking (its page, its report) and the anonymisation use of the reports.
export { pourLaReservation as signalementDeLaReservation, signaler } from './service.js';
export { anonymiserAvant as anonymiserSignalementsAvant } from './repo.js';
