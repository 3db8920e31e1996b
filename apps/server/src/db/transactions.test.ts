import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeTest } from '../test/app.js';
import { enTransaction, lignes, verrouConsultatif, type Base } from './client.js';

let base: Base;
beforeAll(async () => {
  base = await baseDeTest();
  await base.db.execute(sql`create table essai_transaction (n int not null)`);
});
afterAll(() => base.fermer());

const compter = async () => (await lignes<{ n: number }>(base.db, sql`select count(*)::int as n from essai_transaction`))[0]!.n;

describe('transactions', () => {
  it('ouvre une transaction quand on lui donne la base : tout ou rien', async () => {
    await expect(
      enTransaction(base.db, async (tx) => {
        await tx.execute(sql`insert into essai_transaction values (1)`);
        throw new Error('refus');
      }),
    ).rejects.toThrow('refus');
    expect(await compter()).toBe(0);
  });

  it("reprend la transaction de l'appelant : son annulation défait aussi ce travail", async () => {
    await expect(
      base.db.transaction(async (appelant) => {
        await enTransaction(appelant, (tx) => {
          expect(tx).toBe(appelant);
          return tx.execute(sql`insert into essai_transaction values (2)`);
        });
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await compter()).toBe(0);
  });

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
