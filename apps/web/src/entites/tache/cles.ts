import { clesEntite } from '../../lib/cles';

const base = clesEntite('tache');

/** The failed e-mails sit under the lists: what refreshes the jobs refreshes them too. */
export const clesTache = { ...base, courriels: [...base.listes, 'courriels'] as const };
