import type { Tx } from './client.js';

/** Names already given: on PostgreSQL a name stands for one statement text on each connection. */
const noms = new Set<string>();

/** The drizzle session of a database or transaction, and its client: the pool, PGlite, or one transaction's connection. */
const sessionDe = (db: Tx) => (db as unknown as { session: { client: unknown } }).session;

/**
 * A query built once instead of on every call (docs/performance.md « Requêtes préparées »). drizzle
 * rebuilds a query's SQL text each time it runs; for the queries of nearly every request that was a third
 * of the server's time under load. `construire` builds the query with `sql.placeholder`s for its values
 * (`execute({ … })` gives them); `nom` names it, and PostgreSQL parses it once per pooled connection.
 *
 * A drizzle prepared query runs on the client it was built from. The one built first for an engine serves
 * as the model; for any other database or transaction, a copy runs on that one's client: inside a
 * transaction, the query runs inside it.
 */
export function preparee<P extends object>(nom: string, construire: (db: Tx) => { prepare(nom: string): P }): (db: Tx) => P {
  if (noms.has(nom)) throw new Error(`Requête préparée en double : ${nom}`);
  noms.add(nom);
  const modeles = new WeakMap<object, P>();
  return (db) => {
    const session = sessionDe(db);
    const moteur = session.constructor;
    let modele = modeles.get(moteur);
    if (!modele) {
      modele = construire(db).prepare(nom);
      if (!('client' in modele)) throw new Error(`Requête préparée sans client : ${nom}`);
      modeles.set(moteur, modele);
    }
    const { client } = session;
    if ((modele as { client: unknown }).client === client) return modele;
    return Object.assign(Object.create(Object.getPrototypeOf(modele) as object) as P, modele, { client });
  };
}
