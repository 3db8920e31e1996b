import {
  aLaPermission,
  envoiFeuillesSchema,
  IMPRESSION_MESSAGES,
  impressionFeuillesSchema,
  reponseEnvoiFeuillesSchema,
} from '@debarras/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TYPES_MIME } from '../../documents/index.js';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

/** A document is sent as bytes in one of its formats: described, never serialized. */
const reponseDocument = (...types: string[]) => ({
  200: { description: 'Document', content: Object.fromEntries(types.map((type) => [type, { schema: z.file() }])) },
});

/** PDF opens in the browser's tab; Word and Excel are saved. */
const envoyerDocument = (reponse: FastifyReply, d: service.Document) =>
  reponse
    .header('content-type', d.type)
    .header('content-disposition', `${d.type === 'application/pdf' ? 'inline' : 'attachment'}; filename="${d.fichier}"`)
    .header('cache-control', 'no-store')
    .send(d.contenu);

const debarrasAImprimer = z.strictObject({
  id: z.string({ error: IMPRESSION_MESSAGES.identifiantObligatoire }).pipe(identifiant.shape.id as z.ZodType<number, string>),
});

/** A routing service that fails: said in the request's log, the sheets print their rounds in straight lines. */
const avertir = (requete: FastifyRequest) => ({ avertir: (message: string) => requete.log.warn(message) });

export function routesImpression(app: FastifyInstance, { base, config, horloge, courrier }: Contexte) {
  /**
   * The crews' links the sheets print, for whoever may give them (gestion, admin, technique): a link lets its holder
   * record results, which the read-only role may not (docs/regles.md « Tournée des équipes »).
   */
  const options = (requete: FastifyRequest): service.OptionsImpression => {
    const u = utilisateurDe(requete);
    return {
      ...avertir(requete),
      ...(aLaPermission(u.roles, 'gererLevees') ? { liens: { publicUrl: config.publicUrl, par: u.username } } : {}),
    };
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/levee/print/',
    {
      config: { permission: 'consulter' },
      schema: { querystring: impressionFeuillesSchema, response: reponseDocument(...Object.values(TYPES_MIME)) },
    },
    async (requete, reponse) =>
      envoyerDocument(
        reponse,
        await service.imprimerFeuilles(base.db, requete.query.date, requete.query.type, horloge.maintenant(), options(requete)),
      ),
  );
  r.get(
    '/debarras/print/',
    { config: { permission: 'consulter' }, schema: { querystring: debarrasAImprimer, response: reponseDocument(TYPES_MIME.Pdf) } },
    async (requete, reponse) => envoyerDocument(reponse, await service.imprimerDebarras(base.db, requete.query.id, horloge.maintenant())),
  );
  r.post(
    '/levee/print/envoi',
    { config: { permission: 'envoyerFeuilles' }, schema: { body: envoiFeuillesSchema, response: { 200: reponseEnvoiFeuillesSchema } } },
    async (requete) =>
      service.envoyerFeuillesMaintenant(
        base.db,
        courrier,
        requete.body.date,
        utilisateurDe(requete).username,
        horloge.maintenant(),
        options(requete),
      ),
  );
}
