// The public booking's routes (registered in their own scope by app.ts) and its jobs.
export { routesEnLigne, traduireEnLigne } from './routes.js';
export { envoyerRappels, libererExpirees } from './service.js';
