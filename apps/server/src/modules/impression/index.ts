// What the evening job may use of the printed documents.
export { ENVOYEUR as ENVOYEUR_FEUILLES, envoyerFeuillesDuSoir, type BilanEnvoi } from './service.js';
