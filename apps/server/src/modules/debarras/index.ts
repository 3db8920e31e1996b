// What other modules and the seed may use of the débarras.
export {
  attendValidation,
  derniersNumeros,
  estVide,
  insererHistorique,
  internetActifsLe,
  pourFeuillesDeRoute,
  type DebarrasHistorique,
  type NouveauDebarras,
} from './repo.js';
export {
  anonymiser,
  archiverDeLaLevee,
  annulerEnLigne,
  creerEnLigne,
  lireEnLigne,
  modifierEnLigne,
  validerEnLigne,
  type RefusEnLigne,
  creerRecurrents,
  appliquerRecurrence,
  retirerRecurrents,
  combienACollecter,
  type ContenuRecurrent,
  detail,
  leveeDuDebarras,
  type DebarrasRecurrent,
} from './service.js';
