import { clesEntite } from '../../lib/cles';

export const clesDestinataire = clesEntite('destinataire');
