import { clesEntite } from '../../lib/cles';

export const clesLogEvenement = clesEntite('logEvenement');
