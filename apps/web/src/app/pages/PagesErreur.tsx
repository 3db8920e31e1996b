import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { ROUTE_ACCUEIL } from '../accueil';
import { useTitreOnglet } from '../../lib/titre';

function Retour() {
  const naviguer = useNavigate();
  const { utilisateur } = useSession();
  return (
    <Button type="primary" onClick={() => naviguer(utilisateur ? ROUTE_ACCUEIL : '/login')}>
      {utilisateur ? "Retour à l'accueil" : 'Se connecter'}
    </Button>
  );
}

export function PageIntrouvable() {
  useTitreOnglet('Page introuvable');
  return (
    <Result
      status="404"
      title="Page introuvable"
      subTitle="La page demandée a été déplacée ou supprimée. Si le problème persiste, contactez le coordinateur de votre groupe."
      extra={<Retour />}
    />
  );
}

export function PageNonAutorisee() {
  useTitreOnglet('Non autorisé');
  return (
    <Result
      status="403"
      title="Non autorisé"
      subTitle="Vous n'êtes pas autorisé à accéder à cette page. Pour obtenir l'accès, contactez le coordinateur de votre groupe."
      extra={<Retour />}
    />
  );
}
