import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { formatNumero, SAUVEGARDE_MESSAGES } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ErreurApplication, etatInvalide } from '../erreurs.js';
import { clientPglite, creerPglite, dossierPgdata, erreurDossier, lignes, nombreMigrations, ouvrirPostgres, type Db } from './client.js';
import { ecrireDumpPglite, horodatage, lireDumpSql, restaurerDumpPostgres } from './dump.js';
import { prendreVerrou, restreindreDroits } from './verrou.js';

/** What a restored database holds: what to compare with what the users expect (docs/exploitation.md). */
export interface EtatBase {
  migrations: number;
  debarras: number;
  levees: number;
  adresses: number;
  utilisateurs: number;
  /** The last line the server wrote to the messages: about when the dump was taken. */
  dernierMessage: Date | null;
}

export interface BilanRestauration {
  /** Migrations the dump's schema had; `etat.migrations` is after bringing it up to date. */
  migrationsSauvegarde: number;
  etat: EtatBase;
  /** PGlite: where the database the restore replaced now lies; undefined when there was none. */
  ancienne?: string;
  /** The débarras number last given, of the latest year: the next one follows it (`continuerNumeros`). */
  dernierNumero: string | null;
}

/** The last débarras number given each year, as a database's counter holds it. */
type Compteurs = Array<{ annee: number; dernier: number }>;
const LIRE_COMPTEURS = 'select annee, dernier from compteur_numero';

/**
 * After a restore the débarras numbers go on after the highest ever given (docs/exploitation.md « Sauvegarde et
 * restauration »): the restored counter, the highest number its débarras hold (imported data may have gone past the
 * counter), and the counter of the database the restore replaced — the numbers it gave since the dump are lost
 * with their débarras, but already on paper, in e-mails, told on the phone: never given again to another one.
 */
async function continuerNumeros(db: Db, remplacee: Compteurs): Promise<string | null> {
  await db.execute(sql`insert into compteur_numero (annee, dernier)
    select annee, max(dernier) from (
      select split_part(numero, '-', 1)::int as annee, split_part(numero, '-', 2)::int as dernier
        from debarras where numero ~ '^[0-9]{4}-[0-9]{1,9}$'
      union all
      select (c->>'annee')::int, (c->>'dernier')::int from jsonb_array_elements(${JSON.stringify(remplacee)}::jsonb) c
    ) n group by annee
    on conflict (annee) do update set dernier = greatest(compteur_numero.dernier, excluded.dernier)`);
  const [dernier] = await lignes<{ annee: number; dernier: number }>(db, sql`${sql.raw(LIRE_COMPTEURS)} order by annee desc limit 1`);
  return dernier ? formatNumero(dernier.annee, dernier.dernier) : null;
}

async function etatDe(db: Db): Promise<EtatBase> {
  const [ligne] = await lignes<Omit<EtatBase, 'migrations' | 'dernierMessage'> & { dernier_message: string | Date | null }>(
    db,
    sql`select (select count(*)::int from debarras) as debarras, (select count(*)::int from levee) as levees,
          (select count(*)::int from adresse) as adresses, (select count(*)::int from utilisateur) as utilisateurs,
          (select max(date) from log_evenement) as dernier_message`,
  );
  const { dernier_message, ...comptes } = ligne!;
  return { migrations: await nombreMigrations(db), ...comptes, dernierMessage: dernier_message ? new Date(dernier_message) : null };
}

const raisonDe = (erreur: unknown) => (erreur instanceof Error ? erreur.message : String(erreur));

/**
 * Takes the embedded database of `dataDir` for this process; the server holding it is said plainly, with what
 * to do instead (docs/exploitation.md « Base embarquée »).
 */
function verrouiller(dataDir: string, conseil?: string) {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return prendreVerrou(dataDir);
  } catch (erreur) {
    if (conseil && erreur instanceof ErreurApplication) throw new ErreurApplication(erreur.code, `${erreur.message} ${conseil}`);
    // a read-only or forbidden DATA_DIR, said in French (docs/exploitation.md « Démarrage »)
    throw erreurDossier(erreur, dataDir);
  }
}

/**
 * The counters of the embedded database in `pgdata`, about to be replaced; none when it has no counter table or
 * cannot be read (a damaged database is a reason to restore: the restore goes on with the dump's own numbers).
 */
