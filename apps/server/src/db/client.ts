import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ErreurApplication } from '../erreurs.js';
import { ecrireDumpPglite, ecrireDumpPostgres } from './dump.js';
import * as schema from './schema.js';
import { prendreVerrou, restreindreDroits } from './verrou.js';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A transaction: what locking rows (`FOR UPDATE`), taking a transaction's advisory lock or writing in several
 * statements that stand or fall together require (docs/architecture.md « Transactions »).
 */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A transaction, or the database itself where one statement suffices. */
export type Tx = Transaction | Db;

/**
 * Waits for, then holds until the transaction ends, the advisory lock named `cle`: work that must not run twice at
 * once, across server processes (a shared limit, the evening send, the planning).
 */
export async function verrouConsultatif(tx: Transaction, cle: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${cle}))`);
}

/** What `exclusif` answers: the work's result, or that another run held the lock. */
export type Exclusivite<T> = { obtenu: true; resultat: T } | { obtenu: false };

/** A PostgreSQL pool's state: connections open, idle, and requests waiting for one. */
export interface EtatPool {
  total: number;
  libres: number;
  enAttente: number;
}

export interface Base {
  db: Db;
  moteur: 'pglite' | 'postgresql';
  /**
   * Runs `travail` unless another run holds the lock `cle`, in this process or in any other instance
   * on the same database (docs/architecture.md « Tâches planifiées »). The work runs its own
   * transactions: the lock lives as long as it does, not as long as one transaction.
   */
  exclusif<T>(cle: string, travail: () => Promise<T>): Promise<Exclusivite<T>>;
  /**
   * Writes a dump of the whole database into `fichier`, a new file (0600), while the database stays in use
   * (docs/exploitation.md « Sauvegarde et restauration »): SQL, gzipped, for PGlite (`EXTENSION_DUMP`); pg_dump's
   * custom format for PostgreSQL.
   */
  sauvegarder(fichier: string): Promise<void>;
  /** PostgreSQL's pool now (connections open, idle, requests waiting), for the metrics; the embedded engine has none. */
  etatPool?: () => EtatPool;
  fermer(): Promise<void>;
}

/**
 * The embedded database is opened by this process alone: an in-process set of held keys is the
 * whole lock (PGlite's single connection would grant an advisory lock to every caller anyway).
 */
function verrousDuProcessus(): Base['exclusif'] {
  const tenus = new Set<string>();
  return async (cle, travail) => {
    if (tenus.has(cle)) return { obtenu: false };
    tenus.add(cle);
    try {
      return { obtenu: true, resultat: await travail() };
    } finally {
      tenus.delete(cle);
    }
  };
}

/**
 * A session-level advisory lock on a connection of its own, held while the work runs on the pool's
 * other connections; a dead instance's connection closes and frees it.
 */
function verrousConsultatifs(pool: pg.Pool): Base['exclusif'] {
  const duProcessus = verrousDuProcessus();
  return async (cle, travail) =>
    duProcessus(cle, async () => {
      const connexion = await pool.connect();
      try {
        const { rows } = await connexion.query<{ obtenu: boolean }>('select pg_try_advisory_lock(hashtext($1)) as obtenu', [cle]);
        if (!rows[0]?.obtenu) return { obtenu: false } as const;
        try {
          return { obtenu: true, resultat: await travail() } as const;
        } finally {
          await connexion.query('select pg_advisory_unlock(hashtext($1))', [cle]);
        }
      } finally {
        connexion.release();
      }
    }).then((r) => (r.obtenu ? r.resultat : r));
}

/**
 * The application's data is a few hundred megabytes, read from memory: a random page costs about
 * what a sequential one does. With PostgreSQL's default (4, for spinning disks) the planner answers
 * a list's "contains" filter by reading a whole b-tree rather than the trigram index (175 ms
 * instead of 23 ms for 7 000 matches among 400 000 débarras).
 */
const COUT_PAGE_ALEATOIRE = 1.1;

// src/db and dist/db sit at the same depth, so this finds the SQL files from either.
const DOSSIER_MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/** Where the embedded database of a DATA_DIR keeps its files. */
export const dossierPgdata = (dossier: string) => path.join(dossier, 'pgdata');

/** The embedded engine with the extensions the migrations need, on the files of `pgdata` (or in memory), not migrated. */
export async function creerPglite(pgdata: string | undefined, modele?: Blob): Promise<PGlite> {
  // pg_trgm backs the trigram indexes of the lists' "contains" filters (migration 0005), unaccent their
  // indifference to accents (migration 0008).
  const client = await PGlite.create(pgdata, {
    extensions: { pg_trgm, unaccent },
    ...(modele ? { loadDataDir: modele } : {}),
  });
  await client.exec(`SET random_page_cost = ${COUT_PAGE_ALEATOIRE}`);
  return client;
}

/** The embedded engine on `pgdata` (or in memory), migrated. */
export async function clientPglite(pgdata: string | undefined, modele?: Blob) {
  const client = await creerPglite(pgdata, modele);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: DOSSIER_MIGRATIONS });
  return { client, db };
}

/** What the start says, in one line, of a data directory it cannot write to (docs/exploitation.md « Démarrage »). */
export const DOSSIER_MESSAGES = {
  lectureSeule: (dossier: string) =>
    `Le dossier des données ${dossier} (DATA_DIR) est en lecture seule : la base embarquée doit pouvoir y écrire. ` +
    'Donnez un DATA_DIR sur un disque monté en lecture-écriture.',
  interdit: (dossier: string) =>
    `Le dossier des données ${dossier} (DATA_DIR) n'est pas accessible en écriture au compte du serveur : ` +
    'donnez-lui ce dossier (chown) ou choisissez-en un autre.',
  plein: (dossier: string) => `Le disque du dossier des données ${dossier} (DATA_DIR) est plein : libérez de la place, puis redémarrez.`,
} as const;

