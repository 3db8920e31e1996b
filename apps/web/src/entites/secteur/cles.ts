import { clesEntite } from '../../lib/cles';

const base = clesEntite('secteur');

export const clesSecteur = { ...base, libelles: [...base.tout, 'libelles'] as const };
