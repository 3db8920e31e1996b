// The public booking's jobs. Its routes, like every module's, are registered by app.ts from routes.ts.
export { envoyerRappels, libererExpirees } from './service.js';
export { languesDe as languesDesReservations } from './repo.js';
