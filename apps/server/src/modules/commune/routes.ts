import { communeSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Contexte } from '../../contexte.js';
import * as service from './service.js';

/** The municipality the installation serves (COMMUNE_CODE), shown in the title before sign-in too. */
export function routesCommune(app: FastifyInstance, { base, config }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/commune', { config: { public: true }, schema: { response: { 200: communeSchema } } }, async () =>
    service.communeServie(base.db, config.communeCode),
  );
}
