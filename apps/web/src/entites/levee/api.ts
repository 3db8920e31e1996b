import { leveeSchema } from '@debarras/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesLevee } from './cles';

/** `GET /levee/next`: the levées a débarras of that sector may go to; a sauvage one may go today. */
const lireLeveesProchaines = (secteur: string, sauvage: boolean) =>
  lireJson(`levee/next?${new URLSearchParams({ secteur, sauvageurgent: String(sauvage) }).toString()}`, z.array(leveeSchema));

const requeteLeveesProchaines = (secteur: string | null, sauvage: boolean) =>
  queryOptions({ queryKey: clesLevee.prochaines(secteur, sauvage), queryFn: () => lireLeveesProchaines(secteur!, sauvage) });

export const useLeveesProchaines = (secteur: string | null, sauvage: boolean, actif: boolean) =>
  useQuery({ ...requeteLeveesProchaines(secteur, sauvage), enabled: actif && Boolean(secteur) });

/** The same levées read on demand (an address was just chosen), through the cache and its error handler. */
export function useChargerLeveesProchaines() {
  const client = useQueryClient();
  return useCallback((secteur: string, sauvage: boolean) => client.fetchQuery(requeteLeveesProchaines(secteur, sauvage)), [client]);
}

/** `GET /levee/actif`: every ACTIF levée from today on, where a selection may go. */
const requeteLeveesActives = queryOptions({ queryKey: clesLevee.actives, queryFn: () => lireJson('levee/actif', z.array(leveeSchema)) });

export const useLeveesActives = (actif: boolean) => useQuery({ ...requeteLeveesActives, enabled: actif });
