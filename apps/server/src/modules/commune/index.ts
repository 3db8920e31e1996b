// What other modules, the jobs and the seed may use of the communes.
export { insererManquantes } from './repo.js';
export { libellesParCode } from './service.js';
