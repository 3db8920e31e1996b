import { clesEntite } from '../../lib/cles';

const base = clesEntite('levee');

export const clesLevee = {
  ...base,
  prochaines: (secteur: string | null, sauvage: boolean) => [...base.tout, 'prochaines', secteur, sauvage] as const,
  actives: [...base.tout, 'actives'] as const,
};
