import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatNumero,
  PARAMETRE_CLES,
  PARAMETRES_PAR_DEFAUT,
  RAISONS_FICHIER,
  SAUVEGARDE_JOURS_DEFAUT,
  SAUVEGARDE_MESSAGES,
  TACHES,
  type Execution,
  type Tache,
} from '@debarras/domain';
import { eq, like, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { construireApp } from '../app.js';
import { creerCourrier } from '../courriel.js';
import { creerPglite, lignes, ouvrirPglite, ouvrirPostgres, type Base, type Db } from '../db/client.js';
import { ecrireDumpPglite, ecrireDumpPostgres } from '../db/dump.js';
import { restaurerPglite, restaurerPostgres, sauvegarderPgliteArretee } from '../db/restauration.js';
import * as schema from '../db/schema.js';
import { compteurNumero, debarras, parametre, secteur } from '../db/schema.js';
import { derniersNumeros } from '../modules/debarras/index.js';
import { insererManquantes } from '../modules/commune/index.js';
import { insererManquants } from '../modules/parametre/index.js';
import { CATALOGUE } from '../seed/catalogue.js';
import { COMMUNES_GENEVE } from '../seed/communes.js';
import { semerReference } from '../seed/reference.js';
import { appDeTest, dans, unique } from '../test/app.js';
import { uneLevee, unDebarras, unSecteur } from '../test/fabriques.js';
import { ecrireSauvegarde, nomSauvegarde } from './sauvegarde.js';
import { creerTaches } from './taches.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const JOUR_MS = 24 * 60 * 60 * 1000;
const MOTEUR: Base['moteur'] = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
const NOM = /^debarras-\d{8}-\d{6}\.(sql\.gz|dump)$/;

const dossierTest = mkdtempSync(path.join(tmpdir(), 'debarras-sauvegarde-'));
const dossier = path.join(dossierTest, 'sauvegardes');
/** The server as main.ts builds it: its jobs know where the dumps go. */
let app: FastifyInstance;

beforeAll(async () => {
  app = await construireApp({
    config: t.config,
    base: t.base,
    dossierWeb: '/nonexistent',
    horloge: t.horloge,
    taches: creerTaches({ base: t.base, courrier: creerCourrier(t.config), horloge: t.horloge, dossierSauvegardes: dossier }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dossierTest, { recursive: true, force: true });
});

const enTechnique = async (options: InjectOptions) => app.inject({ ...options, headers: { cookie: await t.cookie('technique') } });

async function attendreFin(): Promise<Execution> {
  for (let essai = 0; essai < 200; essai++) {
    const derniere = (await enTechnique({ url: `${REST}/tache` })).json<Tache[]>().find((x) => x.code === 'sauvegarde')!.derniere;
    if (derniere && derniere.statut !== 'EN_COURS') return derniere;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('la sauvegarde ne se termine pas');
}

/**
 * Runs the job and waits for its end, as the night does. A run launched from the screen is shown ended a moment
 * before it lets go of its lock: meanwhile this one would be refused as already running.
 */
async function sauvegarder(base: Base, dossierSauvegardes: string): Promise<Execution> {
  const taches = creerTaches({ base, courrier: creerCourrier(t.config), horloge: t.horloge, dossierSauvegardes });
  for (let essai = 0; essai < 100; essai++) {
    const issue = await taches.executer('sauvegarde');
    if (typeof issue === 'object') return issue.execution;
    if (issue === 'indisponible') throw new Error('base indisponible');
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('la sauvegarde reste en cours');
}

const sauvegardes = (d = dossier) => readdirSync(d).filter((nom) => NOM.test(nom));
const ilYA = (jours: number) => new Date(Date.now() - jours * JOUR_MS);

/**
 * The columns migrations after the previous version (0010) add to these tables: empty in a restored old dump, so
 * left out of its checksum.
 */
const COLONNES_POSTERIEURES: Record<string, string[]> = { levee: ['ordre_manuel'], utilisateur: ['sessions_fermees_avant'] };

/** Row counts and a checksum of the tables a restore must give back as they were. */
async function empreinte(db: Db) {
  const resultat: Record<string, { lignes: number; somme: string }> = {};
  for (const table of ['debarras', 'debarras_objet', 'levee', 'secteur', 'utilisateur', 'parametre']) {
    const sauf = (COLONNES_POSTERIEURES[table] ?? []).map((c) => ` - '${c}'`).join('');
    const [ligne] = await lignes<{ lignes: number; somme: string }>(
      db,
      sql.raw(
        `select count(*)::int as lignes, md5(coalesce(string_agg(r, '|' order by r), '')) as somme from (select (to_jsonb(t)${sauf})::text as r from ${table} t) x`,
      ),
    );
    resultat[table] = ligne!;
  }
  return resultat;
}

/**
 * Some of everything: a sector, a levée, a débarras with its objects. The levée is written in the columns the
 * previous version already had: an insert through today's schema names the later ones too.
 */
async function desDonnees(db: Db) {
  const s = await unSecteur(db);
  const [l] = await lignes<{ idLevee: number }>(
    db,
    sql`insert into levee (date_levee, id_secteur, nb_debarras_max, created_by, last_modified_by) values (${dans(1)}, ${s.idSecteur}, 30, 'test', 'test') returning id_levee as "idLevee"`,
  );
  await unDebarras(db, { idLevee: l!.idLevee, nomPersonne: 'Élise Müller' }, [{ idObjet: 1, quantite: 2, remarque: 'lourd' }]);
}

/** What happens after the dump and must not survive the restore. */
async function desChangements(db: Db) {
  await db.delete(debarras);
  await unSecteur(db, { libelle: unique('Après la sauvegarde') });
  await db.update(secteur).set({ version: 99 });
}

/**
 * The migrations as the version before the récurrences shipped them (up to 0010): the later ones add tables,
 * an index and settings, so today's factories still write its schema.
 */
function migrationsDUneVersionPrecedente() {
  const source = fileURLToPath(new URL('../db/migrations', import.meta.url));
  const dossierMigrations = mkdtempSync(path.join(dossierTest, 'migrations-'));
  mkdirSync(path.join(dossierMigrations, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter(({ tag }) => tag < '0011');
  for (const { tag } of journal.entries) copyFileSync(path.join(source, `${tag}.sql`), path.join(dossierMigrations, `${tag}.sql`));
  writeFileSync(path.join(dossierMigrations, 'meta', '_journal.json'), JSON.stringify(journal));
  return { anciennes: journal.entries.length, dossierMigrations };
}

/**
 * The reference data as the previous version seeded it. Its object table had no English columns (migration 0017),
 * and an insert through today's schema names every column: the catalogue is written in the old table's own words.
 */
async function semerReferenceAncienne(db: Db) {
  await insererManquantes(db, COMMUNES_GENEVE);
  await insererManquants(db, PARAMETRES_PAR_DEFAUT, 'systeme');
  const valeurs = CATALOGUE.map(
    (o) => sql`(${o.libelle}, ${o.libelleExt}, ${o.url}, ${o.urlInterdit ?? null}, ${o.ordre}, ${o.type}, 'systeme', 'systeme')`,
  );
  await db.execute(
    sql`insert into objet (libelle, libelle_ext, url, url_interdit, ordre, type, created_by, last_modified_by) values ${sql.join(valeurs, sql`, `)}`,
  );
}

/** The previous version's schema (`migrer`), with some of everything; answers its fingerprint. */
async function remplirAncienne(db: Db, migrer: () => Promise<void>) {
  await migrer();
  await semerReferenceAncienne(db);
  await desDonnees(db);
  return empreinte(db);
}

/** What the restored database holds, and whether it has a table a later migration creates. */
async function relireRestauree(base: Base) {
  try {
    const [ligne] = await lignes<{ recurrence: string | null }>(base.db, sql`select to_regclass('public.recurrence')::text as recurrence`);
    return { empreinte: await empreinte(base.db), recurrence: ligne!.recurrence };
  } finally {
    await base.fermer();
  }
}

/** An empty database on the test server, not migrated. */
async function baseVide(prefixe: string) {
  const nom = `debarras_test_${prefixe}_${randomBytes(6).toString('hex')}`;
  const serveur = process.env.TEST_DATABASE_URL!;
  const admin = async (requete: string) => {
    const client = new pg.Client({ connectionString: serveur });
    await client.connect();
    try {
      await client.query(requete);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${nom}`);
  const url = new URL(serveur);
  url.pathname = `/${nom}`;
  return { url: url.toString(), supprimer: () => admin(`DROP DATABASE IF EXISTS ${nom} WITH (FORCE)`) };
}

describe('tâche « Sauvegarde de la base »', () => {
  it('figure sur l’écran des tâches, avec la durée de garde dans sa description', async () => {
    const tache = (await enTechnique({ url: `${REST}/tache` })).json<Tache[]>().find((x) => x.code === 'sauvegarde');
    expect(tache).toMatchObject(TACHES.sauvegarde);
    expect(tache!.description).toContain(PARAMETRE_CLES.sauvegardeJours);
    expect(tache!.description).toContain(String(SAUVEGARDE_JOURS_DEFAUT));
  });

  it('se lance depuis l’écran (POST /tache/sauvegarde/execution) et écrit un fichier daté, lisible par le seul serveur', async () => {
    const deja = existsSync(dossier) ? sauvegardes() : [];
    const r = await enTechnique({ method: 'POST', url: `${REST}/tache/sauvegarde/execution` });
    expect(r.statusCode, r.body).toBe(202);
    const fin = await attendreFin();
    expect(fin, fin.bilan ?? '').toMatchObject({ statut: 'OK', declencheur: 'technique' });

    const [fichier, ...autres] = sauvegardes().filter((nom) => !deja.includes(nom));
    expect(autres).toEqual([]);
    expect(fichier).toMatch(MOTEUR === 'pglite' ? /\.sql\.gz$/ : /\.dump$/);
    const info = statSync(path.join(dossier, fichier!));
    expect(info.mode & 0o777).toBe(0o600);
    expect(statSync(dossier).mode & 0o777).toBe(0o700);
    expect(readdirSync(dossier).filter((nom) => nom.endsWith('.partiel'))).toEqual([]);
    expect(fin.bilan).toBe(SAUVEGARDE_MESSAGES.bilan(dossier, fichier!, info.size, 0, SAUVEGARDE_JOURS_DEFAUT));
    // the dump gave the server its session back: it reads and writes on
    expect(await unSecteur(t.base.db)).toMatchObject({ version: 0 });
  });

  it('supprime les sauvegardes plus vieilles que sauvegarde.jours, et elles seules', async () => {
    mkdirSync(dossier, { recursive: true });
    const ecrire = (nom: string) => writeFileSync(path.join(dossier, nom), 'ancienne');
    const vieille = nomSauvegarde(MOTEUR, ilYA(15));
    const autreMoteur = nomSauvegarde(MOTEUR === 'pglite' ? 'postgresql' : 'pglite', ilYA(20));
    const recente = nomSauvegarde(MOTEUR, ilYA(13));
    const coupee = `${nomSauvegarde(MOTEUR, ilYA(30))}.partiel`;
    const etrangers = ['notes.txt', `${vieille}.copie`, 'debarras-20000101-000000.sql'];
    for (const nom of [vieille, autreMoteur, recente, coupee, ...etrangers]) ecrire(nom);
    const unDossier = nomSauvegarde(MOTEUR, ilYA(40));
    mkdirSync(path.join(dossier, unDossier));

    const r = await sauvegarder(t.base, dossier);
    expect(r.statut).toBe('OK');
    expect(r.bilan).toMatch(/ ; 2 sauvegardes de plus de 14 jours supprimées\.$/);

    const restants = readdirSync(dossier);
    expect(restants).toEqual(expect.arrayContaining([recente, ...etrangers, unDossier]));
    expect(restants.filter((nom) => [vieille, autreMoteur, coupee].includes(nom))).toEqual([]);

    await t.base.db.update(parametre).set({ valeur: '3' }).where(eq(parametre.cle, PARAMETRE_CLES.sauvegardeJours));
    try {
      ecrire(nomSauvegarde(MOTEUR, ilYA(4)));
      expect((await sauvegarder(t.base, dossier)).bilan).toMatch(/ ; 2 sauvegardes de plus de 3 jours supprimées\.$/);
      expect(readdirSync(dossier)).not.toContain(recente);
    } finally {
      await t.base.db
        .update(parametre)
        .set({ valeur: String(SAUVEGARDE_JOURS_DEFAUT) })
        .where(eq(parametre.cle, PARAMETRE_CLES.sauvegardeJours));
    }
  });

  it.skipIf(MOTEUR !== 'postgresql')('finit KO, sans fichier ni sauvegarde supprimée, quand pg_dump manque', async () => {
    mkdirSync(dossier, { recursive: true });
    const avant = readdirSync(dossier);
    const ancienne = nomSauvegarde(MOTEUR, ilYA(100));
    writeFileSync(path.join(dossier, ancienne), 'ancienne');
    const chemin = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(await sauvegarder(t.base, dossier)).toMatchObject({
        statut: 'KO',
        bilan: `${TACHES.sauvegarde.libelle} en échec : ${SAUVEGARDE_MESSAGES.outilIntrouvable('pg_dump')}`,
      });
    } finally {
      process.env.PATH = chemin;
    }
    expect(readdirSync(dossier).sort()).toEqual([...avant, ancienne].sort());
  });

  it('finit KO en disant en français quel chemin et pourquoi, quand le dossier des sauvegardes ne peut pas être créé', async () => {
    const fichier = path.join(dossierTest, 'un-fichier');
    writeFileSync(fichier, '');
    const enEchec = (texte: string) => ({ statut: 'KO', bilan: `${TACHES.sauvegarde.libelle} en échec : ${texte}` });
    // a file where a parent folder should be
    const sous = path.join(fichier, 'sauvegardes');
    expect(await sauvegarder(t.base, sous)).toMatchObject(
      enEchec(SAUVEGARDE_MESSAGES.systeme('Création du dossier', sous, RAISONS_FICHIER.ENOTDIR!, 'ENOTDIR')),
    );
    // SAUVEGARDE_DIR itself a file
    expect(await sauvegarder(t.base, fichier)).toMatchObject(
      enEchec(SAUVEGARDE_MESSAGES.systeme('Création du dossier', fichier, RAISONS_FICHIER.EEXIST!, 'EEXIST')),
    );
  });

  it('garde la cause de l’écriture quand le fichier partiel ne peut être ni créé ni supprimé', async () => {
    const ici = mkdtempSync(path.join(dossierTest, 'partiel-'));
    const fichier = path.join(ici, nomSauvegarde(MOTEUR, new Date()));
    // a folder holds the partial file's name: its creation fails, and so would its removal
    mkdirSync(`${fichier}.partiel`);
    await expect(ecrireSauvegarde(fichier, (partiel) => writeFile(partiel, 'x', { flag: 'wx' }))).rejects.toMatchObject({
      code: 'ETAT_INVALIDE',
      message: SAUVEGARDE_MESSAGES.systeme('Création ou ouverture de', `${fichier}.partiel`, RAISONS_FICHIER.EEXIST!, 'EEXIST'),
    });
    expect(existsSync(fichier)).toBe(false);
  });
});

describe('restauration', () => {
  it.skipIf(MOTEUR !== 'pglite')(
    'rend la base embarquée telle qu’à la sauvegarde, garde de côté celle qu’elle remplace, et refuse pendant que le serveur la tient',
    async () => {
      const dataDir = path.join(dossierTest, 'pglite');
      const modele = inject('modeleBase');
      if (modele.moteur !== 'pglite') throw new Error('modèle PGlite attendu');
      const base = await ouvrirPglite(dataDir, { modele: new Blob([readFileSync(modele.fichier)]) });
      let fichier: string;
      let avant: Awaited<ReturnType<typeof empreinte>>;
      try {
        await semerReference(base.db);
        await desDonnees(base.db);
        avant = await empreinte(base.db);
        expect(await sauvegarder(base, path.join(dataDir, 'sauvegardes'))).toMatchObject({ statut: 'OK' });
        fichier = path.join(dataDir, 'sauvegardes', sauvegardes(path.join(dataDir, 'sauvegardes'))[0]!);
        await desChangements(base.db);
        expect(await empreinte(base.db)).not.toEqual(avant);

        // the server holds the database: neither command touches it
        await expect(restaurerPglite(dataDir, fichier, new Date())).rejects.toThrow(/est déjà ouverte par un autre processus/);
        // npm run sauvegarde: it says how to back up without stopping the server
        const copie = path.join(dossierTest, 'copie.sql.gz');
        await expect(sauvegarderPgliteArretee(dataDir, copie)).rejects.toThrow(SAUVEGARDE_MESSAGES.serveurEnMarche);
        expect(existsSync(copie)).toBe(false);
      } finally {
        await base.fermer();
      }

      const bilan = await restaurerPglite(dataDir, fichier, new Date());
      expect(bilan.ancienne).toMatch(/\/pgdata\.avant-restauration-\d{8}-\d{6}$/);
      expect(existsSync(bilan.ancienne!)).toBe(true);
      expect(bilan.etat).toMatchObject({ debarras: avant.debarras!.lignes, migrations: bilan.migrationsSauvegarde });
      const restauree = await ouvrirPglite(dataDir);
      try {
        expect(await empreinte(restauree.db)).toEqual(avant);
      } finally {
        await restauree.fermer();
      }
    },
  );

  it.skipIf(MOTEUR !== 'postgresql')('rend la base PostgreSQL telle qu’à la sauvegarde, en une fois', async () => {
    const modele = inject('modeleBase');
    if (modele.moteur !== 'postgresql') throw new Error('modèle PostgreSQL attendu');
    const nom = `debarras_test_restauration_${randomBytes(6).toString('hex')}`;
    const serveur = new URL(process.env.TEST_DATABASE_URL!);
    const admin = async (requete: string) => {
      const client = new pg.Client({ connectionString: serveur.toString() });
      await client.connect();
      try {
        await client.query(requete);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${nom} TEMPLATE ${modele.nom}`);
    const url = new URL(serveur);
    url.pathname = `/${nom}`;
    try {
      const base = await ouvrirPostgres(url.toString(), 2);
      let fichier: string;
      let avant: Awaited<ReturnType<typeof empreinte>>;
      let change: Awaited<ReturnType<typeof empreinte>>;
      try {
        await semerReference(base.db);
        await desDonnees(base.db);
        avant = await empreinte(base.db);
        const dossierPg = path.join(dossierTest, 'postgresql');
        expect(await sauvegarder(base, dossierPg)).toMatchObject({ statut: 'OK' });
        fichier = path.join(dossierPg, sauvegardes(dossierPg)[0]!);
        await desChangements(base.db);
        // what a later migration would have created, which the older dump does not hold
        await base.db.execute(sql`create table plus_recente (x int)`);
        await base.db.execute(sql`create function plus_recente() returns int language sql as 'select 1'`);
        change = await empreinte(base.db);
        expect(change).not.toEqual(avant);
      } finally {
        await base.fermer();
      }
      const relire = async () => {
        const b = await ouvrirPostgres(url.toString(), 1);
        try {
          const [objets] = await lignes<{ table: string | null; fonction: string | null }>(
            b.db,
            sql`select to_regclass('public.plus_recente')::text as table, to_regprocedure('public.plus_recente()')::text as fonction`,
          );
          return { empreinte: await empreinte(b.db), objets };
        } finally {
          await b.fermer();
        }
      };

      // a dump cut short is refused whole: the database stays as it is
      const tronque = path.join(dossierTest, 'tronque.dump');
      const contenu = readFileSync(fichier);
      writeFileSync(tronque, contenu.subarray(0, contenu.length - 200));
      await expect(restaurerPostgres(url.toString(), tronque)).rejects.toThrow(/^pg_restore a échoué/);
      expect(await relire()).toEqual({ empreinte: change, objets: { table: 'plus_recente', fonction: 'plus_recente()' } });

      const bilan = await restaurerPostgres(url.toString(), fichier);
      expect(bilan.etat).toMatchObject({ debarras: avant.debarras!.lignes, migrations: bilan.migrationsSauvegarde });
      expect(await relire()).toEqual({ empreinte: avant, objets: { table: null, fonction: null } });
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${nom} WITH (FORCE)`);
    }
  });

  it('amène une sauvegarde faite par une version précédente au schéma d’aujourd’hui, données comprises', async () => {
    const { anciennes, dossierMigrations } = migrationsDUneVersionPrecedente();
    const fichier = path.join(dossierTest, `ancienne-version.${MOTEUR === 'pglite' ? 'sql.gz' : 'dump'}`);
    let avant: Awaited<ReturnType<typeof empreinte>>;
    let bilan: Awaited<ReturnType<typeof restaurerPglite>>;
    if (MOTEUR === 'pglite') {
      const client = await creerPglite(undefined);
      try {
        const db = drizzlePglite(client, { schema }) as unknown as Db;
        avant = await remplirAncienne(db, () => migratePglite(db as never, { migrationsFolder: dossierMigrations }));
        await ecrireDumpPglite(client, fichier);
      } finally {
        await client.close();
      }
      const dataDir = path.join(dossierTest, 'pglite-version-precedente');
      bilan = await restaurerPglite(dataDir, fichier, new Date());
      expect(await relireRestauree(await ouvrirPglite(dataDir))).toEqual({ empreinte: avant, recurrence: 'recurrence' });
    } else {
      const ancienne = await baseVide('ancienne');
      const cible = await baseVide('cible');
      try {
        const client = new pg.Client({ connectionString: ancienne.url });
        await client.connect();
        try {
          const db = drizzleNodePg(client, { schema }) as unknown as Db;
          avant = await remplirAncienne(db, () => migrateNodePg(db as never, { migrationsFolder: dossierMigrations }));
        } finally {
          await client.end();
        }
        await ecrireDumpPostgres(ancienne.url, fichier);
        bilan = await restaurerPostgres(cible.url, fichier);
        expect(await relireRestauree(await ouvrirPostgres(cible.url, 1))).toEqual({ empreinte: avant, recurrence: 'recurrence' });
      } finally {
        await ancienne.supprimer();
        await cible.supprimer();
      }
    }
    expect(bilan.migrationsSauvegarde).toBe(anciennes);
    expect(bilan.etat.migrations).toBeGreaterThan(anciennes);
    expect(bilan.etat.debarras).toBe(avant.debarras!.lignes);
  });

  it('reprend la numérotation des débarras après le plus haut numéro déjà donné : ceux de la base remplacée, ceux des données restaurées', async () => {
    const modele = inject('modeleBase');
    /** A database of this engine that a restore can replace: open it, restore into it, open it again. */
    const cible = async (nom: string) => {
      if (modele.moteur === 'pglite') {
        const dataDir = path.join(dossierTest, nom);
        return {
          ouvrir: () => ouvrirPglite(dataDir, existsSync(dataDir) ? {} : { modele: new Blob([readFileSync(modele.fichier)]) }),
          restaurer: (fichier: string) => restaurerPglite(dataDir, fichier, new Date()),
          supprimer: async () => undefined,
        };
      }
      const vide = await baseVide(nom);
      return {
        ouvrir: () => ouvrirPostgres(vide.url, 2),
        restaurer: (fichier: string) => restaurerPostgres(vide.url, fichier),
        supprimer: vide.supprimer,
      };
    };
    /** Débarras numbered `de`..`a` of 2026, as the counter gives them, and the counter at `compteur`. */
    const numeroter = async (db: Db, idLevee: number, de: number, a: number, compteur: number) => {
      for (let n = de; n <= a; n++) await unDebarras(db, { idLevee, numero: formatNumero(2026, n) });
      await db
        .insert(compteurNumero)
        .values({ annee: 2026, dernier: compteur })
        .onConflictDoUpdate({ target: compteurNumero.annee, set: { dernier: compteur } });
    };
    const numerosDe = async (base: Base) => {
      try {
        const liste = await base.db.select({ numero: debarras.numero }).from(debarras).where(like(debarras.numero, '2026-%'));
        return { compteur: (await derniersNumeros(base.db)).get(2026), numeros: liste.map((d) => d.numero).sort() };
      } finally {
        await base.fermer();
      }
    };

    const premiere = await cible('numeros');
    const seconde = await cible('numeros_neuve');
    try {
      const base = await premiere.ouvrir();
      let fichier: string;
      try {
        await semerReference(base.db);
        const { idLevee } = await uneLevee(base.db, { idSecteur: (await unSecteur(base.db)).idSecteur });
        // data ahead of its counter (an import): 2026-00003 exists, the counter says 2
        await numeroter(base.db, idLevee, 1, 3, 2);
        const dossierNumeros = path.join(dossierTest, 'sauvegardes-numeros');
        expect(await sauvegarder(base, dossierNumeros)).toMatchObject({ statut: 'OK' });
        fichier = path.join(dossierNumeros, sauvegardes(dossierNumeros)[0]!);
        // given after the dump, then lost by the restore: on paper already
        await numeroter(base.db, idLevee, 4, 6, 6);
      } finally {
        await base.fermer();
      }

      expect((await premiere.restaurer(fichier)).dernierNumero).toBe('2026-00006');
      expect(await numerosDe(await premiere.ouvrir())).toEqual({ compteur: 6, numeros: ['2026-00001', '2026-00002', '2026-00003'] });

      // into a database that had none: after the highest number the restored data holds
      expect((await seconde.restaurer(fichier)).dernierNumero).toBe('2026-00003');
      expect((await numerosDe(await seconde.ouvrir())).compteur).toBe(3);
    } finally {
      await premiere.supprimer();
      await seconde.supprimer();
    }
  }, 120_000);

  it('refuse un fichier qui n’est pas une sauvegarde de ce moteur, sans toucher à rien', async () => {
    const texte = path.join(dossierTest, 'pas-une-sauvegarde.sql');
    writeFileSync(texte, 'select 1;\n');
    const dataDir = path.join(dossierTest, 'vide');
    if (MOTEUR === 'pglite') {
      await expect(restaurerPglite(dataDir, texte, new Date())).rejects.toThrow(SAUVEGARDE_MESSAGES.pasUneSauvegarde(texte));
      const custom = path.join(dossierTest, 'serveur.dump');
      writeFileSync(custom, 'PGDMP\u0001\u000f');
      await expect(restaurerPglite(dataDir, custom, new Date())).rejects.toThrow(SAUVEGARDE_MESSAGES.sauvegardePostgresSurPglite(custom));
      expect(readdirSync(dataDir)).toEqual([]);
    } else {
      await expect(restaurerPostgres(process.env.TEST_DATABASE_URL!, texte)).rejects.toThrow(SAUVEGARDE_MESSAGES.pasUneSauvegarde(texte));
    }
  });
});
