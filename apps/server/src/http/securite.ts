import rateLimit from '@fastify/rate-limit';
import { ERREURS } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
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

export function installerEntetesDeSecurite(app: FastifyInstance) {
  app.addHook('onSend', async (requete, reponse) => {
    reponse.header('x-content-type-options', 'nosniff');
    reponse.header('referrer-policy', 'same-origin');
    reponse.header('x-frame-options', 'DENY');
    reponse.header('content-security-policy', POLITIQUE_DE_CONTENU);
    // only over HTTPS (directly, or as the trusted proxy says): over plain HTTP the header means nothing
    if (requete.protocol === 'https') reponse.header('strict-transport-security', 'max-age=31536000');
  });
}

/** The sign-in route's own limit, on top of the global one (modules/session/routes.ts). */
export const limiteConnexions = (config: Config) =>
  config.connexionsParMinute ? { rateLimit: { max: config.connexionsParMinute, timeWindow: 60_000 } } : {};

/**
 * At most `requetesParMinute` requests a minute from one client address, and `connexionsParMinute`
 * sign-in attempts: a flood is answered 429 before it reaches the database or the password hashing
 * (docs/api.md « Limites »). The address is the one TRUST_PROXY lets Fastify read. 0 turns a limit off.
 */
export async function limiterLesRequetes(app: FastifyInstance, config: Config) {
  if (!config.requetesParMinute && !config.connexionsParMinute) return;
  await app.register(rateLimit, {
    global: config.requetesParMinute > 0,
    max: config.requetesParMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => tropDeRequetes(ERREURS.tropDeRequetes),
  });
}
