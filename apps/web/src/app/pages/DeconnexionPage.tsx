import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuthentification } from '../authentification';

/**
 * « Déconnexion » leads here rather than signing out at once: like any navigation, it first lets an
 * unsaved form ask whether to leave (docs/regles.md « Comportement général »).
 */
export function DeconnexionPage() {
  const { deconnecter } = useAuthentification();
  const naviguer = useNavigate();
  useEffect(() => {
    void deconnecter().then(() => naviguer('/login', { replace: true }));
  }, [deconnecter, naviguer]);
  return null;
}
