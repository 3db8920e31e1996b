import { aLaPermission, autorites, type Permission, type Utilisateur } from '@debarras/domain';
import { createContext, useContext } from 'react';

/** The current user is kept in localStorage (docs/regles.md « Comportement général »). */
export const CLE_UTILISATEUR = 'utilisateur';

export function lireUtilisateurStocke(): Utilisateur | null {
  try {
    const brut = localStorage.getItem(CLE_UTILISATEUR);
    return brut ? (JSON.parse(brut) as Utilisateur) : null;
  } catch {
    return null;
  }
}

export interface Session {
  utilisateur: Utilisateur | null;
  /** What the role matrix of packages/domain lets the current user do. */
  peut: (permission: Permission) => boolean;
}

export const ContexteSession = createContext<Session>({ utilisateur: null, peut: () => false });

export const useSession = () => useContext(ContexteSession);

export const sessionDe = (utilisateur: Utilisateur | null): Session => ({
  utilisateur,
  peut: (permission) => Boolean(utilisateur) && aLaPermission(autorites(utilisateur!), permission),
});
