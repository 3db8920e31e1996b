import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import { appDeTest } from '../test/app.js';

const t = appDeTest();
const serveurs: FastifyInstance[] = [];
afterAll(async () => {
  for (const s of serveurs) await s.close();
});

/** Two servers on the same database, as two processes behind a load balancer would be. */
async function deuxServeurs(env: NodeJS.ProcessEnv) {
  const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: path.join('/tmp', 'inutilise'), CONFIRMATIONS_PAR_MINUTE: '0', ...env });
  for (let i = 0; i < 2; i++) serveurs.push(await construireApp({ config, base: t.base, dossierWeb: '/nonexistent' }));
  return serveurs.slice(-2) as [FastifyInstance, FastifyInstance];
}

describe.runIf(inject('modeleBase').moteur === 'postgresql')('limites partagées sur PostgreSQL', () => {
  it('compte ensemble les requêtes d’une adresse envoyées à deux serveurs : 429 au même rang que contre un seul', async () => {
    const [a, b] = await deuxServeurs({ REQUETES_PAR_MINUTE: '10', CONNEXIONS_PAR_MINUTE: '0' });
    const statuts: number[] = [];
    for (let i = 0; i < 7; i++) {
      for (const s of [a, b]) statuts.push((await s.inject({ url: '/webdeb/rest/commune', remoteAddress: '203.0.113.7' })).statusCode);
    }
    expect(statuts).toEqual([...Array(10).fill(200), 429, 429, 429, 429]);
    // another address has its own count
    expect((await b.inject({ url: '/webdeb/rest/commune', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('compte ensemble les tentatives de connexion envoyées aux deux serveurs', async () => {
    const [a, b] = await deuxServeurs({ REQUETES_PAR_MINUTE: '0', CONNEXIONS_PAR_MINUTE: '4' });
    const statuts: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const s of [a, b]) {
        const r = await s.inject({
          method: 'POST',
          url: '/webdeb/rest/login',
          remoteAddress: '203.0.113.9',
          payload: { username: 'gestion', password: 'mauvais-mot-de-passe' },
        });
        statuts.push(r.statusCode);
      }
    }
    expect(statuts).toEqual([401, 401, 401, 401, 429, 429]);
  });
});
