// What other modules and the seed may use of the object catalogue.
export { acceptes, catalogueEdition, colonnesObjetJoint, estVide, insererPlusieurs, joindreObjet, type NouvelObjet } from './repo.js';
