import {
  LOG_EVENEMENT_LIBELLES,
  libelleTypeEvenement,
  logEvenementListeSchema,
  logEvenementSchema,
  type LogEvenement,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<LogEvenement>[] = [
  { entete: LOG_EVENEMENT_LIBELLES.domaine, valeur: (l) => l.domaine, largeur: 18 },
  { entete: LOG_EVENEMENT_LIBELLES.date, valeur: (l) => l.date, type: 'dateHeure', largeur: 22 },
  { entete: LOG_EVENEMENT_LIBELLES.type, valeur: (l) => libelleTypeEvenement(l.type), largeur: 8 },
  { entete: LOG_EVENEMENT_LIBELLES.texte, valeur: (l) => l.texte, largeur: 100 },
];

export function routesLogEvenement(app: FastifyInstance, { base, horloge }: Contexte) {
  routesListe(app, {
    horloge,
    chemin: '/logEvenement',
    permission: 'administrer',
    schema: logEvenementListeSchema,
    ligne: logEvenementSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'messages',
      feuille: LOG_EVENEMENT_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
}
