import { clesEntite } from '../../lib/cles';

export const clesRecurrence = clesEntite('recurrence');
