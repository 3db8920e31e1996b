import { clesEntite } from '../../lib/cles';

export const clesReservation = clesEntite('reservation');
