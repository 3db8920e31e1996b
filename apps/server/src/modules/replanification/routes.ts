import { listeAReplanifierSchema, replanificationSchema, reponseReplanificationSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Contexte } from '../../contexte.js';
import { utilisateurDe } from '../../http/authentification.js';
import * as service from './service.js';

/** « À replanifier »: read by every role, the move by those who attach débarras to levées. */
export function routesReplanification(app: FastifyInstance, { base, horloge, courrier }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/replanification', { config: { permission: 'consulter' }, schema: { response: { 200: listeAReplanifierSchema } } }, async () =>
    service.lister(base.db, horloge.aujourdhui()),
  );
  r.post(
    '/replanification',
    { config: { permission: 'gererDebarras' }, schema: { body: replanificationSchema, response: { 200: reponseReplanificationSchema } } },
    async (requete) =>
      service.replanifier(base.db, requete.body, utilisateurDe(requete).username, { jour: horloge.aujourdhui(), courrier }),
  );
}
