import { ERREURS, texteEnLigne } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appDeTest, refus } from '../test/app.js';

const t = appDeTest({ REQUETES_SIMULTANEES: '3', ECRITURES_SIMULTANEES: '1' });
const REST = '/webdeb/rest';

/**
 * Holds the database as a long statement would: the embedded engine serves nothing else during a transaction; on
 * PostgreSQL the sessions' table is locked, so that every signed-in request waits at its session. Answers the release.
 */
async function tenirLaBase(): Promise<() => Promise<void>> {
  let liberer!: () => void;
  let tenue!: () => void;
  const estTenue = new Promise<void>((ok) => (tenue = ok));
  const transaction = t.base.db.transaction(async (tx) => {
    if (t.base.moteur === 'postgresql') await tx.execute(sql`lock table session in access exclusive mode`);
    tenue();
    await new Promise<void>((ok) => (liberer = ok));
  });
  await estTenue;
  return async () => {
    liberer();
    await transaction;
  };
}

/** Lets the requests just sent reach the server and be counted in flight. */
const unInstant = () => new Promise((ok) => setTimeout(ok, 100));

describe('surcharge', () => {
  it('répond 503 SURCHARGE tout de suite au-delà des écritures puis des requêtes simultanées, et sert de nouveau ensuite', async () => {
    // the sessions are opened before the database is held
    await t.en('gestion', { url: `${REST}/commune` });
    const liberer = await tenirLaBase();
    const bloquees: Array<Promise<LightMyRequestResponse>> = [];
    let refusees: LightMyRequestResponse[];
    try {
      bloquees.push(t.en('gestion', { method: 'POST', url: `${REST}/debarras`, payload: {} }));
      await unInstant();
      // a second write waits for nothing: refused while the first is in flight
      const ecriture = await t.en('gestion', { method: 'POST', url: `${REST}/debarras`, payload: {} });
      bloquees.push(t.en('gestion', { url: `${REST}/commune` }), t.en('gestion', { url: `${REST}/secteur` }));
      await unInstant();
      refusees = [
        ecriture,
        await t.en('gestion', { url: `${REST}/commune` }),
        // the residents' pages share the server's room, and are told in their language
        await t.app.inject({ url: '/webdeb/en-ligne/api/objets' }),
      ];
    } finally {
      await liberer();
    }
    for (const r of refusees.slice(0, 2)) {
      expect(refus(r)).toEqual({ statut: 503, errMsg: ERREURS.surcharge, code: 'SURCHARGE' });
      expect(r.headers['retry-after']).toBe('2');
    }
    expect(refus(refusees[2]!)).toEqual({ statut: 503, errMsg: texteEnLigne('fr', 'surcharge'), code: 'SURCHARGE' });
    // the requests in flight were served once the database answered
    for (const r of await Promise.all(bloquees)) expect(r.statusCode).not.toBe(503);
    // and each freed its place
    const apres = await Promise.all([0, 1, 2].map(() => t.en('gestion', { url: `${REST}/commune` })));
    expect(apres.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await t.en('gestion', { method: 'POST', url: `${REST}/debarras`, payload: {} })).statusCode).toBe(400);
  });
});
