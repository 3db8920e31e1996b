import { logEvenementSchema } from '@debarras/domain';
import { lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

export const CLE_ETAT_LISTE = 'logEvenementListe';
export const CHEMIN_EXPORT = 'logEvenement/export/';

export const listerLogEvenements = (requete: RequeteListe) => lirePage('logEvenement/', rechercheListe(requete), logEvenementSchema);
