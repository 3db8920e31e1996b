import { celluleCapaciteSchema, jourCapaciteSchema, periodeCapaciteSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import * as service from './service.js';

/** The capacity board: it only reads, every role (docs/regles.md « Tableau des capacités »). */
export function routesCapacite(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  r.get(
    '/capacite',
    { config: consulter, schema: { querystring: periodeCapaciteSchema, response: { 200: z.array(celluleCapaciteSchema) } } },
    async (requete) => service.cellules(base.db, requete.query.du, requete.query.au),
  );
  r.get(
    '/capacite/jours',
    { config: consulter, schema: { querystring: periodeCapaciteSchema, response: { 200: z.array(jourCapaciteSchema) } } },
    async (requete) => service.jours(requete.query.du, requete.query.au),
  );
}
