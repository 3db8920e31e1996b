import { adresseSchema } from '@debarras/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson } from '../../lib/http';
import { clesAdresse } from './cles';

/** The register's type-ahead (GET /adresse/?q=): at most 200 addresses, in street then number order. */
const rechercherAdresses = (q: string) => lireJson(`adresse/?q=${encodeURIComponent(q)}`, z.array(adresseSchema));

/** One search of the register, the same for the list under the field and for Enter typed ahead of it. */
export const requeteAdresses = (terme: string) =>
  queryOptions({
    queryKey: clesAdresse.recherche(terme),
    queryFn: () => rechercherAdresses(terme),
    // a failed search is said in the list itself, under the field
    meta: { erreurSurPlace: true },
    staleTime: 5 * 60_000,
  });

/** One address of the register (`GET /adresse/{idpAdr}`): where the map of an exception opens. */
export const requeteAdresse = (idpAdr: string | undefined) =>
  queryOptions({
    queryKey: clesAdresse.detail(idpAdr),
    queryFn: () => lireJson(`adresse/${encodeURIComponent(idpAdr!)}`, adresseSchema),
    enabled: Boolean(idpAdr),
    staleTime: 5 * 60_000,
  });
