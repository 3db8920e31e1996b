import { reservationSchema } from '@debarras/domain';
import { lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

export const CLE_ETAT_LISTE = 'reservationListe';
export const CHEMIN_EXPORT = 'reservation/export/';

export const listerReservations = (requete: RequeteListe) => lirePage('reservation/', rechercheListe(requete), reservationSchema);
