import { objetSchema } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lirePage } from '../../lib/http';
import { clesObjet } from './cles';

/** The objects staff may choose: active ones of type Objet, in display order. Saving an objet refreshes them. */
const requeteObjetsChoisissables = queryOptions({
  queryKey: clesObjet.choisissables,
  queryFn: async () =>
    (await lirePage('objet/', new URLSearchParams({ actif: '1', type: 'Objet', size: '500', sort: 'ordre,asc' }), objetSchema)).lignes,
  staleTime: 5 * 60_000,
});

export const useObjetsChoisissables = (actif: boolean) => useQuery({ ...requeteObjetsChoisissables, enabled: actif });
