// What other modules, the command lines and the bench may use of the rounds.
export {
  calculer as calculerTournee,
  oublierOrdresCalcules,
  tourneesDesLevees,
  type OptionsTournee,
  type ReglagesTournee,
} from './service.js';
