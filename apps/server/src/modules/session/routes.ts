import { identificationSchema, utilisateurSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COOKIE_SESSION, utilisateurDe, verifierOrigine } from '../../http/authentification.js';
import { limiteConnexions } from '../../http/securite.js';
import type { Contexte } from '../../contexte.js';
import { sansCorps } from '../../http/openapi.js';
import { connecter, deconnecter, sessionActive, versUtilisateur } from './service.js';

export function routesSession(app: FastifyInstance, { base, config }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // sent to the API alone: never to the residents' pages and calls under `${BASE_PATH}en-ligne/` (docs/regles.md « Session »)
  const cookie = { path: `${config.basePath}rest`, httpOnly: true, sameSite: 'lax', secure: config.cookieSecure } as const;
  const reponseUtilisateur = { 200: utilisateurSchema };

  r.post(
    '/login',
    { config: { public: true, ...limiteConnexions(config) }, schema: { body: identificationSchema, response: reponseUtilisateur } },
    async (requete, reponse) => {
      const jeton = await connecter(base.db, requete.body.username, requete.body.password, requete.ip);
      const ouverte = await sessionActive(base.db, jeton, config.sessionDureeMaxMs);
      return reponse.setCookie(COOKIE_SESSION, jeton, cookie).send(versUtilisateur(ouverte!.utilisateur));
    },
  );

  r.get('/user', { config: { permission: 'consulter' }, schema: { response: reponseUtilisateur } }, async (requete) =>
    versUtilisateur(utilisateurDe(requete)),
  );

  r.get('/logout', { config: { public: true }, schema: { response: { 204: sansCorps('Session fermée') } } }, async (requete, reponse) => {
    // a GET by the spec, yet it changes state: another site's link must not sign the user out
    verifierOrigine(requete, config.publicUrl);
    const jeton = requete.cookies[COOKIE_SESSION];
    if (jeton) await deconnecter(base.db, jeton);
    return reponse.clearCookie(COOKIE_SESSION, cookie).status(204).send();
  });
}
