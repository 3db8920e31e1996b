// What other modules and the seed may use of the débarras.
export {
  compteParLevee,
  derniersNumeros,
  estVide,
  existeParLevee,
  insererHistorique,
  type DebarrasHistorique,
  type NouveauDebarras,
} from './repo.js';
export { archiverDeLaLevee, leveeDuDebarras } from './service.js';
