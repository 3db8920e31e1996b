// What other modules, the jobs and the seed may use of the parameters.
export { insererManquants } from './repo.js';
export {
  gestionnaireCarte,
  heuresLienEquipe,
  horizonPlanification,
  joursSauvegarde,
  maxDebarrasLevee,
  minuteEnvoiFeuilles,
  moisAnonymisation,
  pdfActif,
  reglagesEnLigne,
  reglagesTournee,
} from './service.js';
