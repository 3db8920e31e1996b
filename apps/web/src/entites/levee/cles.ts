import { clesEntite } from '../../lib/cles';

const base = clesEntite('levee');
const toutesProchaines = [...base.tout, 'prochaines'] as const;

export const clesLevee = {
  ...base,
  /** The next levées of every sector: a changed levée may join or leave any of them. */
  toutesProchaines,
  prochaines: (secteur: string | null, sauvage: boolean) => [...toutesProchaines, secteur, sauvage] as const,
  actives: [...base.tout, 'actives'] as const,
  /** How many ACTIF levées a day has (`GET /levee/count/{date}`). */
  nombreLe: (jour: string | null) => [...base.tout, 'nombre', jour] as const,
  /** The first day with an ACTIF levée from a day on (`GET /levee/next/{date}`). */
  prochaineDate: (depuis: string) => [...base.tout, 'prochaineDate', depuis] as const,
  /** What the crews found on a levée (`GET /levee/{id}/resultats`). */
  resultats: (idLevee: number) => [...base.tout, 'resultats', idLevee] as const,
  /** The capacity board's cells and days of a period (`GET /capacite`, `GET /capacite/jours`). */
  capacite: (du: string, au: string) => [...base.tout, 'capacite', du, au] as const,
  joursCapacite: (du: string, au: string) => [...base.tout, 'joursCapacite', du, au] as const,
};
