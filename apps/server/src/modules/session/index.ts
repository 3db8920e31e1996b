// What other modules and the HTTP layer may use of the session module.
export { sessionActive, type UtilisateurConnecte } from './service.js';
