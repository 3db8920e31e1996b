import { LOG_EVENEMENT_LIBELLES, logEvenementListeSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Contexte } from '../../http/contexte.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

export function routesLogEvenement(app: FastifyInstance, { base }: Contexte) {
  routesListe(app, {
    chemin: '/logEvenement',
    permission: 'administrer',
    schema: logEvenementListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'messages',
      feuille: LOG_EVENEMENT_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
}