async function compteursPglite(pgdata: string): Promise<Compteurs> {
  try {
    const client = await creerPglite(pgdata);
    try {
      return (await client.query<Compteurs[number]>(LIRE_COMPTEURS)).rows;
    } finally {
      await client.close();
    }
  } catch {
    return [];
  }
}

/** The counters of the PostgreSQL database about to be replaced; none when it has none (a new database). */
async function compteursPostgres(url: string): Promise<Compteurs> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return (await client.query<Compteurs[number]>(LIRE_COMPTEURS)).rows;
  } catch {
    // an unreachable server: pg_restore, next, says why
    return [];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Dumps the embedded database of a stopped server (`npm run sauvegarde`), as it is: not migrated, so that a
 * dump taken before an upgrade holds the schema of the version it came from.
 */
export async function sauvegarderPgliteArretee(dataDir: string, fichier: string): Promise<void> {
  if (!existsSync(dossierPgdata(dataDir))) throw etatInvalide(SAUVEGARDE_MESSAGES.sansBaseEmbarquee(dataDir));
  const liberer = verrouiller(dataDir, SAUVEGARDE_MESSAGES.serveurEnMarche);
  try {
    const client = await creerPglite(dossierPgdata(dataDir));
    try {
      await ecrireDumpPglite(client, fichier);
    } finally {
      await client.close();
      restreindreDroits(dataDir);
    }
  } finally {
    liberer();
  }
}

/**
 * Restores a dump of the embedded database into `dataDir` (`npm run restauration`), the server stopped. The new
 * database is built beside the current one, from the dump then by the migrations (an older dump is brought up to
 * date), and only once whole does it take the place of `pgdata`, whose former content is kept in
 * `pgdata.avant-restauration-<mark>`, never deleted. Anything failing before leaves `pgdata` as it was.
 */
export async function restaurerPglite(dataDir: string, fichier: string, maintenant: Date): Promise<BilanRestauration> {
  const liberer = verrouiller(dataDir);
  try {
    const sqlDump = await lireDumpSql(fichier);
    const marque = horodatage(maintenant);
    const neuve = path.join(dataDir, `pgdata.restauration-${marque}`);
    let migrationsSauvegarde: number;
    try {
      const brute = await creerPglite(neuve);
      try {
        await brute.exec(sqlDump);
        const { rows } = await brute.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        migrationsSauvegarde = rows[0]?.n ?? 0;
      } finally {
        await brute.close();
      }
      await (await clientPglite(neuve)).client.close();
    } catch (erreur) {
      rmSync(neuve, { recursive: true, force: true });
      throw etatInvalide(SAUVEGARDE_MESSAGES.restaurationIllisible(raisonDe(erreur)));
    }
    const actuelle = dossierPgdata(dataDir);
    const remplacee = existsSync(actuelle) ? await compteursPglite(actuelle) : [];
    const ancienne = existsSync(actuelle) ? path.join(dataDir, `pgdata.avant-restauration-${marque}`) : undefined;
    if (ancienne) renameSync(actuelle, ancienne);
    renameSync(neuve, actuelle);
    // it opens where the server will open it
    const { client, db } = await clientPglite(actuelle);
    try {
      const dernierNumero = await continuerNumeros(db, remplacee);
      return { migrationsSauvegarde, etat: await etatDe(db), ancienne, dernierNumero };
    } finally {
      await client.close();
      restreindreDroits(dataDir);
    }
  } finally {
    liberer();
  }
}

/**
 * Restores a custom-format dump into the PostgreSQL database of `url` (`npm run restauration`), every instance of
 * the server stopped: all or nothing (`restaurerDumpPostgres`), then migrated like at a start-up.
 */
export async function restaurerPostgres(url: string, fichier: string): Promise<BilanRestauration> {
  const remplacee = await compteursPostgres(url);
  await restaurerDumpPostgres(url, fichier);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let migrationsSauvegarde: number;
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    migrationsSauvegarde = rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
  const base = await ouvrirPostgres(url, 1);
  try {
    const dernierNumero = await continuerNumeros(base.db, remplacee);
    return { migrationsSauvegarde, etat: await etatDe(base.db), dernierNumero };
  } finally {
    await base.fermer();
  }
}
