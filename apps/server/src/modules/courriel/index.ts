// What the senders of e-mails (online bookings, route sheets) and the jobs' screen use.
export { echecs as echecsCourriel, envoyerAHabitant, signalerEchec as signalerEchecCourriel } from './service.js';
