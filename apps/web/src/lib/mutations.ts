import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifier } from './notifications';
import type { MetaRequete } from './requetes';

export interface OptionsEcriture<R> {
  /** The changed record's detail key: the server's answer is shown at once, without a read. */
  detail?: (resultat: R) => QueryKey;
  /** What the change makes stale (lists, counts), read again: keys from the entities' factories. */
  aRelire: (resultat: R) => readonly QueryKey[];
  meta?: MetaRequete;
  /** The « Succès » notification the change earns, if any. */
  succes?: (resultat: R) => string;
}

/** A write whose answer replaces the record on screen and refreshes what it made stale. */
export function useEcriture<E, R>(appel: (entree: E) => Promise<R>, { detail, aRelire, meta, succes }: OptionsEcriture<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: appel,
    meta,
    onSuccess: (resultat: R) => {
      if (detail) client.setQueryData(detail(resultat), resultat);
      if (succes) notifier.succes(succes(resultat));
      return Promise.all(aRelire(resultat).map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
