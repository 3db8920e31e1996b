import {
  dureeEntre,
  libelleLangue,
  libelleTypeReservation,
  RESERVATION_LIBELLES,
  reservationListeSchema,
  reservationSchema,
  type Reservation,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<Reservation>[] = [
  { entete: RESERVATION_LIBELLES.type, valeur: (r) => libelleTypeReservation(r.type), largeur: 14 },
  { entete: RESERVATION_LIBELLES.idSession, valeur: (r) => r.idSession, largeur: 36 },
  { entete: RESERVATION_LIBELLES.timestampReservation, valeur: (r) => r.timestampReservation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.timestampConfirmation, valeur: (r) => r.timestampConfirmation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.timestampValidation, valeur: (r) => r.timestampValidation, type: 'dateHeure', largeur: 22 },
  { entete: RESERVATION_LIBELLES.diff12, valeur: (r) => dureeEntre(r.timestampReservation, r.timestampConfirmation) },
  { entete: RESERVATION_LIBELLES.diff23, valeur: (r) => dureeEntre(r.timestampConfirmation, r.timestampValidation) },
  { entete: RESERVATION_LIBELLES.rejetEmail, valeur: (r) => (r.rejetEmail ? 'Oui' : 'Non') },
  { entete: RESERVATION_LIBELLES.langue, valeur: (r) => libelleLangue(r.langue) },
];

export function routesReservation(app: FastifyInstance, { base, horloge }: Contexte) {
  routesListe(app, {
    horloge,
    chemin: '/reservation',
    permission: 'administrer',
    schema: reservationListeSchema,
    ligne: reservationSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'reservations',
      feuille: RESERVATION_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
}
