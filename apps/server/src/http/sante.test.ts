import http from 'node:http';
import path from 'node:path';
import { SANTE_MESSAGES } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import { lignes, MIGRATIONS_DU_CODE, type Db } from '../db/client.js';
import { appDeTest } from '../test/app.js';

const t = appDeTest({ REQUETES_PAR_MINUTE: '5' });
const SANTE = '/webdeb/sante';

describe('santé', () => {
  it('dit le serveur vivant et prêt, sans session, en JSON, sans version ni chemin, et sans compter dans la limite des requêtes', async () => {
    for (let i = 0; i < 20; i++) {
      const vivant = await t.app.inject({ url: `${SANTE}/vivant` });
      expect([vivant.statusCode, vivant.json()]).toEqual([200, { statut: 'vivant' }]);
      const pret = await t.app.inject({ url: `${SANTE}/pret` });
      expect([pret.statusCode, pret.json()]).toEqual([200, { statut: 'pret' }]);
      expect(pret.headers['content-type']).toMatch(/^application\/json/);
      expect(pret.headers['cache-control']).toBe('no-store');
    }
    // the API's own requests still meet the limit of 5 a minute
    const api = await Promise.all(Array.from({ length: 7 }, () => t.app.inject({ url: '/webdeb/rest/commune' })));
    expect(api.map((r) => r.statusCode)).toContain(429);
    expect((await t.app.inject({ url: `${SANTE}/pret` })).statusCode).toBe(200);
    // an unknown health path is the API's 404, never the web page (with a built app: http/web.test.ts)
    const inconnue = await t.app.inject({ url: `${SANTE}/autre` });
    expect(inconnue.headers['content-type']).not.toMatch(/html/);
  });

  it('répond 503 SCHEMA_EN_RETARD quand la base n’a pas toutes les migrations du code, puis prêt de nouveau', async () => {
    const [derniere] = await lignes<{ id: number; hash: string; created_at: string }>(
      t.base.db,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    try {
      const r = await t.app.inject({ url: `${SANTE}/pret` });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ statut: 'indisponible', raison: 'SCHEMA_EN_RETARD', errMsg: SANTE_MESSAGES.SCHEMA_EN_RETARD });
      expect(r.headers['retry-after']).toBe('5');
    } finally {
      await t.base.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${derniere!.id}, ${derniere!.hash}, ${derniere!.created_at})`,
      );
    }
    expect((await t.app.inject({ url: `${SANTE}/pret` })).statusCode).toBe(200);
  });

  it('répond 503 BASE_INJOIGNABLE quand la base ne répond pas, et ARRET_EN_COURS pendant un arrêt ; vivant reste 200', async () => {
    const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: path.join('/tmp', 'inutilise') });
    const injoignable = { ...t.base, db: { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Db };
    const etat = { arretEnCours: false };
    const app = await construireApp({ config, base: injoignable, dossierWeb: '/nonexistent', etat });
    try {
      const r = await app.inject({ url: `${SANTE}/pret` });
      expect([r.statusCode, r.json()]).toEqual([
        503,
        { statut: 'indisponible', raison: 'BASE_INJOIGNABLE', errMsg: SANTE_MESSAGES.BASE_INJOIGNABLE },
      ]);
      expect(r.body).not.toContain('ECONNREFUSED');
      expect((await app.inject({ url: `${SANTE}/vivant` })).statusCode).toBe(200);
      etat.arretEnCours = true;
      expect((await app.inject({ url: `${SANTE}/pret` })).json()).toMatchObject({ raison: 'ARRET_EN_COURS' });
    } finally {
      await app.close();
    }
  });

  it('pendant l’arrêt, sert la requête arrivée sur une connexion occupée : pret dit ARRET_EN_COURS en JSON, et la connexion se ferme', async () => {
    const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: path.join('/tmp', 'inutilise') });
    const etat = { arretEnCours: false };
    // a database that answers in 300 ms: the first check keeps the connection busy while the stop begins
    const lente = {
      ...t.base,
      db: { execute: () => new Promise((ok) => setTimeout(() => ok({ rows: [{ n: MIGRATIONS_DU_CODE }] }), 300)) } as unknown as Db,
    };
    const app = await construireApp({ config, base: lente, dossierWeb: '/nonexistent', etat });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // one kept-alive connection: the second request goes on it once the first is answered
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const lire = () =>
      new Promise<{ statut: number; connexion: string | undefined; corps: string }>((ok, ko) => {
        http
          .get({ host: '127.0.0.1', port, path: `${SANTE}/pret`, agent }, (r) => {
            let corps = '';
            r.on('data', (m: Buffer) => (corps += m.toString()));
            r.on('end', () => ok({ statut: r.statusCode!, connexion: r.headers.connection, corps }));
          })
          .on('error', ko);
      });
    try {
      const premiere = lire();
      const seconde = lire();
      await new Promise((ok) => setTimeout(ok, 100));
      etat.arretEnCours = true;
      const fermeture = app.close();
      expect((await premiere).statut).toBe(200);
      const pendantLArret = await seconde;
      expect([pendantLArret.statut, JSON.parse(pendantLArret.corps).raison, pendantLArret.connexion]).toEqual([
        503,
        'ARRET_EN_COURS',
        'close',
      ]);
      await fermeture;
    } finally {
      agent.destroy();
    }
  });
});
