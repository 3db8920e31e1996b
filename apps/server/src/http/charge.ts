import { setImmediate as tourSuivant } from 'node:timers/promises';
import { ERREURS } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Base } from '../db/client.js';
import { repondreSurcharge, type Traduction } from './erreurs.js';

/** Requests that change nothing: the cheap ones, bounded only by the total. */
const LECTURES = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The engine's bounds (docs/exploitation.md « Surcharge »). The embedded engine runs one statement at a time: a
 * creation is a transaction of a dozen statements, and each request waiting in line makes every other wait longer —
 * 50 clients creating at once gave a p99 of 6.5 s. Eight writes at once keep it busy; with sixteen, a refusal waited up to
 * 120 ms for the turn of the event loop where the accepted ones run. PostgreSQL serves as many
 * statements at once as the pool has connections, and 50 clients creating on a pool of 10 kept a p99 under 1 s: five
 * writes per connection is where the line starts to cost more than it serves. With them, the count of requests in
 * flight, one for the server's API scopes (`app.ts`).
 */
export function creerBorneDeCharge(config: Config, base: Base) {
  const pglite = base.moteur === 'pglite';
  const parMoteur = pglite
    ? { requetes: 64, ecritures: 8 }
    : { requetes: 10 * config.connexionsBase, ecritures: 5 * config.connexionsBase };
  return {
    requetes: config.requetesSimultanees ?? parMoteur.requetes,
    ecritures: config.ecrituresSimultanees ?? parMoteur.ecritures,
    /** The embedded engine works on this thread (`bornerLaCharge`). */
    tourAvantLeTravail: pglite,
    enCours: 0,
    ecrituresEnCours: 0,
  };
}

type BorneDeCharge = ReturnType<typeof creerBorneDeCharge>;

/**
 * Overload answered, not queued: a request beyond the bounds gets 503 SURCHARGE with Retry-After at once, before it
 * reads its body, its session or a request limit — it did nothing, so the client may send it again as it was (the web
 * app does, once). A request counts until its answer is sent or its connection closes.
 */
export function bornerLaCharge(api: FastifyInstance, borne: BorneDeCharge, traduire?: Traduction) {
  // both bounds off (0): the requests go straight to their work, as before the bounds (the bench measures both ways)
  if (!borne.requetes && !borne.ecritures) return;
  api.addHook('onRequest', async (requete, reponse) => {
    const ecriture = !LECTURES.has(requete.method);
    const pleine =
      (borne.requetes > 0 && borne.enCours >= borne.requetes) ||
      (ecriture && borne.ecritures > 0 && borne.ecrituresEnCours >= borne.ecritures);
    if (pleine) return repondreSurcharge(reponse, traduire?.(requete, 'SURCHARGE', ERREURS.surcharge));
    borne.enCours++;
    if (ecriture) borne.ecrituresEnCours++;
    reponse.raw.once('close', () => {
      borne.enCours--;
      if (ecriture) borne.ecrituresEnCours--;
    });
    // the embedded engine works on this thread: a request would run to its end before the next is even read, and
    // the line would wait unseen in the sockets; one turn of the event loop lets the requests already sent be read,
    // and counted, before any work starts (PostgreSQL's work waits off the thread: the requests are read meanwhile)
    if (borne.tourAvantLeTravail) await tourSuivant();
  });
}
