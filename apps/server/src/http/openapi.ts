import swagger from '@fastify/swagger';
import { VERSION_APPLICATION, reponseErreurSchema } from '@debarras/domain';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COOKIE_SESSION } from './authentification.js';

type DocumentOpenApi = Exclude<ReturnType<FastifyInstance['swagger']>, string>;
type Operation = { responses?: Record<string, unknown> };

const ERREUR = '#/components/responses/Erreur';

/** Every answer but a success is an error body: described once, referenced by every operation. */
function decrireErreurs(document: DocumentOpenApi): DocumentOpenApi {
  const chemins = Object.values(document.paths ?? {}) as Record<string, Operation>[];
  for (const operation of chemins.flatMap((chemin) => Object.values(chemin))) {
    operation.responses = { ...operation.responses, default: { $ref: ERREUR } };
  }
  const composants = (document as { components?: Record<string, object> }).components ?? {};
  return {
    ...document,
    components: {
      ...composants,
      schemas: { ...composants.schemas, ReponseErreur: z.toJSONSchema(reponseErreurSchema, { target: 'openapi-3.0' }) },
      responses: {
        Erreur: {
          description: 'Refus ou erreur : le message à lire, en français, et son code',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ReponseErreur' } } },
        },
      },
    },
  } as DocumentOpenApi;
}

/**
 * The OpenAPI description of `prefixe` (`${BASE_PATH}rest`), generated from the zod schemas the
 * routes declare. Registered before the routes, which it collects as they are added.
 */
export async function decrireApi(app: FastifyInstance, prefixe: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Débarras', version: VERSION_APPLICATION },
      servers: [{ url: prefixe }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: COOKIE_SESSION } } },
      security: [{ session: [] }],
    },
    transform: (document) => {
      if (!document.url.startsWith(`${prefixe}/`)) return { schema: { hide: true }, url: document.url };
      const { schema, url } = jsonSchemaTransform(document);
      const { public: publique, permission } = document.route.config ?? {};
      const acces: FastifySchema & { 'x-permission'?: string } = publique ? { security: [] } : { 'x-permission': permission };
      return { schema: { ...schema, ...acces }, url };
    },
    transformObject: (document) => decrireErreurs((document as { openapiObject: DocumentOpenApi }).openapiObject),
  });
}

/**
 * Every route of the API declares the answer of its success: the serializer checks each answer
 * against it, and the OpenAPI description shows it. A route without one stops the server.
 */
export function exigerReponseDeclaree(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const codes = Object.keys((route.schema?.response as object | undefined) ?? {});
    if (!codes.some((code) => code.startsWith('2'))) {
      throw new Error(`La route ${route.method} ${route.url} doit déclarer le schéma de sa réponse de succès.`);
    }
  });
}

/** A success without a body (204). */
export const sansCorps = (description: string) => z.undefined().meta({ description });

const documentSchema = z
  .custom<DocumentOpenApi>((v) => typeof v === 'object' && v !== null && 'openapi' in v)
  .meta({ description: 'Ce document, OpenAPI 3.0' });

/** `GET /openapi.json`, for signed-in users. */
export function routeOpenApi(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/openapi.json', { config: { permission: 'consulter' }, schema: { response: { 200: documentSchema } } }, async () =>
      app.swagger(),
    );
}
