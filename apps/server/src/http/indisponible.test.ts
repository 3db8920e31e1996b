import { ERREURS } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appDeTest, MOT_DE_PASSE_TEST, refus } from '../test/app.js';

const t = appDeTest();
const REST = '/webdeb/rest';

/**
 * The database's disk full, as the database itself raises it (SQLSTATE 53100, through the real driver and
 * Drizzle's wrapping): a trigger on the sessions' table, so that signing in writes where there is no room.
 */
async function disquePlein<T>(travail: () => Promise<T>): Promise<T> {
  await t.base.db.execute(sql`create function disque_plein() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file "base/5/16384": No space left on device' using errcode = 'disk_full'; end $$`);
  await t.base.db.execute(sql`create trigger disque_plein before insert on session for each row execute function disque_plein()`);
  try {
    return await travail();
  } finally {
    await t.base.db.execute(sql`drop trigger disque_plein on session`);
    await t.base.db.execute(sql`drop function disque_plein()`);
  }
}

const connexion = () =>
  t.app.inject({ method: 'POST', url: `${REST}/login`, payload: { username: 'gestion', password: MOT_DE_PASSE_TEST } });

describe('disque plein', () => {
  it('répond 503 INDISPONIBLE, « réessayez plus tard », quand la base n’a plus de place, puis de nouveau normalement', async () => {
    const r = await disquePlein(connexion);
    expect(refus(r)).toEqual({ statut: 503, errMsg: ERREURS.indisponible, code: 'INDISPONIBLE' });
    expect(r.headers['retry-after']).toBe('60');
    expect(r.body).not.toContain('No space left');
    expect((await connexion()).statusCode).toBe(200);
  });
});
