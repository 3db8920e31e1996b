// What other modules and the seed may use of the object catalogue.
export {
  acceptes,
  catalogueEdition,
  catalogueEnLigne,
  colonnesObjetJoint,
  estVide,
  insererPlusieurs,
  joindreObjet,
  libellesEnLigne,
  libellesEtOrdre,
  type NouvelObjet,
} from './repo.js';
