import { objetEnLangue, type LangueEnLigne, type ObjetEnLigne } from '@debarras/domain/enLigne';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from './api';

type Etat<T> = { cle?: string; donnees?: T; erreur?: string; code?: string };

/**
 * What `charger` answers for `cle`, loaded again whenever `cle` changes: `{}` while it loads, then
 * `donnees` or the call's `erreur` message and `code`. An answer for an older key is never shown.
 */
export function useDonnees<T>(cle: string, charger: () => Promise<T>): Omit<Etat<T>, 'cle'> {
  const [etat, setEtat] = useState<Etat<T>>({});
  // the loader of the latest render: callers pass a new closure each time, only `cle` says when to load
  const chargeur = useRef(charger);
  useEffect(() => {
    chargeur.current = charger;
  });
  useEffect(() => {
    let actif = true;
    chargeur.current().then(
      (donnees) => actif && setEtat({ cle, donnees }),
      (erreur: Error & { code?: string }) => actif && setEtat({ cle, erreur: erreur.message, code: erreur.code }),
    );
    return () => {
      actif = false;
    };
  }, [cle]);
  return etat.cle === cle ? { donnees: etat.donnees, erreur: etat.erreur, code: etat.code } : {};
}

/**
 * The catalogue in the page's language: loaded once, its labels and links taken in English or French as the page
 * switches, so that the resident's choices stay where they are.
 */
export function useCatalogue(langue: LangueEnLigne): Omit<Etat<ObjetEnLigne[]>, 'cle'> {
  const { donnees, erreur, code } = useDonnees('objets', () => api.objets(langue));
  const traduits = useMemo(() => donnees?.map((o) => objetEnLangue(o, langue)), [donnees, langue]);
  return { donnees: traduits, erreur, code };
}
