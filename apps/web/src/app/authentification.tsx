import { utilisateurSchema, type Utilisateur } from '@debarras/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { appeler, lireJson } from '../lib/http';
import { CLE_UTILISATEUR, ContexteSession, lireUtilisateurStocke, sessionDe } from '../lib/session';

interface Authentification {
  connecter(username: string, password: string): Promise<Utilisateur>;
  deconnecter(): Promise<void>;
  oublier(): void;
}

const ContexteAuthentification = createContext<Authentification | null>(null);

export function useAuthentification() {
  const auth = useContext(ContexteAuthentification);
  if (!auth) throw new Error('useAuthentification hors de FournisseurAuthentification');
  return auth;
}

/** Signs in and out, and keeps the current user in localStorage and in context. */
export function FournisseurAuthentification({ children }: { children: ReactNode }) {
  const [utilisateur, setUtilisateur] = useState<Utilisateur | null>(lireUtilisateurStocke);
  const client = useQueryClient();

  const oublier = useCallback(() => {
    localStorage.removeItem(CLE_UTILISATEUR);
    setUtilisateur(null);
    client.clear();
  }, [client]);

  const auth = useMemo<Authentification>(
    () => ({
      async connecter(username, password) {
        await appeler('login', { methode: 'POST', formulaire: { username, password }, sans401: true });
        const moi = await lireJson('user', utilisateurSchema);
        localStorage.setItem(CLE_UTILISATEUR, JSON.stringify(moi));
        setUtilisateur(moi);
        return moi;
      },
      async deconnecter() {
        await appeler('logout').catch(() => undefined);
        oublier();
      },
      oublier,
    }),
    [oublier],
  );

  return (
    <ContexteAuthentification.Provider value={auth}>
      <ContexteSession.Provider value={useMemo(() => sessionDe(utilisateur), [utilisateur])}>{children}</ContexteSession.Provider>
    </ContexteAuthentification.Provider>
  );
}
