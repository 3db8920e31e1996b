// What other modules may use of the session module.
export type { UtilisateurConnecte } from './service.js';
export { fermerSessionsDe } from './fermeture.js';
