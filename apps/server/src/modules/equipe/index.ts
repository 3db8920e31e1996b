// What other modules may use of the crews' links: the route sheets print one per levée.
export { liensPourFeuilles } from './service.js';
