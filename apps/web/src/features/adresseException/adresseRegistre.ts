import { adresseSchema } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { lireJson } from '../../lib/http';

/** The register's address of an exception: where its map opens. */
export const useAdresseDuRegistre = (idpAdr: string | undefined) =>
  useQuery({
    queryKey: ['adresse', 'detail', idpAdr],
    queryFn: () => lireJson(`adresse/${encodeURIComponent(idpAdr!)}`, adresseSchema),
    enabled: Boolean(idpAdr),
    staleTime: 5 * 60_000,
  });
