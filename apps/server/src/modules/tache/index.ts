// What the scheduled jobs' runner may use of the runs' records.
export { commencer, conclureInterrompues, DOMAINE_TACHE, terminer } from './service.js';
