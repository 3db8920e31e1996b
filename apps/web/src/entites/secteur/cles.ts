import { clesEntite } from '../../lib/cles';

const base = clesEntite('secteur');

export const clesSecteur = {
  ...base,
  libelles: [...base.tout, 'libelles'] as const,
  /** Every sector's perimeter (`GET /secteur/perimetres`). */
  perimetres: [...base.tout, 'perimetres'] as const,
};