/**
 * A system error about the data directory as a refusal in French (main.ts prints it alone, without a
 * stack); anything else as it is.
 */
export function erreurDossier(erreur: unknown, dossier: string): unknown {
  switch ((erreur as NodeJS.ErrnoException | undefined)?.code) {
    case 'EROFS':
      return new ErreurApplication('ETAT_INVALIDE', DOSSIER_MESSAGES.lectureSeule(dossier));
    case 'EACCES':
    case 'EPERM':
      return new ErreurApplication('ETAT_INVALIDE', DOSSIER_MESSAGES.interdit(dossier));
    case 'ENOSPC':
      return new ErreurApplication('ETAT_INVALIDE', DOSSIER_MESSAGES.plein(dossier));
    default:
      return erreur;
  }
}

/**
 * Creates the data directory if need be. Node's recursive mkdir answers ENOENT when a parent cannot be written
 * (a read-only mount): asked, the nearest existing parent names the real cause.
 */
function creerDossier(dossier: string) {
  try {
    mkdirSync(dossier, { recursive: true, mode: 0o700 });
  } catch (erreur) {
    let parent = path.dirname(dossier);
    while (!existsSync(parent) && parent !== path.dirname(parent)) parent = path.dirname(parent);
    accessSync(parent, constants.W_OK);
    throw erreur;
  }
}

/**
 * The embedded database: PostgreSQL compiled to WebAssembly, kept under `dossier` (or in memory).
 * `modele`, a dump of an already migrated database (`modelePglite`), spares creating a new one:
 * most of a test file's set-up time.
 */
export async function ouvrirPglite(dossier?: string, options: { modele?: Blob } = {}): Promise<Base> {
  if (!dossier) {
    const { client, db } = await clientPglite(undefined, options.modele);
    return {
      db,
      moteur: 'pglite',
      exclusif: verrousDuProcessus(),
      sauvegarder: (fichier) => ecrireDumpPglite(client, fichier),
      fermer: () => client.close(),
    };
  }
  let liberer: () => void;
  try {
    creerDossier(dossier);
    // PGlite on files it cannot write says only that it "failed to initialize": asked first, the system
    // names the cause (a read-only mount, the rights); root passes the rights but not a read-only mount
    accessSync(dossier, constants.W_OK);
    if (existsSync(dossierPgdata(dossier))) accessSync(dossierPgdata(dossier), constants.W_OK);
    // one process per data directory (docs/exploitation.md « Base embarquée »), before PGlite reads a byte
    liberer = prendreVerrou(dossier);
  } catch (erreur) {
    throw erreurDossier(erreur, dossier);
  }
  try {
    const { client, db } = await clientPglite(dossierPgdata(dossier), options.modele);
    restreindreDroits(dossier);
    const fermer = async () => {
      await client.close();
      restreindreDroits(dossier);
      liberer();
    };
    return { db, moteur: 'pglite', exclusif: verrousDuProcessus(), sauvegarder: (fichier) => ecrireDumpPglite(client, fichier), fermer };
  } catch (erreur) {
    liberer();
    throw erreurDossier(erreur, dossier);
  }
}

/** A migrated embedded database in memory, as a dump for `ouvrirPglite` (the tests' template). */
export async function modelePglite(): Promise<Blob> {
  const { client } = await clientPglite(undefined);
  const modele = await client.dumpDataDir('none');
  await client.close();
  return modele;
}

