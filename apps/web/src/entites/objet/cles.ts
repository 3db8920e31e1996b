import { clesEntite } from '../../lib/cles';

const base = clesEntite('objet');

export const clesObjet = { ...base, choisissables: [...base.tout, 'choisissables'] as const };
