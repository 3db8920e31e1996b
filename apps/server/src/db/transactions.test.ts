import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeTest } from '../test/app.js';
import { lignes, verrouConsultatif, type Base } from './client.js';

let base: Base;
beforeAll(async () => {
  base = await baseDeTest();
});
afterAll(() => base.fermer());

describe('transactions', () => {
  it('tient un verrou consultatif jusqu’à la fin de la transaction, et le rend', async () => {
    const tenu = () =>
      lignes<{ libre: boolean }>(base.db, sql`select pg_try_advisory_lock(hashtext('essai.verrou')) as libre`).then(async ([l]) => {
        if (l!.libre) await base.db.execute(sql`select pg_advisory_unlock(hashtext('essai.verrou'))`);
        return !l!.libre;
      });
    await base.db.transaction(async (tx) => {
      await verrouConsultatif(tx, 'essai.verrou');
      // PGlite has one connection: the lock is seen held from another session on PostgreSQL only
      if (process.env.TEST_DATABASE_URL) expect(await tenu()).toBe(true);
    });
    expect(await tenu()).toBe(false);
  });
});
