import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Base } from '../db/client.js';
import { ecouterPool, registre, requetesHttp } from '../metriques.js';
import { repondreRouteInconnue } from './erreurs.js';

const memeJeton = (recu: string | undefined, attendu: string) => {
  const [a, b] = [Buffer.from(recu ?? ''), Buffer.from(`Bearer ${attendu}`)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The request durations of every scope, and `GET ${BASE_PATH}metrics` for Prometheus (docs/exploitation.md
 * « Métriques »): with the bearer token of METRICS_TOKEN only; without the token, or without METRICS_TOKEN, the
 * route is as unknown as any other (404). Installed on the root before the scopes, so that their requests are timed.
 */
export function installerMetriques(app: FastifyInstance, config: Config, base: Base) {
  ecouterPool(() => base.etatPool?.());
  app.addHook('onResponse', async (requete, reponse) => {
    requetesHttp.observe(
      // the route's pattern, never the path asked: `/debarras/:id`, one series for every débarras
      { route: requete.routeOptions.url ?? '(aucune route)', methode: requete.method, statut: String(reponse.statusCode) },
      reponse.elapsedTime / 1000,
    );
  });
  app.get(`${config.basePath}metrics`, async (requete, reponse) => {
    if (!config.metricsToken || !memeJeton(requete.headers.authorization, config.metricsToken)) return repondreRouteInconnue(reponse);
    return reponse
      .header('content-type', registre.contentType)
      .header('cache-control', 'no-store')
      .send(await registre.metrics());
  });
}
