import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TACHE_MESSAGES, type Adresse, type Debarras, type Execution, type Levee, type Tache } from '@debarras/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { corpsDeCreation, lancerServeur, MAIN, type ServeurLance } from '../processusServeur.js';
import { comptesDemoDesactives } from '../seed/demo.js';
import { FICHIER_VERROU } from './verrou.js';

/**
 * The server killed (SIGKILL) in the middle of concurrent creations and of a job's run, then started again
 * (PGlite: its lock left to a pid now another process's): every creation it acknowledged is there, the
 * database is sound, the job's run is closed as interrupted (docs/exploitation.md « Arrêt brutal »). One round per engine in CI; ARRET_BRUTAL_TOURS=n for more. Runs the built server
 * (`tsc -b apps/server`, as `npm test` does first).
 */

const TOURS = Number(process.env.ARRET_BRUTAL_TOURS ?? 1);
const MOT_DE_PASSE = 'arret-brutal-1234';
const urlPostgres = process.env.TEST_DATABASE_URL;

const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-arret-brutal-'));
const nomBase = `debarras_arret_brutal_${process.pid}`;
let serveur: ChildProcess | undefined;

afterAll(async () => {
  serveur?.kill('SIGKILL');
  rmSync(dossier, { recursive: true, force: true });
  if (urlPostgres) await sqlPostgres(`drop database if exists ${nomBase} with (force)`);
});

async function sqlPostgres(requete: string, url = urlPostgres!) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(requete)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const urlDeLaBase = () => {
  const url = new URL(urlPostgres!);
  url.pathname = `/${nomBase}`;
  return url.toString();
};

/** The server last started: what it wrote on its console since its start. */
let lance: ServeurLance | undefined;

/** Starts the server (with `plus` in its environment) and waits for its start line; answers its API's address. */
async function demarrer(port: number, plus: NodeJS.ProcessEnv = {}): Promise<string> {
  lance = await lancerServeur(port, {
    DATA_DIR: dossier,
    DEMO_PASSWORD: MOT_DE_PASSE,
    REQUETES_PAR_MINUTE: '0',
    DATABASE_URL: urlPostgres ? urlDeLaBase() : '',
    ...plus,
  });
  serveur = lance.processus;
  return lance.api;
}

const seConnecter = (api: string, username: string) =>
  fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: MOT_DE_PASSE }),
  });

async function connecter(api: string, username = 'gestion') {
  const r = await seConnecter(api, username);
  expect(r.status).toBe(200);
  const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
  const lire = async <T>(chemin: string): Promise<{ statut: number; corps: T }> => {
    const reponse = await fetch(`${api}/${chemin}`, { headers: { cookie } });
    return { statut: reponse.status, corps: (await reponse.json()) as T };
  };
  return { cookie, lire };
}

/** « Lancer maintenant » of the « Sauvegarde » job: its run, recorded EN_COURS. */
async function lancerSauvegarde(api: string): Promise<Execution> {
  const { cookie } = await connecter(api, 'technique');
  const r = await fetch(`${api}/tache/sauvegarde/execution`, { method: 'POST', headers: { cookie } });
  expect(r.status).toBe(202);
  return (await r.json()) as Execution;
}

