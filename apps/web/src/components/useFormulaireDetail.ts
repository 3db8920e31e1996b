import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../lib/notifications';
import { useGardeModifications } from './useGardeModifications';

const memeValeur = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export interface OptionsFormulaireDetail<Entite, Valeurs, Saisie> {
  /** The id from the URL; undefined for a new record. */
  id: number | undefined;
  /** The record's query (disabled without id) and its save, both from the feature's api. */
  requete: UseQueryResult<Entite>;
  enregistrement: UseMutationResult<Entite, Error, Saisie>;
  /** The form's values for a record, or the empty form; a stable function (module level). */
  versValeurs: (entite: Entite | undefined) => Valeurs;
  /** What is sent once the form rules have passed. */
  versSaisie: (valeurs: Valeurs, entite: Entite | undefined) => Saisie;
  /** The success messages of the domain, quoting `nom` of the saved record. */
  succes: { ajoute: (nom: string) => string; misAJour: (nom: string) => string };
  nom: (enregistre: Entite) => string;
  /** The detail page of a created record, which replaces the 'new' page in the history. */
  chemin: (enregistre: Entite) => string;
  /** Unsaved work elsewhere on the page (a perimeter being drawn): leaving asks about it too. */
  autreSaisieEnCours?: boolean;
}

/**
 * The skeleton of a reference-data detail page on an antd form: the record loaded and put in the
 * form, 'Enregistrer' enabled once something differs from it, leaving asked about while it does,
 * the save announced as added or updated, a creation continuing on the new record's page.
 */
export function useFormulaireDetail<Entite, Valeurs extends object, Saisie>(options: OptionsFormulaireDetail<Entite, Valeurs, Saisie>) {
  const { id, requete, enregistrement, versValeurs, versSaisie, succes, nom, chemin, autreSaisieEnCours = false } = options;
  const { data: entite, isLoading: chargement } = requete;
  const naviguer = useNavigate();
  const [form] = Form.useForm<Valeurs>();
  const saisie = Form.useWatch([], form) as Valeurs | undefined;
  const initiales = versValeurs(entite);
  const modifie =
    saisie !== undefined && (Object.keys(initiales) as (keyof Valeurs)[]).some((k) => (saisie[k] ?? '') !== (initiales[k] ?? ''));
  // the router holds one blocker: the form's and the page's other work share it
  const { sansGarde } = useGardeModifications(modifie || autreSaisieEnCours);

  // What the form last took from the record, or sent to it: a field that differs from it when the record is read
  // again was typed since (during the save, say) and keeps what was typed.
  // A record just created is the same form under its new id.
  const reference = useRef<{ id: number | undefined; valeurs: Valeurs } | undefined>(undefined);
  const creation = useRef(false);
  useEffect(() => {
    // a record still being read leaves the form as it is
    if (id !== undefined && entite === undefined) return;
    const lues = versValeurs(entite);
    const avant = reference.current;
    reference.current = { id, valeurs: lues };
    const memeFiche = avant && (avant.id === id || (avant.id === undefined && creation.current));
    creation.current = false;
    if (!memeFiche) return form.setFieldsValue(lues);
    const actuelles = form.getFieldsValue(true) as Valeurs;
    const tapees = (Object.keys(lues) as (keyof Valeurs)[]).filter((k) => !memeValeur(actuelles[k], avant.valeurs[k]));
    form.setFieldsValue(Object.fromEntries(Object.entries(lues).filter(([k]) => !tapees.includes(k as keyof Valeurs))) as Valeurs);
  }, [form, entite, versValeurs, id]);

  const enregistrer = (valeurs: Valeurs) => {
    if (reference.current) reference.current = { ...reference.current, valeurs: { ...reference.current.valeurs, ...valeurs } };
    return enregistrement.mutate(versSaisie(valeurs, entite), {
      onSuccess: (enregistre) => {
        notifier.succes(id ? succes.misAJour(nom(enregistre)) : succes.ajoute(nom(enregistre)));
        // the saved record replaces the empty form: nothing is lost
        if (!id) {
          creation.current = true;
          sansGarde(() => naviguer(chemin(enregistre), { replace: true }));
        }
      },
    });
  };

  return { entite, chargement, form, saisie, initiales, modifie, enregistrer, enCours: enregistrement.isPending };
}
