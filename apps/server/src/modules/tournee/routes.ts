import { ordreTourneeSchema, reoptimiserTourneeSchema, tourneeSchema } from '@debarras/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

/** A depot that does not read, a routing service that fails: said in the request's log, the round is still answered. */
const options = (requete: FastifyRequest): service.OptionsTournee => ({ avertir: (message) => requete.log.warn(message) });

export function routesTournee(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererLevees' } as const;
  const reponse = { 200: tourneeSchema };

  r.get('/levee/:id/tournee', { config: consulter, schema: { params: identifiant, response: reponse } }, async (requete) =>
    service.tournee(base.db, requete.params.id, options(requete)),
  );
  r.post(
    '/levee/:id/tournee',
    { config: gerer, schema: { params: identifiant, body: ordreTourneeSchema, response: reponse } },
    async (requete) =>
      service.enregistrerOrdre(base.db, requete.params.id, requete.body, utilisateurDe(requete).username, options(requete)),
  );
  r.post(
    '/levee/:id/tournee/optimiser',
    { config: gerer, schema: { params: identifiant, body: reoptimiserTourneeSchema, response: reponse } },
    async (requete) => service.reoptimiser(base.db, requete.params.id, requete.body, utilisateurDe(requete).username, options(requete)),
  );
}
