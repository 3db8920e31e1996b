import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { estCapaciteDepassee } from './capacite';
import { ErreurHttp } from './http';
import { messageErreur, notifier } from './notifications';

/** What a query or a mutation tells the one error handler below. */
export interface MetaRequete extends Record<string, unknown> {
  /** The screen shows this failure in place (the address search under its field): no notification. */
  erreurSurPlace?: boolean;
  /** A capacity refusal is answered by staff's confirmation (lib/capacite.ts), not notified. */
  capaciteConfirmable?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: MetaRequete;
    mutationMeta: MetaRequete;
  }
}

/**
 * The one place a failed call is announced (docs/architecture.md "Web", Erreurs): pages never
 * catch to notify. A 401 or 403 has already taken the user to sign-in or to the 403 page.
 */
function signaler(erreur: unknown, meta: MetaRequete | undefined) {
  if (meta?.erreurSurPlace) return;
  if (erreur instanceof ErreurHttp && (erreur.status === 401 || erreur.status === 403)) return;
  if (meta?.capaciteConfirmable && estCapaciteDepassee(erreur)) return;
  notifier.erreur(messageErreur(erreur));
}

export function creerClientRequetes() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (erreur, requete) => signaler(erreur, requete.meta) }),
    mutationCache: new MutationCache({ onError: (erreur, _variables, _contexte, mutation) => signaler(erreur, mutation.meta) }),
    defaultOptions: {
      // a refused call is not retried: 4xx answers will not change by asking again, and an overloaded server has
      // already been asked once more after its delay (lib/reprise.ts)
      queries: {
        retry: (n, e) => !(e instanceof ErreurHttp && ((e.status >= 400 && e.status < 500) || e.code === 'SURCHARGE')) && n < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Awaits a mutation whose failure the handler above has already announced: the page only learns
 * that it did not go through (undefined), and stops there.
 */
export async function siAbouti<T>(appel: Promise<T>): Promise<T | undefined> {
  try {
    return await appel;
  } catch {
    return undefined;
  }
}
