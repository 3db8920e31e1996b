import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERREURS, type CodeErreur, type ReponseErreur } from '@debarras/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErreurApplication } from '../erreurs.js';
import { estManqueDeRessources, estRefusDeValeur } from './journal.js';
import { ENTETE_HSTS, ENTETES_DE_SECURITE } from './securite.js';

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
  INDISPONIBLE: 503,
  SURCHARGE: 503,
  ERREUR_INTERNE: 500,
};

/** What a 503 asks the client to wait before trying again, in seconds. */
const REESSAYER_APRES_S = 60;

/** What an overloaded server asks: a moment, the time for the work in flight to end (http/charge.ts). */
const REESSAYER_APRES_SURCHARGE_S = 2;

/** The refusal of a request the server has no room for now, answered before any work (http/charge.ts). */
export const repondreSurcharge = (reponse: FastifyReply, errMsg: string = ERREURS.surcharge) =>
  reponse
    .status(STATUTS.SURCHARGE)
    .header('retry-after', String(REESSAYER_APRES_SURCHARGE_S))
    .send({ errMsg, code: 'SURCHARGE' } satisfies ReponseErreur);

/** The text an error answer carries: the message as thrown, unless a scope reads it for its users (the online booking's languages). */
export type Traduction = (requete: FastifyRequest, code: CodeErreur, message: string) => string;

/** Turns every error into `{ errMsg, code }`: the French message (or `traduire`'s), never a stack trace. */
export function installerGestionErreurs(app: FastifyInstance, traduire: Traduction = (_requete, _code, message) => message) {
  app.setErrorHandler((erreur: FastifyError | ErreurApplication, requete, reponse) => {
    const repondre = (code: CodeErreur, message: string, statut = STATUTS[code]) => {
      // every 503 (a full disk, a document that took too long or a full queue of them) says when to come back
      if (statut === 503) reponse.header('retry-after', String(REESSAYER_APRES_S));
      return reponse.status(statut).send({ errMsg: traduire(requete, code, message), code } satisfies ReponseErreur);
    };
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
    if (estManqueDeRessources(erreur)) {
      // a full disk, a database out of memory or connections: the request may succeed later, once an operator
      // has acted (docs/exploitation.md « Disque plein »); the log says which
      requete.log.error({ err: erreur }, 'ressources du serveur épuisées');
      return repondre('INDISPONIBLE', ERREURS.indisponible);
    }
    requete.log.error({ err: erreur }, 'erreur non traitée');
    return reponse.status(STATUTS.ERREUR_INTERNE).send({
      errMsg: traduire(requete, 'ERREUR_INTERNE', ERREURS.interneReference(requete.id)),
      code: 'ERREUR_INTERNE',
      idRequete: requete.id,
    } satisfies ReponseErreur);
  });
}

export const repondreRouteInconnue = (reponse: FastifyReply, errMsg: string = ERREURS.routeInconnue) =>
  reponse.status(STATUTS.INTROUVABLE).send({ errMsg, code: 'INTROUVABLE' } satisfies ReponseErreur);

/** The router's refusal of a path it cannot read (malformed, or a segment too long), before any route. */
export const repondreCheminInvalide = (reponse: FastifyReply, errMsg: string = ERREURS.cheminInvalide) =>
  reponse.status(STATUTS.SAISIE_INVALIDE).send({ errMsg, code: 'SAISIE_INVALIDE' } satisfies ReponseErreur);

/** Node's parser refusals, by its error code: the status Node itself would answer, and our message. */
const REFUS_DU_PARSEUR: Record<string, { statut: number; errMsg: string }> = {
  HPE_HEADER_OVERFLOW: { statut: 431, errMsg: ERREURS.entetesTropGrands },
  ERR_HTTP_REQUEST_TIMEOUT: { statut: 408, errMsg: ERREURS.requeteTropLente },
};

/**
 * A request Node's HTTP parser refused before Fastify saw it (headers too large, a forbidden
 * character in a header, a malformed request line, too slow): answered like any refusal, `{ errMsg,
 * code }` with the security headers, then the connection closed, as Node does (docs/api.md « Saisie
 * et limites »). French only: the path that would tell a resident's page apart is not read yet.
 */
export function repondreRequeteIllisible(this: FastifyInstance, erreur: Error & { code?: string }, socket: Socket) {
  // a reset connection has no one to answer
  if (erreur.code === 'ECONNRESET' || socket.destroyed) return;
  const { statut, errMsg } = REFUS_DU_PARSEUR[erreur.code ?? ''] ?? { statut: 400, errMsg: ERREURS.requeteIllisible };
  // the code only: the error carries the raw bytes received, which the log must not hold
  this.log.debug({ code: erreur.code }, 'requête refusée par le parseur HTTP');
  // Node's own guard: never write into an answer already started on this connection (pipelined requests)
  const enCours = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !enCours?.headersSent) {
    const corps = JSON.stringify({ errMsg, code: 'SAISIE_INVALIDE' } satisfies ReponseErreur);
    const entetes = {
      ...ENTETES_DE_SECURITE,
      ...('encrypted' in socket ? ENTETE_HSTS : {}),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(corps)),
      connection: 'close',
    };
    const lignes = Object.entries(entetes).map(([nom, valeur]) => `${nom}: ${valeur}\r\n`);
    socket.write(`HTTP/1.1 ${statut} ${STATUS_CODES[statut]}\r\n${lignes.join('')}\r\n${corps}`);
  }
  socket.destroy(erreur);
}
