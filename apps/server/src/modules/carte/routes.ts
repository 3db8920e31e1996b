import { fondDeCarteSchema, IMPRESSION_CARTE, impressionCarteSchema } from '@debarras/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import { enTeteTelechargement } from '../../http/telechargement.js';
import * as service from './service.js';

/** A day: the base map changes only when the application is updated, and the ETag tells it apart then. */
const CACHE_FOND = 'private, max-age=86400';

/** A document is sent as bytes: described, never serialized. */
const envoyerPdf = (reponse: FastifyReply, titre: string, pdf: Buffer) =>
  reponse
    .header('content-type', 'application/pdf')
    .header('content-disposition', enTeteTelechargement(`${titre}.pdf`))
    .header('cache-control', 'no-store')
    .send(pdf);

/** The map's own layers and its print: what every map screen needs with no network (docs/api.md « Cartes »). */
export function routesCarte(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const carte = { permission: 'consulterCarteExceptions' } as const;

  r.get(
    '/carte/fond',
    {
      config: carte,
      schema: { response: { 200: fondDeCarteSchema, 304: z.undefined().meta({ description: 'Inchangé (If-None-Match)' }) } },
    },
    async (requete, reponse) => {
      const { fond, etag } = await service.fondDeCarte(base.db);
      reponse.header('etag', etag).header('cache-control', CACHE_FOND);
      if (requete.headers['if-none-match'] === etag) return reponse.code(304).send();
      return fond;
    },
  );
  r.post(
    '/carte/impression',
    {
      config: carte,
      // the picture travels in base64: a third larger than its bytes, plus the title
      bodyLimit: Math.ceil((IMPRESSION_CARTE.imageMaxOctets * 4) / 3) + 64 * 1024,
      schema: {
        body: impressionCarteSchema,
        response: { 200: { description: 'La carte en PDF, A4 paysage', content: { 'application/pdf': { schema: z.file() } } } },
      },
    },
    async (requete, reponse) => envoyerPdf(reponse, requete.body.titre, await service.carteEnPdf(requete.body)),
  );
}
