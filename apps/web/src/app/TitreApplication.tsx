import { COMMUNE_NON_DEFINIE, type Commune } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { z } from 'zod';
import { lireJson } from '../lib/http';

const communeSchema = z.object({ label: z.string(), exists: z.boolean(), code: z.number() });

/** The municipality served, loaded once at start (public: the login page shows it too). */
export function useCommune() {
  return useQuery({ queryKey: ['commune'], queryFn: (): Promise<Commune> => lireJson('commune', communeSchema), staleTime: Infinity });
}

export function libelleCommune(commune: Commune | undefined) {
  if (!commune) return '';
  return commune.exists ? commune.label : COMMUNE_NON_DEFINIE;
}

/** 'Débarras – {commune}', in the page and as the document title. */
export function TitreApplication({ niveau = 4 }: { niveau?: 2 | 4 }) {
  const { data } = useCommune();
  const commune = libelleCommune(data);
  useEffect(() => {
    document.title = commune ? `Débarras – ${commune}` : 'Débarras';
  }, [commune]);
  return (
    <Typography.Title level={niveau} className="titre-application">
      Débarras{commune && <span className="titre-commune"> – {commune}</span>}
    </Typography.Title>
  );
}
