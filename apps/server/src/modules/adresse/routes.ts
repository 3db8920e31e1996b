import { adresseCarteSchema, adresseSchema, etendueSchema, pointageSchema, rechercheAdresseSchema, rueCarteSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import * as service from './service.js';

/** The address register, read by every address picker of the product and by the maps. */
export function routesAdresse(app: FastifyInstance, { base, config }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lire = { permission: 'lireAdresses' } as const;
  r.get(
    '/adresse/',
    { config: lire, schema: { querystring: rechercheAdresseSchema, response: { 200: z.array(adresseSchema) } } },
    async (requete) => service.rechercher(base.db, requete.query.q, { ...requete.query, communes: [config.communeCode] }),
  );
  const carte = { permission: 'consulterCarteExceptions' } as const;
  const points = { 200: z.array(adresseCarteSchema) };
  r.get('/adresse/extent', { config: carte, schema: { querystring: etendueSchema, response: points } }, async (requete) =>
    service.dansEtendue(base.db, requete.query.bbox),
  );
  r.get(
    '/adresse/rues',
    { config: carte, schema: { querystring: etendueSchema, response: { 200: z.array(rueCarteSchema) } } },
    async (requete) => service.ruesDansEtendue(base.db, requete.query.bbox),
  );
  r.get('/adresse/proche', { config: carte, schema: { querystring: pointageSchema, response: points } }, async (requete) =>
    service.proches(base.db, requete.query.x, requete.query.y),
  );
  r.get(
    '/adresse/:idpAdr',
    { config: lire, schema: { params: z.object({ idpAdr: z.string().trim().min(1).max(30) }), response: { 200: adresseSchema } } },
    async (requete) => service.detail(base.db, requete.params.idpAdr),
  );
}
