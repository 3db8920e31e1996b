import { clesEntite } from '../../lib/cles';

export const clesTache = clesEntite('tache');
