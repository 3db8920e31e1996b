import { ERREURS, type CodeErreur, type ReponseErreur } from '@debarras/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErreurApplication } from '../erreurs.js';
import { estRefusDeValeur } from './journal.js';

/** The one place a refusal's code becomes an HTTP status. */
const STATUTS: Record<CodeErreur, number> = {
  SAISIE_INVALIDE: 400,
  NON_AUTHENTIFIE: 401,
  NON_AUTORISE: 403,
  INTROUVABLE: 404,
  CONFLIT_VERSION: 409,
  CAPACITE_DEPASSEE: 409,
  ETAT_INVALIDE: 409,
  DOUBLON: 409,
  TROP_DE_REQUETES: 429,
  ETENDUE_TROP_GRANDE: 400,
  TACHE_EN_COURS: 409,
  ERREUR_INTERNE: 500,
};

/** The text an error answer carries: the message as thrown, unless a scope reads it for its users (the online booking's languages). */
export type Traduction = (requete: FastifyRequest, code: CodeErreur, message: string) => string;

/** Turns every error into `{ errMsg, code }`: the French message (or `traduire`'s), never a stack trace. */
export function installerGestionErreurs(app: FastifyInstance, traduire: Traduction = (_requete, _code, message) => message) {
  app.setErrorHandler((erreur: FastifyError | ErreurApplication, requete, reponse) => {
    const repondre = (code: CodeErreur, message: string, statut = STATUTS[code]) =>
      reponse.status(statut).send({ errMsg: traduire(requete, code, message), code } satisfies ReponseErreur);
    if (erreur instanceof ErreurApplication) return repondre(erreur.code, erreur.message);
    if (hasZodFastifySchemaValidationErrors(erreur)) {
      return repondre('SAISIE_INVALIDE', erreur.validation[0]?.message ?? ERREURS.corpsInvalide);
    }
    const fe = erreur as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Fastify's own refusals (unreadable JSON, unsupported media type, body too large…) keep their status.
      return repondre('SAISIE_INVALIDE', ERREURS.corpsInvalide, fe.statusCode);
    }
    if (estRefusDeValeur(erreur)) {
      // a value no schema bounded reached the database: the input's fault, not the server's
      requete.log.warn({ err: erreur }, 'valeur refusée par la base');
      return repondre('SAISIE_INVALIDE', ERREURS.valeurHorsLimites);
    }
    requete.log.error({ err: erreur }, 'erreur non traitée');
    return repondre('ERREUR_INTERNE', ERREURS.interne);
  });
}

export const repondreRouteInconnue = (reponse: FastifyReply, errMsg: string = ERREURS.routeInconnue) =>
  reponse.status(STATUTS.INTROUVABLE).send({ errMsg, code: 'INTROUVABLE' } satisfies ReponseErreur);

/** The router's refusal of a path it cannot read (malformed, or a segment too long), before any route. */
export const repondreCheminInvalide = (reponse: FastifyReply, errMsg: string = ERREURS.cheminInvalide) =>
  reponse.status(STATUTS.SAISIE_INVALIDE).send({ errMsg, code: 'SAISIE_INVALIDE' } satisfies ReponseErreur);
