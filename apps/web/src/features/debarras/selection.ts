import { useCallback, useState } from 'react';

/** Kept per browser tab like the lists' filters: the selection survives paging, leaving the list and a reload. */
const CLE_SELECTION = 'debarras:selection';

function lireSelection(): number[] {
  try {
    const lu: unknown = JSON.parse(sessionStorage.getItem(CLE_SELECTION) ?? '[]');
    return Array.isArray(lu) ? lu.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export interface Selection {
  ids: readonly number[];
  contient: (id: number) => boolean;
  ajouter: (ids: readonly number[]) => void;
  retirer: (id: number) => void;
  vider: () => void;
}

/** The débarras chosen in the list to be attached together to one levée. */
export function useSelection(): Selection {
  const [ids, setIds] = useState<readonly number[]>(lireSelection);
  const changer = useCallback((calculer: (actuels: readonly number[]) => readonly number[]) => {
    setIds((actuels) => {
      const suivants = calculer(actuels);
      sessionStorage.setItem(CLE_SELECTION, JSON.stringify(suivants));
      return suivants;
    });
  }, []);
  return {
    ids,
    contient: (id) => ids.includes(id),
    ajouter: (nouveaux) => changer((actuels) => [...new Set([...actuels, ...nouveaux])]),
    retirer: (id) => changer((actuels) => actuels.filter((i) => i !== id)),
    vider: () => changer(() => []),
  };
}
