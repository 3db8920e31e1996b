import type { QueryKey } from '@tanstack/react-query';
import type { RequeteListe } from './liste';

/**
 * The query keys of one entity, from the widest to the narrowest: invalidating `tout` reaches
 * every query of the entity, `listes` every list of it (whatever the page, filters or sort),
 * `detail(id)` one record and what hangs under it. Screens build on these, never on strings.
 */
export function clesEntite<const N extends string>(nom: N) {
  return {
    tout: [nom] as const,
    listes: [nom, 'liste'] as const,
    detail: (id: number | undefined) => [nom, 'detail', id] as const,
  };
}

/** One page of a list under the entity's list key (`listes`): invalidating the list refreshes every page kept. */
export const clePage = (cleListe: QueryKey, requete: RequeteListe) => [...cleListe, requete] as const;
