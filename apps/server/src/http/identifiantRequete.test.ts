import { describe, expect, it } from 'vitest';
import { appDeTest } from '../test/app.js';

const lignesSansProxy: string[] = [];
const sansProxy = appDeTest({ LOG_LEVEL: 'info' }, { journal: { write: (ligne) => void lignesSansProxy.push(ligne) } });
const avecProxy = appDeTest({ TRUST_PROXY: '1' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('identifiant de requête', () => {
  it('donne à chaque réponse un identifiant nouveau, le même que portent les lignes du journal de cette requête', async () => {
    const [a, b] = [
      await sansProxy.app.inject({ url: '/webdeb/rest/commune' }),
      await sansProxy.app.inject({ url: '/webdeb/sante/vivant' }),
    ];
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const lignes = lignesSansProxy.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const deA = lignes.filter((l) => l.reqId === a.headers['x-request-id']);
    expect(deA.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('ne reprend pas l’identifiant d’un client sans proxy déclaré', async () => {
    const r = await sansProxy.app.inject({ url: '/webdeb/rest/commune', headers: { 'x-request-id': 'choisi-par-le-client' } });
    expect(r.headers['x-request-id']).toMatch(UUID);
  });

  it('reprend celui du proxy déclaré (TRUST_PROXY), sauf s’il est trop long ou contient autre chose que lettres, chiffres et . _ : -', async () => {
    const r = await avecProxy.app.inject({ url: '/webdeb/rest/commune', headers: { 'x-request-id': 'nginx-4f2a.91' } });
    expect(r.headers['x-request-id']).toBe('nginx-4f2a.91');
    for (const illisible of ['a b', 'x"}', 'é', 'x'.repeat(129)]) {
      const refuse = await avecProxy.app.inject({ url: '/webdeb/rest/commune', headers: { 'x-request-id': illisible } });
      expect(refuse.headers['x-request-id']).toMatch(UUID);
    }
  });
});
