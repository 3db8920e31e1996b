import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Adresse, CelluleCapacite, Levee } from '@debarras/domain';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DU_CODE } from './db/client.js';
import { corpsDeCreation, lancerServeur, MAIN, ouvrirSession, type ServeurLance } from './processusServeur.js';

/**
 * Two real server processes on one new PostgreSQL database, on two ports, as behind a load balancer
 * (docs/exploitation.md « Plusieurs serveurs derrière un reverse proxy »): started together on the empty database,
 * then a session, the request limits, a job due on both, a change seen through the other, and a stop during an export.
 * PostgreSQL only (`.ci/run`'s API suite); runs the built server.
 */
const URL_TEST = process.env.TEST_DATABASE_URL ?? '';
const MOT_DE_PASSE = 'deux-serveurs-1234';
const JETON_METRIQUES = 'jeton-des-metriques-de-test';
const REQUETES_PAR_MINUTE = 40;
/** Under the 50 failures an address may make in 15 minutes: the 429 comes from the per-minute count, in the database. */
const CONNEXIONS_PAR_MINUTE = 30;
const nomBase = `debarras_deux_${randomBytes(5).toString('hex')}`;
const dossiers: string[] = [];
let a: ServeurLance;
let b: ServeurLance;
let base: pg.Client;

const urlDe = (nom: string) => {
  const url = new URL(URL_TEST);
  url.pathname = `/${nom}`;
  return url.toString();
};

async function administrer(requete: string) {
  const admin = new pg.Client({ connectionString: URL_TEST });
  await admin.connect();
  try {
    await admin.query(requete);
  } finally {
    await admin.end();
  }
}

const lancer = (port: number) => {
  const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-deux-'));
  dossiers.push(dossier);
  return lancerServeur(port, {
    DATABASE_URL: urlDe(nomBase),
    DATA_DIR: dossier,
    DEMO_PASSWORD: MOT_DE_PASSE,
    // the tests name their client address as a proxy in front would
    TRUST_PROXY: '1',
    REQUETES_PAR_MINUTE: String(REQUETES_PAR_MINUTE),
    CONNEXIONS_PAR_MINUTE: String(CONNEXIONS_PAR_MINUTE),
    METRICS_TOKEN: JETON_METRIQUES,
    ARRET_DELAI_SECONDES: '15',
  });
};

/** A request from `adresse`, as the proxy in front says it. */
const depuis = (adresse: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': adresse },
});

const connexionRatee = (serveur: ServeurLance, adresse: string, username: string) =>
  fetch(
    `${serveur.api}/login`,
    depuis(adresse, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'pas-le-bon-mot-de-passe' }),
    }),
  ).then((r) => r.status);

/** The rank (from 1) of the first 429 of `statuts`, or 0. */
const rangDuPremier429 = (statuts: number[]) => statuts.indexOf(429) + 1;

const passagesDeTache = async (serveur: ServeurLance, tache: string) => {
  const texte = await (await fetch(`${serveur.racine}metrics`, { headers: { authorization: `Bearer ${JETON_METRIQUES}` } })).text();
  const passages = new Map<string, number>();
  for (const [, resultat, n] of texte.matchAll(
    new RegExp(`^debarras_taches_executions_total\\{tache="${tache}",resultat="(\\w+)"\\} (\\d+)`, 'gm'),
  )) {
    passages.set(resultat!, Number(n));
  }
  return passages;
};

