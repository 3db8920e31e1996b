import {
  listeAReplanifierSchema,
  reponseReplanificationSchema,
  signalementSchema,
  traitementSignalementSchema,
  type Replanification,
} from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesLevee } from '../../entites/levee/cles';
import { clesSignalement } from '../../entites/signalement/cles';
import { lireJson } from '../../lib/http';
import { useEcriture } from '../../lib/mutations';
import { z } from 'zod';

/** `GET /replanification`: what the crews left, read again when the screen comes back into view. */
const requeteAReplanifier = queryOptions({
  queryKey: clesDebarras.aReplanifier,
  queryFn: () => lireJson('replanification', listeAReplanifierSchema),
});

export const useAReplanifier = () => useQuery(requeteAReplanifier);

/** `POST /replanification`: the selection moved; the débarras and the levées' counts read again. */
export const useReplanifier = () =>
  useEcriture((saisie: Replanification) => lireJson('replanification', reponseReplanificationSchema, { methode: 'POST', corps: saisie }), {
    aRelire: () => [clesDebarras.tout, clesLevee.tout],
  });

/** `GET /signalement?etat=`: the residents' reports, read again when the screen comes back into view. */
const requeteSignalements = (etat: 'OUVERT' | 'RESOLU') =>
  queryOptions({
    queryKey: clesSignalement.parEtat(etat),
    queryFn: () => lireJson(`signalement?etat=${etat}`, z.array(signalementSchema)),
  });

export const useSignalements = (etat: 'OUVERT' | 'RESOLU') => useQuery(requeteSignalements(etat));

/** `POST /signalement/{id}/replanifier`: the report handled, the débarras moved; lists, counts and levées read again. */
export const useReplanifierSignalement = () =>
  useEcriture(
    ({ idSignalement, idLevee }: { idSignalement: number; idLevee?: number }) =>
      lireJson(`signalement/${idSignalement}/replanifier`, traitementSignalementSchema, { methode: 'POST', corps: { idLevee } }),
    { aRelire: () => [clesSignalement.tout, clesDebarras.tout, clesLevee.tout] },
  );

/** `POST /signalement/{id}/clore`: the report handled with the answer the resident receives. */
export const useCloreSignalement = () =>
  useEcriture(
    ({ idSignalement, reponse }: { idSignalement: number; reponse: string }) =>
      lireJson(`signalement/${idSignalement}/clore`, traitementSignalementSchema, { methode: 'POST', corps: { reponse } }),
    { aRelire: () => [clesSignalement.tout] },
  );
