import { clesEntite } from '../../lib/cles';

const base = clesEntite('levee');

export const clesLevee = {
  ...base,
  prochaines: (secteur: string | null, sauvage: boolean) => [...base.tout, 'prochaines', secteur, sauvage] as const,
  actives: [...base.tout, 'actives'] as const,
  /** How many ACTIF levées a day has (`GET /levee/count/{date}`). */
  nombreLe: (jour: string | null) => [...base.tout, 'nombre', jour] as const,
  /** The first day with an ACTIF levée from a day on (`GET /levee/next/{date}`). */
  prochaineDate: (depuis: string) => [...base.tout, 'prochaineDate', depuis] as const,
};
