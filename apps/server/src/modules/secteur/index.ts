// What other modules, the jobs and the seed may use of the sectors.
export {
  actifsEntre,
  champsSecteurJoint,
  estVide,
  insererPlusieurs,
  joindreSecteur,
  libelleSecteurJoint,
  trouverParLibelleSansCasse,
  type NouveauSecteur,
} from './repo.js';
export { enregistrerPerimetre, libelles, perimetresPolygones as perimetres } from './service.js';
