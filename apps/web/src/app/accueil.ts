/**
 * Where a user lands after signing in. The spec's rule (read-only → débarras list, others → new
 * débarras) needs the débarras screens; until they exist every role lands on the home page.
 */
export const ROUTE_ACCUEIL = '/accueil';
