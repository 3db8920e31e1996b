// What the seed and the sending of the route sheets may use of the planning recipients.
export { actifs, estVide, insererPlusieurs, type NouveauDestinataire } from './repo.js';
