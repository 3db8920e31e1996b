import rateLimit from '@fastify/rate-limit';
import { ERREURS } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import { adresseComptee } from '../adresseClient.js';
import type { Config } from '../config.js';
import type { Base } from '../db/client.js';
import { magasinDeLimites } from '../db/limites.js';
import { tropDeRequetes } from '../erreurs.js';

/**
 * The app's own files and API only: no inline script, no plugin, no framing. antd writes its styles
 * at run time (inline styles); the map layers and address search come from services the parameters
 * name (docs/exploitation.md « En-têtes de sécurité »).
 */
const POLITIQUE_DE_CONTENU = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self' https: http:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every answer: the app's, and those written before Fastify reads a request (http/erreurs.ts). */
export const ENTETES_DE_SECURITE: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': POLITIQUE_DE_CONTENU,
};
/** Only over HTTPS (directly, or as the trusted proxy says): over plain HTTP the header means nothing. */
export const ENTETE_HSTS = { 'strict-transport-security': 'max-age=31536000' } as const;

export function installerEntetesDeSecurite(app: FastifyInstance) {
  app.addHook('onSend', async (requete, reponse) => {
    reponse.headers(ENTETES_DE_SECURITE);
    if (requete.protocol === 'https') reponse.headers(ENTETE_HSTS);
  });
}

/** The sign-in route's own limit, on top of the global one (modules/session/routes.ts). */
export const limiteConnexions = (config: Config) =>
  config.connexionsParMinute ? { rateLimit: { max: config.connexionsParMinute, timeWindow: 60_000 } } : {};

/** The online booking's confirmation route's own limit, on top of the global one (modules/enLigne/routes.ts). */
export const limiteConfirmations = (config: Config) =>
  config.confirmationsParMinute ? { rateLimit: { max: config.confirmationsParMinute, timeWindow: 60_000 } } : {};

/**
 * At most `requetesParMinute` requests a minute from one client address, `connexionsParMinute` sign-in
 * attempts and `confirmationsParMinute` online bookings: a flood is answered 429 before it reaches the
 * database or the password hashing (docs/api.md « Limites »). The address is the one TRUST_PROXY lets
 * Fastify read. 0 turns a limit off, that one alone: each route's own limit holds without the global one.
 */
export async function limiterLesRequetes(app: FastifyInstance, config: Config, base: Base, portee: string) {
  if (!config.requetesParMinute && !config.connexionsParMinute && !config.confirmationsParMinute) return;
  await app.register(rateLimit, {
    // on PostgreSQL, counted in the database, the same for every server on it; the embedded one is one process
    ...(base.moteur === 'postgresql' ? { store: magasinDeLimites(base.db, portee) } : {}),
    global: config.requetesParMinute > 0,
    max: config.requetesParMinute,
    timeWindow: 60_000,
    // an IPv6 client by its /64: otherwise each of its 2^64 addresses would have a fresh count
    keyGenerator: (requete) => adresseComptee(requete.ip),
    errorResponseBuilder: () => tropDeRequetes(ERREURS.tropDeRequetes),
  });
}
