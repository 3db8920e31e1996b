import type { DebarrasLigne } from '@debarras/domain';
import { useCallback, useState } from 'react';

/** Kept per browser tab like the lists' filters: the selection survives paging, leaving the list and a reload. */
const CLE_SELECTION = 'debarras:selection';

/** A selected débarras, with its address's sector: attaching it to another sector's levée asks first. */
export interface Selectionne {
  id: number;
  secteur: string | null;
}

const estSelectionne = (e: unknown): e is Selectionne =>
  typeof e === 'object' &&
  e !== null &&
  Number.isInteger((e as Selectionne).id) &&
  (typeof (e as Selectionne).secteur === 'string' || (e as Selectionne).secteur === null);

function lireSelection(): Selectionne[] {
  try {
    const lu: unknown = JSON.parse(sessionStorage.getItem(CLE_SELECTION) ?? '[]');
    return Array.isArray(lu) ? lu.filter(estSelectionne) : [];
  } catch {
    return [];
  }
}

export interface Selection {
  elements: readonly Selectionne[];
  ids: readonly number[];
  contient: (id: number) => boolean;
  ajouter: (debarras: readonly DebarrasLigne[]) => void;
  retirer: (id: number) => void;
  vider: () => void;
}

/** The débarras chosen in the list to be attached together to one levée. */
export function useSelection(): Selection {
  const [elements, setElements] = useState<readonly Selectionne[]>(lireSelection);
  const changer = useCallback((calculer: (actuels: readonly Selectionne[]) => readonly Selectionne[]) => {
    setElements((actuels) => {
      const suivants = calculer(actuels);
      sessionStorage.setItem(CLE_SELECTION, JSON.stringify(suivants));
      return suivants;
    });
  }, []);
  const ids = elements.map((e) => e.id);
  return {
    elements,
    ids,
    contient: (id) => ids.includes(id),
    ajouter: (debarras) =>
      changer((actuels) => {
        const suivants = new Map(actuels.map((e) => [e.id, e]));
        for (const d of debarras)
          if (!suivants.has(d.idDebarras)) suivants.set(d.idDebarras, { id: d.idDebarras, secteur: d.adresse.secteur });
        return [...suivants.values()];
      }),
    retirer: (id) => changer((actuels) => actuels.filter((e) => e.id !== id)),
    vider: () => changer(() => []),
  };
}
