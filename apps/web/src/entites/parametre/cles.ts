import { clesEntite } from '../../lib/cles';

const base = clesEntite('parametre');
const valeurs = [...base.tout, 'valeur'] as const;

export const clesParametre = { ...base, valeurs, valeur: (cle: string) => [...valeurs, cle] as const };
