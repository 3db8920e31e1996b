import { dureeEntre, libelleLangue, RESERVATION_LIBELLES, type Page, type Reservation } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import type { ColonneExport } from '../../http/export.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteReservations): Promise<Page<Reservation>> => repo.liste.page(db, q);

export const COLONNES_EXPORT: ColonneExport<Reservation>[] = [
  { entete: RESERVATION_LIBELLES.type, valeur: (r) => r.type, largeur: 14 },
  { entete: RESERVATION_LIBELLES.idSession, valeur: (r) => r.idSession, largeur: 36 },
  { entete: RESERVATION_LIBELLES.timestampReservation, valeur: (r) => r.timestampReservation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.timestampConfirmation, valeur: (r) => r.timestampConfirmation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.timestampValidation, valeur: (r) => r.timestampValidation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.diff12, valeur: (r) => dureeEntre(r.timestampReservation, r.timestampConfirmation) },
  { entete: RESERVATION_LIBELLES.diff23, valeur: (r) => dureeEntre(r.timestampConfirmation, r.timestampValidation) },
  { entete: RESERVATION_LIBELLES.rejetEmail, valeur: (r) => (r.rejetEmail ? 'Oui' : 'Non') },
  { entete: RESERVATION_LIBELLES.langue, valeur: (r) => libelleLangue(r.langue) },
];

export const lotsExport = (db: Db, q: repo.RequeteReservations) => repo.liste.lots(db, q);
