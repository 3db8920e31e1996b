import { clesEntite } from '../../lib/cles';

const base = clesEntite('signalement');

export const clesSignalement = {
  ...base,
  /** How many wait for staff: the menu's count. */
  compte: [...base.tout, 'compte'] as const,
  /** The open or the handled ones. */
  parEtat: (etat: 'OUVERT' | 'RESOLU') => [...base.listes, etat] as const,
};
