import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { lignes, type Db } from './client.js';

/**
 * Reads remembered while the database's snapshot stays the same (docs/architecture.md « Lectures
 * mémorisées »). Two statements whose snapshots (`pg_current_snapshot()`: xmin, xmax and the
 * transactions in progress) are equal see the same committed rows, whatever instance or connection
 * runs them; a write that commits anywhere (this instance, another one, a psql session) changes the
 * snapshot of every later statement. A remembered answer was read after the snapshot of its key was
 * taken, and before anything changed since: never older than what the caller has seen, only reused.
 */
interface Memoire {
  instantane: string;
  valeurs: Map<string, Promise<unknown>>;
}

/** A list page's answer is about 30 KB: a few megabytes at most. */
const TAILLE_MAX = 200;

const memoires = new WeakMap<Db, Memoire>();

/**
 * A column that tells a query's snapshot: a request's first query reads it for the request's later reads.
 * The server's start time goes with it: after a restart, a restore or a failover, transaction ids may be
 * given again, and a snapshot's text could come back over other data.
 */
export const colonneInstantane = () => sql<string>`pg_current_snapshot()::text || '@' || pg_postmaster_start_time()::text`;

async function instantaneDe(db: Db): Promise<string> {
  const [ligne] = await lignes<{ s: string }>(db, sql`select ${colonneInstantane()} as s`);
  return ligne!.s;
}

/**
 * Whether snapshot `a` was taken before `b` on the same server: xmax (the first transaction id not yet
 * assigned) only grows, and at one xmax the transactions in progress only end.
 */
function plusAncien(a: string, b: string) {
  const [snapshotA, serveurA] = a.split('@');
  const [snapshotB, serveurB] = b.split('@');
  if (serveurA !== serveurB) return false;
  const [, xmaxA, enCoursA] = snapshotA!.split(':');
  const [, xmaxB, enCoursB] = snapshotB!.split(':');
  if (BigInt(xmaxA!) !== BigInt(xmaxB!)) return BigInt(xmaxA!) < BigInt(xmaxB!);
  const compter = (liste: string | undefined) => (liste ? liste.split(',').length : 0);
  return compter(enCoursA) > compter(enCoursB);
}

/**
 * `lire()`'s answer, or the one it gave under the same snapshot. `instantane` is the snapshot of a
 * query this request already ran (the session's): what it is given was read at that snapshot or
 * after it, which the request cannot tell from having been a moment slower; without it, one is read.
 * Concurrent reads of one key share one run; a failed run is forgotten. Inside a transaction, which
 * sees its own writes, it just reads.
 */
export async function memoriser<T>(db: Db, instantane: string | undefined, cle: string, lire: () => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return lire();
  const courant = instantane ?? (await instantaneDe(db));
  let memoire = memoires.get(db);
  if (memoire?.instantane !== courant) {
    // a request that read its snapshot before the last write committed leaves the newer answers be
    if (memoire && plusAncien(courant, memoire.instantane)) return lire();
    memoire = { instantane: courant, valeurs: new Map() };
    memoires.set(db, memoire);
  }
  const connue = memoire.valeurs.get(cle) as Promise<T> | undefined;
  if (connue) return connue;
  const { valeurs } = memoire;
  if (valeurs.size >= TAILLE_MAX) valeurs.delete(valeurs.keys().next().value!);
  const enCours = lire();
  valeurs.set(cle, enCours);
  enCours.catch(() => valeurs.delete(cle));
  return enCours;
}
