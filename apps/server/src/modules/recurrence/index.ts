// What the jobs and the seed may use of the récurrences.
export { estVide } from './repo.js';
export { enregistrer, servir as creerDebarrasRecurrents, type BilanRecurrences } from './service.js';
