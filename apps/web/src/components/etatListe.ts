import type { Tri } from '@debarras/domain';
import { useCallback, useEffect, useState } from 'react';
import type { Filtres } from '../lib/liste';

export interface EtatListe {
  filtres: Filtres;
  tri: Tri[];
  page: number;
}

const cleStockage = (cleEtat: string) => `liste:${cleEtat}`;
/** Tells a mounted list that its state was set from elsewhere (detail: the list's key). */
const EVENEMENT_LISTE_PREPAREE = 'debarras:liste-preparee';

function lire(cleEtat: string, defaut: EtatListe): EtatListe {
  try {
    const brut = sessionStorage.getItem(cleStockage(cleEtat));
    if (!brut) return defaut;
    const lu = JSON.parse(brut) as Partial<EtatListe>;
    return { filtres: lu.filtres ?? defaut.filtres, tri: lu.tri ?? defaut.tri, page: lu.page ?? 0 };
  } catch {
    return defaut;
  }
}

/**
 * A list's filters, sort and page, kept in sessionStorage under a key per list (docs/regles.md « Comportement général »): a
 * reload, or coming back to the list, finds them as they were.
 */
export function useEtatListe(cleEtat: string, defaut: EtatListe) {
  const [etat, setEtat] = useState<EtatListe>(() => lire(cleEtat, defaut));
  // A modal may pre-filter the list while it is on screen (docs/regles.md « Modales du menu Levée »).
  useEffect(() => {
    const relire = (e: Event) => {
      if ((e as CustomEvent<string>).detail === cleEtat) setEtat(lire(cleEtat, { filtres: {}, tri: [], page: 0 }));
    };
    window.addEventListener(EVENEMENT_LISTE_PREPAREE, relire);
    return () => window.removeEventListener(EVENEMENT_LISTE_PREPAREE, relire);
  }, [cleEtat]);
  const changer = useCallback(
    (suivant: EtatListe) => {
      setEtat(suivant);
      sessionStorage.setItem(cleStockage(cleEtat), JSON.stringify(suivant));
    },
    [cleEtat],
  );
  return [etat, changer] as const;
}

/** Sets a list's filters from elsewhere (a modal that opens the list pre-filtered). */
export function preparerListe(cleEtat: string, etat: Partial<EtatListe>) {
  sessionStorage.setItem(cleStockage(cleEtat), JSON.stringify({ filtres: {}, tri: [], page: 0, ...etat }));
  window.dispatchEvent(new CustomEvent(EVENEMENT_LISTE_PREPAREE, { detail: cleEtat }));
}
