// What the seed may use of the planning recipients.
export { estVide, insererPlusieurs, type NouveauDestinataire } from './repo.js';
