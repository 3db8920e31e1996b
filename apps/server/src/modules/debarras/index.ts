// What other modules and the seed may use of the débarras.
export {
  attendValidation,
  derniersNumeros,
  estVide,
  insererHistorique,
  internetActifsLe,
  type DebarrasHistorique,
  type NouveauDebarras,
} from './repo.js';
export { arretsDesLevees, pourFeuillesDeRoute, type ArretDebarras } from './feuilles.js';
export { anonymiser, archiverDeLaLevee, detail, leveeDuDebarras } from './service.js';
export { annulerEnLigne, creerEnLigne, lireEnLigne, modifierEnLigne, validerEnLigne, type RefusEnLigne } from './enLigne.js';
export {
  creerRecurrents,
  appliquerRecurrence,
  retirerRecurrents,
  combienACollecter,
  type ContenuRecurrent,
  type DebarrasRecurrent,
} from './recurrents.js';
export { aReplanifier } from './aReplanifier.js';
export {
  parMoisDeLevee,
  recalculer as recalculerStatistiques,
  type AttenteMois,
  type CompteMois,
  type QuantiteObjet,
} from './statistiques.js';
export { replanifier, type Replanifie } from './replanification.js';
