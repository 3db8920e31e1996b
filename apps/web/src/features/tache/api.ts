import { echecsCourrielSchema, executionSchema, tacheSchema, type CodeTache, type Tache } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clesTache } from '../../entites/tache/cles';
import { lireJson } from '../../lib/http';
import { useEcriture } from '../../lib/mutations';

/** How often the screen reads the jobs again while one of them runs. */
export const INTERVALLE_SUIVI_MS = 2000;

/** Every job with its last run; read again every 2 s while a run is under way, and not at all when none is. */
const requeteTaches = queryOptions({
  queryKey: clesTache.listes,
  queryFn: () => lireJson('tache', z.array(tacheSchema)),
  refetchInterval: (requete) => (uneEnCours(requete.state.data) ? INTERVALLE_SUIVI_MS : false),
});

export const useTaches = () => useQuery(requeteTaches);

/** The failed e-mails of the last 24 hours and the last one (docs/exploitation.md « Courriels »); read again with the jobs. */
const requeteEchecsCourriel = queryOptions({
  queryKey: clesTache.courriels,
  queryFn: () => lireJson('tache/courriels', echecsCourrielSchema),
});

export const useEchecsCourriel = (suivre: boolean) =>
  useQuery({
    ...requeteEchecsCourriel,
    // a run under way (the reminders, the route sheets) may add failures
    refetchInterval: suivre ? INTERVALLE_SUIVI_MS : false,
  });

/** Whether one of the jobs is running. */
export const uneEnCours = (taches: Tache[] | undefined) => taches?.some((t) => t.derniere?.statut === 'EN_COURS') ?? false;

/** « Lancer maintenant »: the server answers the run it has just started, which the jobs read again then show. */
export const useLancerTache = () =>
  useEcriture((code: CodeTache) => lireJson(`tache/${code}/execution`, executionSchema, { methode: 'POST' }), {
    aRelire: () => [clesTache.listes],
  });
