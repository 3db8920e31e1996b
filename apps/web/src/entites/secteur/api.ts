import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesSecteur } from './cles';

/** Every sector label, active or not: the availability modal's picker. */
export const useLibellesSecteurs = (actif: boolean) =>
  useQuery({
    queryKey: clesSecteur.libelles,
    queryFn: () => lireJson('secteur/labels', z.array(z.string())),
    enabled: actif,
    staleTime: 5 * 60_000,
  });
