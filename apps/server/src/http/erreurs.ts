import { ERREURS } from '@debarras/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a service throws on purpose: its status and the French message the user reads. */
export class ErreurMetier extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    readonly errMsg: string,
  ) {
    super(errMsg);
  }
}

export const requeteInvalide = (message: string) => new ErreurMetier(400, message);
export const introuvable = (quoi: string) => new ErreurMetier(404, ERREURS.introuvable(quoi));
export const conflit = (message: string) => new ErreurMetier(409, message);

/** PostgreSQL's unique_violation, for the rare race a prior check could not see. */
export function estViolationUnicite(erreur: unknown): boolean {
  const e = erreur as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Turns every error into `{ errMsg }`: the French message, never a stack trace. */
export function installerGestionErreurs(app: FastifyInstance) {
  app.setErrorHandler((erreur: FastifyError | ErreurMetier, requete, reponse) => {
    if (erreur instanceof ErreurMetier) {
      return reponse.status(erreur.status).send({ errMsg: erreur.errMsg });
    }
    if (hasZodFastifySchemaValidationErrors(erreur)) {
      const premiere = erreur.validation[0];
      return reponse.status(400).send({ errMsg: premiere?.message ?? ERREURS.corpsInvalide });
    }
    const fe = erreur as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's own refusals: unreadable JSON, unsupported media type, body too large…
      return reponse.status(fe.statusCode).send({ errMsg: ERREURS.corpsInvalide });
    }
    requete.log.error({ err: erreur }, 'erreur non traitée');
    return reponse.status(500).send({ errMsg: ERREURS.interne });
  });
}

export const repondreRouteInconnue = (reponse: FastifyReply) => reponse.status(404).send({ errMsg: ERREURS.routeInconnue });
