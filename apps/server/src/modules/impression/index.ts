// What the evening job may use of the printed documents.
export { envoyerFeuillesDuSoir, type BilanEnvoi } from './service.js';
