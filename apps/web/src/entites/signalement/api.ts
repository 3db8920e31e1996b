import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesSignalement } from './cles';

/*
 * Declared here rather than read from the domain's signalement module: the menu's count is in the back-office's first
 * load, which that module's texts and schemas would weigh down (docs/performance.md « Application web »).
 */
const compteSchema = z.object({ ouverts: z.number().int() });

/** The residents' reports waiting for staff, read again every minute: a resident may report at any time. */
const requeteCompteSignalements = queryOptions({
  queryKey: clesSignalement.compte,
  queryFn: () => lireJson('signalement/compte', compteSchema),
  refetchInterval: 60_000,
});

export const useCompteSignalements = (actif: boolean) => useQuery({ ...requeteCompteSignalements, enabled: actif });
