import type { Tri } from '@debarras/domain';
import { useCallback, useEffect, useState } from 'react';
import type { Filtres } from '../lib/liste';

export interface EtatListe {
  filtres: Filtres;
  tri: Tri[];
  page: number;
}

const cleStockage = (cleListe: string) => `liste:${cleListe}`;
/** Tells a mounted list that its state was set from elsewhere (detail: the list's key). */
const EVENEMENT_LISTE_PREPAREE = 'debarras:liste-preparee';

function lire(cleListe: string, defaut: EtatListe): EtatListe {
  try {
    const brut = sessionStorage.getItem(cleStockage(cleListe));
    if (!brut) return defaut;
    const lu = JSON.parse(brut) as Partial<EtatListe>;
    return { filtres: lu.filtres ?? defaut.filtres, tri: lu.tri ?? defaut.tri, page: lu.page ?? 0 };
  } catch {
    return defaut;
  }
}

/**
 * A list's filters, sort and page, kept in sessionStorage under a key per list (spec §1): a
 * reload, or coming back to the list, finds them as they were.
 */
export function useEtatListe(cleListe: string, defaut: EtatListe) {
  const [etat, setEtat] = useState<EtatListe>(() => lire(cleListe, defaut));
  // A modal may pre-filter the list while it is on screen (spec §2: "a filter coming from a popup
  // event can update the list filters").
  useEffect(() => {
    const relire = (e: Event) => {
      if ((e as CustomEvent<string>).detail === cleListe) setEtat(lire(cleListe, { filtres: {}, tri: [], page: 0 }));
    };
    window.addEventListener(EVENEMENT_LISTE_PREPAREE, relire);
    return () => window.removeEventListener(EVENEMENT_LISTE_PREPAREE, relire);
  }, [cleListe]);
  const changer = useCallback(
    (suivant: EtatListe) => {
      setEtat(suivant);
      sessionStorage.setItem(cleStockage(cleListe), JSON.stringify(suivant));
    },
    [cleListe],
  );
  return [etat, changer] as const;
}

/** Sets a list's filters from elsewhere (a modal that opens the list pre-filtered). */
export function preparerListe(cleListe: string, etat: Partial<EtatListe>) {
  sessionStorage.setItem(cleStockage(cleListe), JSON.stringify({ filtres: {}, tri: [], page: 0, ...etat }));
  window.dispatchEvent(new CustomEvent(EVENEMENT_LISTE_PREPAREE, { detail: cleListe }));
}
