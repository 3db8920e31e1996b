import { EQUIPE_MESSAGES, resultatDebarrasSchema } from '@debarras/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

/** A photo is sent as its bytes, in its type: described, never serialized. */
const envoyerPhoto = (reponse: FastifyReply, photo: { type: string; contenu: Buffer }) =>
  reponse.header('content-type', photo.type).header('cache-control', 'private, max-age=86400').send(photo.contenu);

const image = { schema: z.file() };

/** What the crews found, as the office reads it: every role that reads the levées. */
export function routesResultat(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;

  r.get(
    '/levee/:id/resultats',
    { config: consulter, schema: { params: identifiant, response: { 200: z.array(resultatDebarrasSchema) } } },
    async (requete) => service.deLaLevee(base.db, requete.params.id),
  );
  r.get(
    '/resultat/:idClient/photo',
    {
      config: consulter,
      schema: {
        params: z.object({ idClient: z.uuid({ error: EQUIPE_MESSAGES.idClientInvalide }) }),
        response: { 200: { description: 'Photo', content: { 'image/jpeg': image, 'image/png': image, 'image/webp': image } } },
      },
    },
    async (requete, reponse) => envoyerPhoto(reponse, await service.photo(base.db, requete.params.idClient)),
  );
}
