import { echecsCourrielSchema, executionSchema, TACHE_MESSAGES, TACHES, tacheParametresSchema, tacheSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tacheEnCours } from '../../erreurs.js';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import { echecsCourriel } from '../courriel/index.js';
import * as service from './service.js';

export function routesTache(app: FastifyInstance, { base, taches }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererTaches' } as const;

  r.get('/tache', { config: gerer, schema: { response: { 200: z.array(tacheSchema) } } }, async () => service.lister(base.db));
  // the failed e-mails, whoever sent them (docs/exploitation.md « Courriels »): a count the screen shows above the jobs
  r.get('/tache/courriels', { config: gerer, schema: { response: { 200: echecsCourrielSchema } } }, async () => echecsCourriel(base.db));
  r.post(
    '/tache/:code/execution',
    { config: gerer, schema: { params: tacheParametresSchema, response: { 202: executionSchema } } },
    async (requete, reponse) => {
      const { code } = requete.params;
      // the run goes on after the answer: the screen follows it with GET /tache
      const execution = await taches.lancer(code, utilisateurDe(requete).username);
      if (execution === 'occupee') throw tacheEnCours(TACHE_MESSAGES.enCours(TACHES[code].libelle));
      return reponse.status(202).send(execution);
    },
  );
}
