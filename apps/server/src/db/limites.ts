import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { lignes, type Db } from './client.js';

/** How the request-limit plugin (`@fastify/rate-limit`) reads a count: this request's rank in its window, the ms left. */
type Rappel = Parameters<FastifyRateLimitStore['incr']>[1];

/** One in this many increments also deletes the windows ended a while ago: the table keeps about one row per active client. */
const NETTOYAGE_UN_SUR = 500;

/**
 * A request-limit store in PostgreSQL (table `limite_requete`, migration 0024): every server on the database counts
 * the same windows, so that N servers allow a client what one does (docs/exploitation.md « Limites »). One statement
 * per request, atomic under concurrency (the row is locked by its upsert): a window that has ended starts again at 1.
 */
export function magasinDeLimites(db: Db, espace: string) {
  return class MagasinDeLimites implements FastifyRateLimitStore {
    readonly prefixe: string;

    constructor(_options?: unknown, prefixe = espace) {
      this.prefixe = prefixe;
    }

    incr(cle: string, rappel: Rappel, fenetreMs: number) {
      const complete = `${this.prefixe}|${cle}`.slice(0, 200);
      lignes<{ n: number; reste: number }>(
        db,
        sql`insert into limite_requete (cle, fin, n) values (${complete}, now() + ${fenetreMs} * interval '1 millisecond', 1)
          on conflict (cle) do update set
            n = case when limite_requete.fin <= now() then 1 else limite_requete.n + 1 end,
            fin = case when limite_requete.fin <= now() then excluded.fin else limite_requete.fin end
          returning n, greatest(0, ceil(extract(epoch from (fin - now())) * 1000))::int as reste`,
      ).then(
        ([ligne]) => {
          rappel(null, { current: ligne!.n, ttl: ligne!.reste });
          if (Math.random() * NETTOYAGE_UN_SUR < 1) {
            void db.execute(sql`delete from limite_requete where fin < now() - interval '5 minutes'`).catch(() => undefined);
          }
        },
        (erreur: Error) => rappel(erreur),
      );
    }

    /** A route's own limit (sign-in, online confirmation): its own counts, beside the scope's. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // the plugin hands the route as `routeInfo` beside the limit's options
      const route = (options as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new MagasinDeLimites(undefined, `${this.prefixe}|${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  };
}
