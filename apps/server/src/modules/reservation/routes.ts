import { RESERVATION_LIBELLES, reservationListeSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Contexte } from '../../http/contexte.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

export function routesReservation(app: FastifyInstance, { base }: Contexte) {
  routesListe(app, {
    chemin: '/reservation',
    permission: 'administrer',
    schema: reservationListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'reservations',
      feuille: RESERVATION_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
}
