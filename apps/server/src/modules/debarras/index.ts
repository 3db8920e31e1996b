// What other modules and the seed may use of the débarras.
export {
  compteParLevee,
  derniersNumeros,
  estVide,
  existeParLevee,
  insererHistorique,
  pourFeuillesDeRoute,
  type DebarrasHistorique,
  type NouveauDebarras,
} from './repo.js';
export { anonymiser, archiverDeLaLevee, creerRecurrents, detail, leveeDuDebarras, type DebarrasRecurrent } from './service.js';
