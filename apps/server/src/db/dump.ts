import { spawn } from 'node:child_process';
import { open, readFile, writeFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { dateHeureGeneve, SAUVEGARDE_MESSAGES } from '@debarras/domain';
import { protocol, type PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { etatInvalide } from '../erreurs.js';

/**
 * The dumps of each engine (docs/exploitation.md « Sauvegarde et restauration »): the embedded database's
 * pg_dump (WebAssembly) writes SQL only, kept gzipped; a server's pg_dump writes its custom format, which
 * pg_restore reads.
 */
export type FormatDump = 'sql' | 'custom';
export const EXTENSION_DUMP = { pglite: 'sql.gz', postgresql: 'dump' } as const;

const DEBUT_SQL = '--\n-- PostgreSQL database dump';
const DEBUT_CUSTOM = 'PGDMP';
const DEBUT_GZIP = Buffer.from([0x1f, 0x8b]);
/** How many rows each INSERT of the embedded dump carries: one per row would make a restore ten times slower. */
const LIGNES_PAR_INSERT = 1000;
/** Enough of a tool's error output to say why, not a page of it. */
const SORTIE_MAX = 2000;

const deuxChiffres = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDD-HHMMSS`, Geneva's wall clock: the mark of a dump's name, and of a database put aside by a restore. */
export function horodatage(instant: Date): string {
  const { annee, mois, jour, heure, minute, seconde } = dateHeureGeneve(instant);
  return `${annee}${deuxChiffres(mois)}${deuxChiffres(jour)}-${deuxChiffres(heure)}${deuxChiffres(minute)}${deuxChiffres(seconde)}`;
}

/**
 * Creates `fichier` for this process alone (0600), refusing to overwrite anything; created before it is
 * answered, so that whoever removes it after a failure finds it.
 */
const creerFichier = async (fichier: string) => (await open(fichier, 'wx', 0o600)).createWriteStream();

/**
 * Dumps the embedded database while the server keeps it open. PGlite's pg_dump speaks the wire protocol
 * straight to the engine, past the locks that keep the server's queries and transactions apart: holding the
 * transactions' lock for the whole dump keeps every other query out of that single session, so the dump
 * never lands in the middle of a transaction, and no query runs in what it leaves behind until the session
 * is put back. The dump runs synchronously: the server answers nothing meanwhile (about a second for the
 * demo data).
 */
export async function ecrireDumpPglite(client: PGlite, fichier: string): Promise<void> {
  const [{ search_path: cheminRecherche } = { search_path: 'public' }] = (await client.query<{ search_path: string }>('SHOW search_path'))
    .rows;
  const executer = (sql: string) => client.execProtocol(protocol.serialize.query(sql));
  const dump = await client._runExclusiveTransaction(async () => {
    // what pgDump uses of PGlite, minus the locks already held here (its query and exec would wait for them)
    const session = {
      query: async () => ({ rows: [{ search_path: cheminRecherche }] }),
      exec: executer,
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
    };
    try {
      return await pgDump({ pg: session as unknown as PGlite, args: [`--rows-per-insert=${LIGNES_PAR_INSERT}`] });
    } catch (erreur) {
      // pglite-tools says it in English, as « pg_dump failed with exit code N. Error message: … »: said like the server's pg_dump
      const echec = /^pg_dump failed with exit code (\d+)\.\s*Error message: ([\s\S]*)$/.exec(
        erreur instanceof Error ? erreur.message : '',
      );
      if (!echec) throw erreur;
      throw etatInvalide(
        SAUVEGARDE_MESSAGES.outilEnEchec('pg_dump (base embarquée)', Number(echec[1]), echec[2]!.trim().slice(0, SORTIE_MAX)),
      );
    } finally {
      // pg_dump ends by closing its connection, which would end its read-only transaction and its settings;
      // this session is the server's own and stays open: both are undone here
      if (client.isInTransaction()) await executer('ROLLBACK');
      await executer(`DEALLOCATE ALL; SELECT pg_catalog.set_config('search_path', '${cheminRecherche.replaceAll("'", "''")}', false)`);
    }
  });
  const compresse = await promisify(gzip)(Buffer.from(await dump.arrayBuffer()));
  await writeFile(fichier, compresse, { flag: 'wx', mode: 0o600 });
}

