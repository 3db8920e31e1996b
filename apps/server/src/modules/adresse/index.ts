// What other modules, the CLI and the seed may use of the address register.
export {
  attribuerPerimetre,
  coordonneesAdresse,
  dansLaDesserte,
  estVide,
  joindreAdresse,
  nombreSansSecteur,
  ordreDesRues,
  secteursDe,
  sectorisees,
  type Desserte,
  type PerimetreSecteur,
} from './repo.js';
export { enregistrer, rechercher, ruesDesArrets, trouver, type SaisieAdresse } from './service.js';
export { importerAdresses, lireCommunes } from './import.js';
export { decouperVoie } from './voie.js';
