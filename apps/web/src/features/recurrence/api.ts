import {
  recurrenceApercuSchema,
  recurrenceEnregistreeSchema,
  recurrenceLigneSchema,
  recurrenceSchema,
  type RecurrenceEnregistree,
  type RecurrenceLigne,
  type RecurrenceSaisie,
} from '@debarras/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesLevee } from '../../entites/levee/cles';
import { clesRecurrence } from '../../entites/recurrence/cles';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';

export const CLE_ETAT_LISTE = 'recurrenceListe';
export const CHEMIN_EXPORT = 'recurrence/export/';

export const listerRecurrences = (requete: RequeteListe) => lirePage('recurrence/', rechercheListe(requete), recurrenceLigneSchema);

const lireRecurrence = (id: number) => lireJson(`recurrence/${id}`, recurrenceSchema);

const requeteRecurrence = (id: number | undefined) =>
  queryOptions({ queryKey: clesRecurrence.detail(id), queryFn: () => lireRecurrence(id!), enabled: id !== undefined });

export const useRecurrence = (id: number | undefined) => useQuery(requeteRecurrence(id));

/** A save, and whether its débarras still to collect take its changes too (`appliquerAuxDebarras`). */
export type EnregistrementRecurrence = RecurrenceSaisie & { appliquerAuxDebarras?: boolean };

/** A save may create or change débarras on the coming levées at once: their lists and the levées' counts are read again. */
export const useEnregistrerRecurrence = () =>
  useEcriture(
    ({ appliquerAuxDebarras, ...saisie }: EnregistrementRecurrence) =>
      lireJson(`recurrence${appliquerAuxDebarras ? '?appliquerAuxDebarras=true' : ''}`, recurrenceEnregistreeSchema, {
        methode: 'POST',
        corps: saisie,
      }),
    {
      detail: (recurrence: RecurrenceEnregistree) => clesRecurrence.detail(recurrence.idRecurrence),
      aRelire: () => [clesRecurrence.listes, clesDebarras.listes, clesLevee.tout],
    },
  );

/** The levées on which saving would create a débarras, asked before the save (nothing is written). */
export const useApercuRecurrence = () =>
  useMutation({
    mutationFn: (saisie: RecurrenceSaisie) => lireJson('recurrence/apercu', recurrenceApercuSchema, { methode: 'POST', corps: saisie }),
  });

/** The server answers the deleted récurrence, whose address the success message quotes. */
export const useSupprimerRecurrence = () =>
  useEcriture(
    (recurrence: RecurrenceLigne) =>
      lireJson(`recurrence/${recurrence.idRecurrence}?version=${recurrence.version}`, recurrenceSchema, { methode: 'DELETE' }),
    { aRelire: () => [clesRecurrence.tout] },
  );
