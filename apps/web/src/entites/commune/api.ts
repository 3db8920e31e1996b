import type { Commune } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesCommune } from './cles';

const communeSchema = z.object({ label: z.string(), exists: z.boolean(), code: z.number() });

/** The municipality served, loaded once at start (public: the login page shows it too). */
const requeteCommune = queryOptions({
  queryKey: clesCommune.commune,
  queryFn: (): Promise<Commune> => lireJson('commune', communeSchema),
  staleTime: Infinity,
});

export const useCommune = () => useQuery(requeteCommune);
