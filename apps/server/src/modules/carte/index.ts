// What other modules and the command lines may use of the maps.
export { lireFond } from './fond.js';
export { fondDansEtendue, fondDeTournee } from './service.js';
