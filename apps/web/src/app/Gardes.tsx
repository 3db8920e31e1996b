import type { Permission } from '@debarras/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/** A signed-in user, or the login page; with `permission`, one the role matrix allows, or 403. */
export function Garde({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const { utilisateur, peut } = useSession();
  if (!utilisateur) return <Navigate to="/login" replace />;
  if (permission && !peut(permission)) return <Navigate to="/403" replace />;
  return children;
}
