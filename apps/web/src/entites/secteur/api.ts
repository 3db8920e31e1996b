import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesSecteur } from './cles';

/** Every sector label, active or not: the availability modal's picker. */
const requeteLibellesSecteurs = queryOptions({
  queryKey: clesSecteur.libelles,
  queryFn: () => lireJson('secteur/labels', z.array(z.string())),
  staleTime: 5 * 60_000,
});

export const useLibellesSecteurs = (actif: boolean) => useQuery({ ...requeteLibellesSecteurs, enabled: actif });
