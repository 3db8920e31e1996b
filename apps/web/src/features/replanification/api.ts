import { listeAReplanifierSchema, reponseReplanificationSchema, type Replanification } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesLevee } from '../../entites/levee/cles';
import { lireJson } from '../../lib/http';
import { useEcriture } from '../../lib/mutations';

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
