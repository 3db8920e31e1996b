// What other modules and the seed may use of the débarras.
export {
  attendValidation,
  compteParLevee,
  derniersNumeros,
  estVide,
  existeParLevee,
  insererHistorique,
  internetActifsLe,
  placesPrisesParLevee,
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
  detail,
  leveeDuDebarras,
  type DebarrasRecurrent,
} from './service.js';
