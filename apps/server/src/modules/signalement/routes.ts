import {
  clotureSignalementSchema,
  compteSignalementsSchema,
  listeSignalementsSchema,
  replanificationSignalementSchema,
  signalementSchema,
  traitementSignalementSchema,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import { utilisateurDe } from '../../http/authentification.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

/** The residents' reports: read by every role, handled by those who attach débarras to levées. */
export function routesSignalement(app: FastifyInstance, { base, horloge, courrier }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererDebarras' } as const;
  r.get(
    '/signalement',
    { config: consulter, schema: { querystring: listeSignalementsSchema, response: { 200: z.array(signalementSchema) } } },
    async (requete) => service.lister(base.db, requete.query.etat),
  );
  r.get('/signalement/compte', { config: consulter, schema: { response: { 200: compteSignalementsSchema } } }, async () =>
    service.compter(base.db),
  );
  r.post(
    '/signalement/:id/replanifier',
    {
      config: gerer,
      schema: { params: identifiant, body: replanificationSignalementSchema, response: { 200: traitementSignalementSchema } },
    },
    async (requete) =>
      service.replanifier(base.db, requete.params.id, requete.body.idLevee, utilisateurDe(requete).username, {
        jour: horloge.aujourdhui(),
        maintenant: horloge.maintenant(),
        courrier,
      }),
  );
  r.post(
    '/signalement/:id/clore',
    { config: gerer, schema: { params: identifiant, body: clotureSignalementSchema, response: { 200: traitementSignalementSchema } } },
    async (requete) =>
      service.clore(base.db, requete.params.id, requete.body.reponse, utilisateurDe(requete).username, {
        maintenant: horloge.maintenant(),
        courrier,
      }),
  );
}
