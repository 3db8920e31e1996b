import { autorites } from '@debarras/domain';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session';
import { routeAccueil } from '../accueil';

/** `/accueil` is no screen of its own: it leads to the user's landing screen. */
export function AccueilPage() {
  const { utilisateur } = useSession();
  return <Navigate to={routeAccueil(utilisateur ? autorites(utilisateur) : [])} replace />;
}
