import { clesEntite } from '../../lib/cles';

const base = clesEntite('destinataire');

export const clesDestinataire = { ...base, nombreActifs: [...base.tout, 'nombreActifs'] as const };