describe('arrêt brutal du serveur', () => {
  it.skipIf(!existsSync(MAIN))(
    `retrouve après kill -9 et redémarrage chaque débarras confirmé, dans une base saine (${TOURS} tour(s), ${urlPostgres ? 'PostgreSQL' : 'PGlite'})`,
    async () => {
      if (urlPostgres) await sqlPostgres(`create database ${nomBase}`);
      const port = 20_000 + (process.pid % 20_000);
      const confirmes: number[] = [];
      let coupee: Execution | undefined;
      for (let tour = 0; tour < TOURS; tour++) {
        const api = await demarrer(port);
        const { cookie, lire } = await connecter(api);
        const adresse = (await lire<Adresse[]>('adresse/?q=Rue')).corps.find((a) => a.secteur)!;
        const [objet] = (await lire<Array<{ idObjet: number }>>('objet/?actif=1&type=Objet&size=1')).corps;
        const [levee] = (await lire<Levee[]>(`levee/next?secteur=${encodeURIComponent(adresse.secteur!)}&sauvageurgent=false`)).corps;
        const creer = async (n: number) => {
          const r = await fetch(`${api}/debarras?force=true`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: corpsDeCreation(adresse.idpAdr, levee!.idLevee, objet!.idObjet, `Arrêt brutal ${tour}-${n}`),
          });
          if (r.status === 200) confirmes.push(((await r.json()) as Debarras).idDebarras);
        };
        // eight clients creating in a loop, killed without warning after a moment
        let enCours = true;
        const clients = Array.from({ length: 8 }, async (_, c) => {
          for (let n = 0; enCours; n++) await creer(c * 10_000 + n).catch(() => undefined);
        });
        await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 1_000));
        // the last round is killed in the middle of a job's run too: the dump takes a second or so
        const execution = tour === TOURS - 1 ? await lancerSauvegarde(api) : undefined;
        serveur!.kill('SIGKILL');
        await new Promise((r) => serveur!.once('exit', r));
        enCours = false;
        await Promise.all(clients);
        if (execution) coupee = execution;
      }
      expect(confirmes.length).toBeGreaterThan(0);
      expect(coupee).toMatchObject({ statut: 'EN_COURS' });
      if (!urlPostgres) {
        // the killed server's lock is left; its pid now names another live process of this host (here, this
        // test's): a pid reused, not the holder
        const fichier = path.join(dossier, FICHIER_VERROU);
        const laisse = JSON.parse(readFileSync(fichier, 'utf8')) as { pid: number; demarrage?: string };
        expect(laisse.demarrage).toBeDefined();
        writeFileSync(fichier, JSON.stringify({ ...laisse, pid: process.pid }));
      }

      const api = await demarrer(port);
      // the job cut short is closed as interrupted at the start, not left « en cours »
      const technique = await connecter(api, 'technique');
      const { corps: taches } = await technique.lire<Tache[]>('tache');
      expect(taches.find((x) => x.code === 'sauvegarde')!.derniere).toMatchObject({
        idExecution: coupee!.idExecution,
        statut: 'KO',
        bilan: TACHE_MESSAGES.interrompue,
      });
      const { lire } = await connecter(api);
      const absents = [];
      for (const id of confirmes) if ((await lire(`debarras/${id}`)).statut !== 200) absents.push(id);
      expect(absents, 'débarras confirmés puis perdus').toEqual([]);
      // sound: a new one is numbered after them, and no number or key is doubled
      const { statut, corps } = await lire<{ numero: string }>('debarras/numero');
      expect(statut).toBe(200);
      expect(corps.numero).toMatch(/^\d{4}-\d{5}$/);
      const liste = await lire<Debarras[]>(`debarras/?size=500&nomPersonne=${encodeURIComponent('Arrêt brutal')}`);
      const numeros = liste.corps.map((d) => d.numero);
      expect(new Set(numeros).size).toBe(numeros.length);
      expect(new Set(liste.corps.map((d) => d.idDebarras)).size).toBe(liste.corps.length);
      if (urlPostgres) {
        // PostgreSQL's own check of the débarras table's indexes
        await sqlPostgres('create extension if not exists amcheck', urlDeLaBase());
        await sqlPostgres(
          "select bt_index_check(c.oid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'btree' and i.indrelid = 'debarras'::regclass",
          urlDeLaBase(),
        );
      }
      serveur!.kill('SIGTERM');
      await new Promise((r) => serveur!.once('exit', r));
    },
    300_000,
  );

  it.skipIf(!existsSync(MAIN))(
    'passée en production, une base créée hors production ne laisse plus entrer les comptes de démonstration, et démarre sans SMTP_URL en le signalant',
    async () => {
      const port = 20_000 + ((process.pid + 1) % 20_000);
      if (urlPostgres) await sqlPostgres(`create database ${nomBase}`).catch(() => undefined);
      // started once without NODE_ENV=production: the demo accounts, with the demo password
      const api = await demarrer(port);
      await connecter(api, 'technique');
      serveur!.kill('SIGTERM');
      await new Promise((r) => serveur!.once('exit', r));

      const enProduction = await demarrer(port, { NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}/webdeb/` });
      expect(lance!.sortie()).toContain(comptesDemoDesactives(['lecture', 'gestion', 'admin', 'technique']));
      expect(lance!.sortie()).toContain("Attention : SMTP_URL n'est pas défini");
      for (const compte of ['lecture', 'gestion', 'admin', 'technique']) expect((await seConnecter(enProduction, compte)).status).toBe(401);
      serveur!.kill('SIGTERM');
      await new Promise((r) => serveur!.once('exit', r));
    },
    300_000,
  );
});
