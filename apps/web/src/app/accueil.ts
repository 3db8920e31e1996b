import { estLectureSeule } from '@debarras/domain';

/** The address every "home" link uses; it sends each user to their own landing screen. */
export const ROUTE_ACCUEIL = '/accueil';

/** Where a user lands after signing in (docs/regles.md « Connexion, menus et pages d'erreur »): read-only → débarras list, others → new débarras. */
export const routeAccueil = (authorities: readonly string[]) => (estLectureSeule(authorities) ? '/debarrasListe' : '/debarrasDetail');