interface Lancement {
  /** Where the tool's standard output goes: a file, the caller ('pipe': it reads it), or nowhere. */
  sortie?: Writable | 'pipe';
  /** Whether the caller writes the tool's standard input itself. */
  entree?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts one of PostgreSQL's client tools: the process, and its end. A missing tool, or one that fails, ends in
 * an application error whose message says which and why (its error output); the URL it gets has no password.
 */
function lancerOutil(outil: string, args: string[], { sortie, entree, env }: Lancement = {}) {
  const processus = spawn(outil, args, {
    env: env ?? process.env,
    stdio: [entree ? 'pipe' : 'ignore', sortie ? 'pipe' : 'ignore', 'pipe'],
  });
  const fin = new Promise<void>((resoudre, rejeterFin) => {
    const fichier = sortie && sortie !== 'pipe' ? sortie : undefined;
    // the file is closed whatever happens; the caller removes what was written of it
    const rejeter = (erreur: unknown) => {
      fichier?.destroy();
      rejeterFin(erreur);
    };
    let erreurs = '';
    processus.stderr!.setEncoding('utf8').on('data', (morceau: string) => {
      if (erreurs.length < SORTIE_MAX) erreurs += morceau;
    });
    const ecrit = fichier ? finished(processus.stdout!.pipe(fichier)) : Promise.resolve();
    // read only when the tool succeeds; a failed tool's closed file must not end the process as unhandled
    ecrit.catch(() => undefined);
    processus.on('error', (erreur: NodeJS.ErrnoException) =>
      rejeter(erreur.code === 'ENOENT' ? etatInvalide(SAUVEGARDE_MESSAGES.outilIntrouvable(outil)) : erreur),
    );
    processus.on('close', (code) => {
      if (code !== 0) rejeter(etatInvalide(SAUVEGARDE_MESSAGES.outilEnEchec(outil, code, erreurs.trim().slice(0, SORTIE_MAX))));
      else ecrit.then(() => resoudre(), rejeter);
    });
  });
  return { processus, fin };
}

/**
 * A libpq connection string and environment for `url`: the password goes in PGPASSWORD, not on the command
 * line that any account of the machine can read (ps).
 */
function connexionOutil(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const cible = new URL(url);
  const motDePasse = decodeURIComponent(cible.password);
  cible.password = '';
  return { dbname: cible.toString(), env: { ...process.env, ...(motDePasse ? { PGPASSWORD: motDePasse } : {}) } };
}

/** The URL as it may be shown: without its password. */
export const urlSansMotDePasse = (url: string) => connexionOutil(url).dbname;

/** Dumps a PostgreSQL server's database with its pg_dump, in the custom format, into a new file (0600). */
export async function ecrireDumpPostgres(url: string, fichier: string): Promise<void> {
  const { dbname, env } = connexionOutil(url);
  await lancerOutil('pg_dump', ['--format=custom', `--dbname=${dbname}`], { sortie: await creerFichier(fichier), env }).fin;
}

/** What a file holds, by its first bytes: a dump of either engine, or anything else (undefined). */
export async function formatDump(fichier: string): Promise<{ format: FormatDump; compresse: boolean } | undefined> {
  let debut: Buffer;
  try {
    const f = await open(fichier, 'r');
    try {
      const { buffer, bytesRead } = await f.read(Buffer.alloc(64), 0, 64, 0);
      debut = buffer.subarray(0, bytesRead);
    } finally {
      await f.close();
    }
  } catch {
    throw etatInvalide(SAUVEGARDE_MESSAGES.fichierIntrouvable(fichier));
  }
  if (debut.subarray(0, DEBUT_GZIP.length).equals(DEBUT_GZIP)) return { format: 'sql', compresse: true };
  const texte = debut.toString('latin1');
  if (texte.startsWith(DEBUT_CUSTOM)) return { format: 'custom', compresse: false };
  if (texte.startsWith(DEBUT_SQL)) return { format: 'sql', compresse: false };
  return undefined;
}

/** The SQL of an embedded database's dump, gzipped or not; anything else is refused with the reason. */
export async function lireDumpSql(fichier: string): Promise<string> {
  const format = await formatDump(fichier);
  if (format?.format === 'custom') throw etatInvalide(SAUVEGARDE_MESSAGES.sauvegardePostgresSurPglite(fichier));
  if (!format) throw etatInvalide(SAUVEGARDE_MESSAGES.pasUneSauvegarde(fichier));
  const contenu = await readFile(fichier);
  let sql: string;
  try {
    sql = (format.compresse ? await promisify(gunzip)(contenu) : contenu).toString('utf8');
  } catch {
    throw etatInvalide(SAUVEGARDE_MESSAGES.pasUneSauvegarde(fichier));
  }
  if (!sql.startsWith(DEBUT_SQL)) throw etatInvalide(SAUVEGARDE_MESSAGES.pasUneSauvegarde(fichier));
  // pg_dump writes this last: without it, the file was cut short
  if (!sql.trimEnd().endsWith('-- PostgreSQL database dump complete\n--'))
    throw etatInvalide(SAUVEGARDE_MESSAGES.sauvegardeTronquee(fichier));
  return sql;
}

/**
 * Before the dump's own objects come back, everything the application has in the database goes: the schema of
 * the migrations' record, and whatever the public schema holds that no extension owns. pg_restore --clean only
 * drops what the dump holds: a table or function a later migration created would stay, and that migration,
 * run again after restoring an older dump, would fail on it.
 */
const VIDER_APPLICATION = `DO $$
DECLARE
  ordres text[];
  ordre text;
BEGIN
  SELECT coalesce(array_agg(o.ddl ORDER BY o.rang), '{}') INTO ordres FROM (
    SELECT 1 AS rang, format('DROP %s IF EXISTS public.%I CASCADE',
        CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
        c.relname) AS ddl
      FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 2, format('DROP ROUTINE IF EXISTS public.%I(%s) CASCADE', p.proname, pg_get_function_identity_arguments(p.oid))
      FROM pg_proc p
      WHERE p.pronamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 3, format('DROP %s IF EXISTS public.%I CASCADE', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.typname)
      FROM pg_type t
      WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('c', 'd', 'e', 'r')
        AND (t.typtype <> 'c' OR EXISTS (SELECT FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c'))
        AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  ) o;
  FOREACH ordre IN ARRAY ordres LOOP
    EXECUTE ordre;
  END LOOP;
  DROP SCHEMA IF EXISTS drizzle CASCADE;
END $$;`;

/**
 * Restores a custom-format dump into the database of `url`, all or nothing: pg_restore --clean --if-exists writes
 * the SQL, which psql runs after emptying the application's objects, in a single transaction that any error
 * rolls back whole. Objects are owned by the URL's account (--no-owner), whoever owned them where the dump was
 * taken.
 */
export async function restaurerDumpPostgres(url: string, fichier: string): Promise<void> {
  const format = await formatDump(fichier);
  if (format?.format === 'sql') throw etatInvalide(SAUVEGARDE_MESSAGES.sauvegardePgliteSurPostgres(fichier));
  if (!format) throw etatInvalide(SAUVEGARDE_MESSAGES.pasUneSauvegarde(fichier));
  // a dump pg_restore cannot read is refused before anything is touched
  await lancerOutil('pg_restore', ['--list', fichier]).fin;
  const { dbname, env } = connexionOutil(url);
  const sql = lancerOutil('pg_restore', ['--clean', '--if-exists', '--no-owner', '--file=-', fichier], { sortie: 'pipe' });
  const psql = lancerOutil(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
      '--command',
      VIDER_APPLICATION,
      '--file=-',
    ],
    { entree: true, env },
  );
  // psql commits at the end of its input: it only gets that end once pg_restore has written all of the dump; if
  // pg_restore fails half-way, psql is stopped instead, and its transaction dies with its connection. If psql
  // fails first, pg_restore, whose output nobody reads any more, is stopped too. The first failure says why.
  psql.processus.stdin!.on('error', () => undefined);
  sql.processus.stdout!.pipe(psql.processus.stdin!, { end: false });
  let cause: unknown;
  await Promise.all([
    sql.fin.then(
      () => void psql.processus.stdin!.end(),
      (erreur: unknown) => {
        cause ??= erreur;
        psql.processus.kill();
      },
    ),
    psql.fin.catch((erreur: unknown) => {
      cause ??= erreur;
      sql.processus.kill();
    }),
  ]);
  if (cause) throw cause;
}
