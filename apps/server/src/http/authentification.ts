import { aLaPermission, ERREURS } from '@debarras/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nonAuthentifie, nonAutorise } from '../erreurs.js';
import type { Contexte } from '../contexte.js';
import { sessionActive } from '../modules/session/index.js';

export const COOKIE_SESSION = 'debarras_session';
const METHODES_SURES = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The request comes from the app's own pages (CSRF): the origin of PUBLIC_URL, or the scheme, host and port the
 * browser connected to (its Host header). Browsers send Sec-Fetch-Site or Origin; a client that sends neither
 * (curl, a script) is not a browser and carries no ambient cookie risk. X-Forwarded-Host is never read: behind a
 * reverse proxy, the browser's origin is PUBLIC_URL's (docs/exploitation.md « Adresse publique »); the scheme is
 * the one TRUST_PROXY lets Fastify read from X-Forwarded-Proto.
 */
export function verifierOrigine(requete: FastifyRequest, publicUrl: string) {
  const site = requete.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') throw nonAutorise(ERREURS.origineRefusee);
  const origine = requete.headers.origin;
  if (origine) {
    let recue: string;
    try {
      recue = new URL(origine).origin;
    } catch {
      throw nonAutorise(ERREURS.origineRefusee);
    }
    if (recue !== new URL(publicUrl).origin && recue !== origineDirecte(requete)) throw nonAutorise(ERREURS.origineRefusee);
  }
}

/** The origin the client connected to, as its own Host header says; none when the header is not a host. */
function origineDirecte(requete: FastifyRequest): string | undefined {
  try {
    return new URL(`${requete.protocol}://${requete.headers.host ?? ''}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * Every route under /rest needs a session unless it declares `config.public`, and the caller
 * must hold the permission it declares. Checked before the body is even parsed.
 */
export function installerAuthentification(app: FastifyInstance, ctx: Contexte) {
  app.decorateRequest('utilisateur', null);
  app.decorateRequest('instantane', undefined);

  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; permission?: string } | undefined;
    if (!config?.public && !config?.permission) {
      throw new Error(`La route ${route.method} ${route.url} doit déclarer une permission ou être publique.`);
    }
  });

  app.addHook('onRequest', async (requete) => {
    if (!METHODES_SURES.has(requete.method)) verifierOrigine(requete, ctx.config.publicUrl);
    const jeton = requete.cookies[COOKIE_SESSION];
    const ouverte = jeton ? await sessionActive(ctx.base.db, jeton, ctx.config.sessionDureeMaxMs) : null;
    if (ouverte) {
      requete.utilisateur = ouverte.utilisateur;
      requete.instantane = ouverte.instantane;
    }
    const config = requete.routeOptions.config;
    if (config.public) return;
    if (!requete.utilisateur) throw nonAuthentifie();
    if (config.permission && !aLaPermission(requete.utilisateur.roles, config.permission)) {
      throw nonAutorise();
    }
  });
}

/** The signed-in user of a route that requires one. */
export function utilisateurDe(requete: FastifyRequest) {
  if (!requete.utilisateur) throw nonAuthentifie();
  return requete.utilisateur;
}
