import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Base } from '../db/client.js';

/**
 * The floor of a throughput (docs/performance.md « Débit sous charge »): the SQL statements one request sends, as the
 * driver received them, sent again directly through the same driver at the same concurrency. API ÷ floor says what
 * the HTTP server, the validation and the serialisation cost on top of the database, whatever the machine's day.
 */
interface Instruction {
  texte: string;
  valeurs: unknown[];
  /** A named prepared statement (PostgreSQL): prepared once per connection, as the application does. */
  nom?: string;
}

/** A statement alone, or the statements of one transaction. */
interface Unite {
  transaction: boolean;
  instructions: Instruction[];
}

export interface Plancher {
  unites: Unite[];
  instructions: number;
}

const estDebut = (texte: string) => /^\s*begin\b/i.test(texte);
const estFin = (texte: string) => /^\s*(commit|rollback)\b/i.test(texte);

type ConfigRequete = { text?: string; values?: unknown[]; name?: string };

/** Records the statements `travail` makes the server send, on PostgreSQL: every query of a `pg` client of this process. */
async function capturerPostgres(travail: () => Promise<unknown>): Promise<Unite[]> {
  const unites: Unite[] = [];
  const enTransaction = new Map<unknown, Unite>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: string | ConfigRequete, valeurs?: unknown, ...reste: unknown[]) {
    const texte = typeof config === 'string' ? config : config?.text;
    if (typeof texte === 'string') {
      if (estDebut(texte)) {
        const unite: Unite = { transaction: true, instructions: [] };
        unites.push(unite);
        enTransaction.set(this, unite);
      } else if (estFin(texte)) {
        enTransaction.delete(this);
      } else {
        const instruction: Instruction = {
          texte,
          valeurs: (typeof config === 'object' ? config.values : undefined) ?? (Array.isArray(valeurs) ? valeurs : []),
          ...(typeof config === 'object' && config.name ? { nom: config.name } : {}),
        };
        const unite = enTransaction.get(this);
        if (unite) unite.instructions.push(instruction);
        else unites.push({ transaction: false, instructions: [instruction] });
      }
    }
    return (original as (...a: unknown[]) => unknown).call(this, config, valeurs, ...reste);
  } as typeof original;
  try {
    await travail();
  } finally {
    pg.Client.prototype.query = original;
  }
  return unites;
}

/** The same on the embedded engine: its client's queries, and those of its transactions. */
async function capturerPglite(client: PGlite, travail: () => Promise<unknown>): Promise<Unite[]> {
  const unites: Unite[] = [];
  const query = client.query;
  const transaction = client.transaction;
  client.query = ((texte: string, valeurs?: unknown[], options?: unknown) => {
    unites.push({ transaction: false, instructions: [{ texte, valeurs: valeurs ?? [] }] });
    return query.call(client, texte, valeurs, options as never);
  }) as typeof client.query;
  client.transaction = ((travailTx: (tx: Transaction) => Promise<unknown>) =>
    transaction.call(client, (tx) => {
      const unite: Unite = { transaction: true, instructions: [] };
      unites.push(unite);
      const queryTx = tx.query;
      tx.query = ((texte: string, valeurs?: unknown[], options?: unknown) => {
        unite.instructions.push({ texte, valeurs: valeurs ?? [] });
        return queryTx.call(tx, texte, valeurs, options as never);
      }) as typeof tx.query;
      return travailTx(tx);
    })) as typeof client.transaction;
  try {
    await travail();
  } finally {
    client.query = query;
    client.transaction = transaction;
  }
  return unites;
}

/** The statements one call of `travail` (a request to the server running in this process) sends to `base`. */
export async function capturerPlancher(base: Base, travail: () => Promise<unknown>): Promise<Plancher> {
  const client = (base.db as unknown as { $client: PGlite }).$client;
  const unites = base.moteur === 'postgresql' ? await capturerPostgres(travail) : await capturerPglite(client, travail);
  return { unites, instructions: unites.reduce((n, u) => n + u.instructions.length, 0) };
}

/**
 * One request's statements again, through the application's own pool or embedded client. A transaction ends in
 * ROLLBACK: the same inserts again would otherwise pile rows on the captured débarras and slow the next ones; the floor
 * thus leaves out the commit's flush, the API pays it.
 */
function rejeu(base: Base, { unites }: Plancher): () => Promise<void> {
  if (base.moteur === 'postgresql') {
    const pool = (base.db as unknown as { $client: pg.Pool }).$client;
    const requete = (i: Instruction) => ({ text: i.texte, values: i.valeurs, ...(i.nom ? { name: i.nom } : {}) });
    return async () => {
      for (const unite of unites) {
        if (!unite.transaction) {
          await pool.query(requete(unite.instructions[0]!));
          continue;
        }
        const connexion = await pool.connect();
        try {
          await connexion.query('begin');
          for (const i of unite.instructions) await connexion.query(requete(i));
          await connexion.query('rollback');
        } finally {
          connexion.release();
        }
      }
    };
  }
  const client = (base.db as unknown as { $client: PGlite }).$client;
  return async () => {
    for (const unite of unites) {
      if (!unite.transaction) {
        await client.query(unite.instructions[0]!.texte, unite.instructions[0]!.valeurs);
        continue;
      }
      await client.transaction(async (tx) => {
        for (const i of unite.instructions) await tx.query(i.texte, i.valeurs);
        await tx.rollback();
      });
    }
  };
}

/** The floor's throughput: `connexions` loops sending the statements again for `duree` seconds; req/s and p99 (ms). */
export async function mesurerPlancher(base: Base, plancher: Plancher, connexions: number, duree: number) {
  const une = rejeu(base, plancher);
  const durees: number[] = [];
  const fin = performance.now() + duree * 1000;
  await Promise.all(
    Array.from({ length: connexions }, async () => {
      while (performance.now() < fin) {
        const debut = performance.now();
        await une();
        durees.push(performance.now() - debut);
      }
    }),
  );
  durees.sort((x, y) => x - y);
  return { requetesParSeconde: durees.length / duree, p99: Math.round(durees[Math.floor(durees.length * 0.99)] ?? 0) };
}