describe.runIf(inject('modeleBase').moteur === 'postgresql' && existsSync(MAIN))('deux serveurs sur une base PostgreSQL', () => {
  beforeAll(async () => {
    await administrer(`CREATE DATABASE ${nomBase}`);
    const port = 23_000 + (process.pid % 20_000);
    // together, on the empty database: one migrates and seeds, the other waits for it
    [a, b] = await Promise.all([lancer(port), lancer(port + 1)]);
    base = new pg.Client({ connectionString: urlDe(nomBase) });
    await base.connect();
  }, 300_000);

  afterAll(async () => {
    a?.processus.kill('SIGKILL');
    b?.processus.kill('SIGKILL');
    await base?.end();
    await administrer(`DROP DATABASE IF EXISTS ${nomBase} WITH (FORCE)`);
    for (const dossier of dossiers) rmSync(dossier, { recursive: true, force: true });
  });

  it('démarrés ensemble sur une base vide, la migrent et la préparent une fois, puis se disent prêts', async () => {
    const { rows: migrations } = await base.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations[0]!.n).toBe(MIGRATIONS_DU_CODE);
    const { rows: demarrages } = await base.query<{ n: number }>(
      "select count(*)::int as n from log_evenement where texte like 'Débarras % démarré (serveur PostgreSQL)%'",
    );
    expect(demarrages[0]!.n).toBe(2);
    for (const serveur of [a, b]) {
      const pret = await fetch(`${serveur.racine}sante/pret`);
      expect([pret.status, await pret.json()]).toEqual([200, { statut: 'pret' }]);
    }
  });

  it('sert sur l’un la session ouverte sur l’autre, et la ferme pour les deux', async () => {
    const cookie = await ouvrirSession(a.api, 'gestion', MOT_DE_PASSE);
    const surB = await fetch(`${b.api}/user`, { headers: { cookie } });
    expect(surB.status).toBe(200);
    expect(await surB.json()).toMatchObject({ username: 'gestion' });
    expect((await fetch(`${b.api}/logout`, { headers: { cookie } })).status).toBe(204);
    expect((await fetch(`${a.api}/user`, { headers: { cookie } })).status).toBe(401);
  });

  it('compte ensemble les connexions ratées d’une adresse : 429 au même rang contre les deux serveurs que contre un seul', async () => {
    const contreUn: number[] = [];
    const contreDeux: number[] = [];
    // a new user name each time: only the address's counts play (CONNEXIONS_PAR_MINUTE, before the 50 failures)
    for (let i = 0; i < 70; i++) contreUn.push(await connexionRatee(a, '198.51.100.1', `inconnu-un-${i}`));
    for (let i = 0; i < 70; i++) contreDeux.push(await connexionRatee(i % 2 ? b : a, '198.51.100.2', `inconnu-deux-${i}`));
    expect(rangDuPremier429(contreUn)).toBe(CONNEXIONS_PAR_MINUTE + 1);
    expect(rangDuPremier429(contreDeux)).toBe(CONNEXIONS_PAR_MINUTE + 1);
    expect(contreDeux.slice(CONNEXIONS_PAR_MINUTE).every((s) => s === 429)).toBe(true);
  });

  it('compte ensemble les requêtes d’une adresse : 429 au même rang contre les deux serveurs que contre un seul', async () => {
    const cookie = await ouvrirSession(a.api, 'gestion', MOT_DE_PASSE);
    const lire = (serveur: ServeurLance, adresse: string) =>
      fetch(`${serveur.api}/commune`, depuis(adresse, { headers: { cookie } })).then((r) => r.status);
    const contreUn: number[] = [];
    const contreDeux: number[] = [];
    for (let i = 0; i < REQUETES_PAR_MINUTE + 5; i++) contreUn.push(await lire(b, '198.51.100.3'));
    for (let i = 0; i < REQUETES_PAR_MINUTE + 5; i++) contreDeux.push(await lire(i % 2 ? a : b, '198.51.100.4'));
    expect(rangDuPremier429(contreUn)).toBe(REQUETES_PAR_MINUTE + 1);
    expect(rangDuPremier429(contreDeux)).toBe(REQUETES_PAR_MINUTE + 1);
  });

  it('fait tourner une fois la tâche due au même quart d’heure sur les deux', async () => {
    // « Places non validées » is due at each start and each quarter-hour: both servers met it
    const passages = [await passagesDeTache(a, 'placesEnLigne'), await passagesDeTache(b, 'placesEnLigne')];
    const total = (p: Map<string, number>) => [...p.values()].reduce((s, n) => s + n, 0);
    const faites = passages.reduce((s, p) => s + (p.get('ok') ?? 0) + (p.get('echec') ?? 0), 0);
    for (const p of passages) expect(total(p)).toBeGreaterThanOrEqual(1);
    const { rows } = await base.query<{ echeance: string; n: number }>(
      "select echeance, count(*)::int as n from tache_execution where tache = 'placesEnLigne' group by echeance",
    );
    // one run per quarter-hour (two if a quarter-hour began between the two starts), the other server's pass skipped
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(faites).toBe(rows.length);
    expect(passages.reduce((s, p) => s + total(p), 0)).toBeGreaterThan(faites);
  });

  it('montre sur l’autre serveur, à la lecture suivante, un débarras créé sur l’un (tableau des capacités)', async () => {
    const cookie = await ouvrirSession(a.api, 'gestion', MOT_DE_PASSE);
    const lire = async <T>(serveur: ServeurLance, chemin: string) =>
      (await (await fetch(`${serveur.api}/${chemin}`, { headers: { cookie } })).json()) as T;
    const adresse = (await lire<Adresse[]>(a, 'adresse/?q=Rue')).find((x) => x.secteur)!;
    const [levee] = await lire<Levee[]>(a, `levee/next?secteur=${encodeURIComponent(adresse.secteur!)}&sauvageurgent=false`);
    const [objet] = await lire<Array<{ idObjet: number }>>(a, 'objet/?actif=1&type=Objet&size=1');
    const compte = async () =>
      (await lire<CelluleCapacite[]>(b, `capacite?du=${levee!.dateLevee}&au=${levee!.dateLevee}`))
        .flatMap((c) => c.levees)
        .find((l) => l.idLevee === levee!.idLevee)!.nbDebarras;
    const avant = await compte();
    const creation = await fetch(`${a.api}/debarras?force=true`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: corpsDeCreation(adresse.idpAdr, levee!.idLevee, objet!.idObjet, 'Deux serveurs'),
    });
    expect(creation.status, await creation.clone().text()).toBe(200);
    expect(await compte()).toBe(avant + 1);
  });

  it('termine l’export en cours après SIGTERM puis sort avec 0, pendant que l’autre serveur reste prêt', async () => {
    const cookie = await ouvrirSession(a.api, 'gestion', MOT_DE_PASSE);
    const reponse = await fetch(`${a.api}/debarras/export/`, { headers: { cookie } });
    expect(reponse.status).toBe(200);
    a.processus.kill('SIGTERM');
    const pretPendant = await fetch(`${b.racine}sante/pret`);
    expect(pretPendant.status).toBe(200);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(await reponse.arrayBuffer());
    expect(classeur.worksheets[0]!.rowCount).toBeGreaterThan(100);
    expect(await a.fin, a.sortie()).toBe(0);
    expect((await fetch(`${b.racine}sante/pret`)).status).toBe(200);
    expect((await fetch(`${b.api}/user`, { headers: { cookie } })).status).toBe(200);
  });
});
