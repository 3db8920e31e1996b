// What other modules and the seed may use of the address exceptions.
export { estVide } from './repo.js';
export { enregistrer, exceptionsActives } from './service.js';