/** What a server does to its database before it serves: reference data, demo data (`main.ts`). */
export type Preparation = (db: Db) => Promise<void>;

/**
 * A PostgreSQL server. Migrations, then `preparer`, run under an advisory lock, so several instances may start at once:
 * the first migrates and prepares, the others wait, then find the work done (docs/exploitation.md « Plusieurs serveurs »).
 */
export async function ouvrirPostgres(url: string, tailleMax = 10, preparer?: Preparation): Promise<Base> {
  const verrou = new pg.Client({ connectionString: url });
  await verrou.connect();
  try {
    await verrou.query("SELECT pg_advisory_lock(hashtext('debarras.migrations'))");
    const dbVerrou = drizzleNodePg(verrou, { schema });
    await migrateNodePg(dbVerrou, { migrationsFolder: DOSSIER_MIGRATIONS });
    await preparer?.(dbVerrou as unknown as Db);
  } finally {
    await verrou.query("SELECT pg_advisory_unlock(hashtext('debarras.migrations'))").catch(() => undefined);
    await verrou.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: tailleMax, options: `-c random_page_cost=${COUT_PAGE_ALEATOIRE}` });
  // The pool discards an idle connection the server ends (a restart, a dropped test database);
  // unlistened, that 'error' event would end the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    moteur: 'postgresql',
    exclusif: verrousConsultatifs(pool),
    sauvegarder: (fichier) => ecrireDumpPostgres(url, fichier),
    etatPool: () => ({ total: pool.totalCount, libres: pool.idleCount, enAttente: pool.waitingCount }),
    fermer: () => pool.end(),
  };
}

export async function ouvrirBase(
  options: { databaseUrl?: string | undefined; dataDir?: string | undefined; connexionsBase?: number },
  preparer?: Preparation,
): Promise<Base> {
  if (options.databaseUrl) return ouvrirPostgres(options.databaseUrl, options.connexionsBase, preparer);
  const base = await ouvrirPglite(options.dataDir);
  await preparer?.(base.db);
  return base;
}

async function executerAdmin(url: string, requete: string) {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(requete);
  } finally {
    await admin.end();
  }
}

const urlDeLaBase = (url: string, nom: string) => {
  const cible = new URL(url);
  cible.pathname = `/${nom}`;
  return cible.toString();
};

/**
 * A database of its own on a PostgreSQL server (tests, bench): created under a random name beside
 * the one `url` names (a copy of the database `modele` when given, already migrated), migrated, and
 * dropped when closed.
 */
export async function ouvrirPostgresJetable(url: string, prefixe: string, modele?: string): Promise<Base> {
  const nom = `${prefixe}_${randomBytes(6).toString('hex')}`;
  await executerAdmin(url, modele ? `CREATE DATABASE ${nom} TEMPLATE ${modele}` : `CREATE DATABASE ${nom}`);
  const base = await ouvrirPostgres(urlDeLaBase(url, nom));
  return {
    ...base,
    async fermer() {
      await base.fermer();
      await executerAdmin(url, `DROP DATABASE IF EXISTS ${nom} WITH (FORCE)`);
    },
  };
}

/**
 * A migrated database on a PostgreSQL server for others to be copied from (`CREATE DATABASE …
 * TEMPLATE`): answers its name and the function that drops it.
 */
export async function modelePostgres(url: string, prefixe: string): Promise<{ nom: string; supprimer: () => Promise<void> }> {
  const nom = `${prefixe}_modele_${randomBytes(6).toString('hex')}`;
  await executerAdmin(url, `CREATE DATABASE ${nom}`);
  // a template must have no connection open while it is copied
  await (await ouvrirPostgres(urlDeLaBase(url, nom), 1)).fermer();
  return { nom, supprimer: () => executerAdmin(url, `DROP DATABASE IF EXISTS ${nom} WITH (FORCE)`) };
}

/** How many migrations the schema has had applied, for the start-up message. */
export async function nombreMigrations(db: Db): Promise<number> {
  const [ligne] = await lignes<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return ligne?.n ?? 0;
}

/** Rows of a raw query, whichever driver answered it. */
export async function lignes<T>(db: Tx, requete: SQL): Promise<T[]> {
  const resultat = (await db.execute(requete)) as unknown as { rows: T[] };
  return resultat.rows;
}

/** How many migrations this code brings (its journal): the schema is current when the database has applied as many. */
export const MIGRATIONS_DU_CODE = (
  JSON.parse(readFileSync(path.join(DOSSIER_MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
