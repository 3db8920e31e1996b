import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeTest } from '../test/app.js';
import type { Base, Tx } from './client.js';
import { colonneInstantane, memoriser } from './memoire.js';

let base: Base;
beforeAll(async () => {
  base = await baseDeTest();
  await base.db.execute(sql`create table essai_memoire (n int)`);
});
afterAll(() => base.fermer());

/** A read that counts its runs and answers how many rows the table has. */
function lecture(executant: Tx = base.db) {
  const compte = { lectures: 0 };
  const lire = async () => {
    compte.lectures += 1;
    const { rows } = (await executant.execute(sql`select count(*)::int as n from essai_memoire`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return rows[0]!.n;
  };
  return { compte, lire };
}

const ecrire = () => base.db.execute(sql`insert into essai_memoire values (1)`);

describe('lectures mémorisées', () => {
  it('relit seulement quand la base a changé', async () => {
    const { compte, lire } = lecture();
    const avant = await memoriser(base.db, undefined, 'compte-1', lire);
    expect(await memoriser(base.db, undefined, 'compte-1', lire)).toBe(avant);
    expect(compte.lectures).toBe(1);
    await ecrire();
    expect(await memoriser(base.db, undefined, 'compte-1', lire)).toBe(avant + 1);
    expect(compte.lectures).toBe(2);
  });

  it('voit une écriture faite hors de ce processus (autre instance, psql)', async () => {
    if (base.moteur !== 'postgresql') return;
    const { compte, lire } = lecture();
    const avant = await memoriser(base.db, undefined, 'compte-2', lire);
    const { rows } = (await base.db.execute(sql`select current_database() as nom`)) as unknown as { rows: Array<{ nom: string }> };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.nom}`;
    const autre = new pg.Client({ connectionString: url.toString() });
    await autre.connect();
    try {
      await autre.query('insert into essai_memoire values (2)');
    } finally {
      await autre.end();
    }
    expect(await memoriser(base.db, undefined, 'compte-2', lire)).toBe(avant + 1);
    expect(compte.lectures).toBe(2);
  });

  it("réutilise l'instantané d'une requête déjà lue, et relit sous un autre", async () => {
    const { compte, lire } = lecture();
    const { rows } = (await base.db.execute(sql`select ${colonneInstantane()} as s`)) as unknown as { rows: Array<{ s: string }> };
    const instantane = rows[0]!.s;
    await memoriser(base.db, instantane, 'compte-3', lire);
    await memoriser(base.db, instantane, 'compte-3', lire);
    expect(compte.lectures).toBe(1);
    await ecrire();
    await memoriser(base.db, undefined, 'compte-3', lire);
    expect(compte.lectures).toBe(2);
    // a request that read its snapshot before that write: read for it, the newer answer kept
    await memoriser(base.db, instantane, 'compte-3', lire);
    expect(compte.lectures).toBe(3);
    await memoriser(base.db, undefined, 'compte-3', lire);
    expect(compte.lectures).toBe(3);
  });

  it('ne laisse pas un instantané plus ancien remplacer la mémoire, même xmax et plus de transactions en cours', async () => {
    let lectures = 0;
    const lire = async () => ++lectures;
    expect(await memoriser(base.db, '100:105:100,102@t0', 'compte-7', lire)).toBe(1);
    expect(await memoriser(base.db, '102:105:102@t0', 'compte-7', lire)).toBe(2);
    // the first snapshot, older: read for it, the newer memory kept
    expect(await memoriser(base.db, '100:105:100,102@t0', 'compte-7', lire)).toBe(3);
    expect(await memoriser(base.db, '102:105:102@t0', 'compte-7', lire)).toBe(2);
    // the same text after a restart of the server is another snapshot
    expect(await memoriser(base.db, '102:105:102@t1', 'compte-7', lire)).toBe(4);
  });

  it('partage une lecture en cours entre des demandes simultanées', async () => {
    const { compte, lire } = lecture();
    await ecrire();
    // one snapshot for all five: on a shared PostgreSQL server, another database's commit between two
    // snapshot reads changes xmax, and each request would rightly read on its own
    const { rows } = (await base.db.execute(sql`select ${colonneInstantane()} as s`)) as unknown as { rows: Array<{ s: string }> };
    const reponses = await Promise.all(Array.from({ length: 5 }, () => memoriser(base.db, rows[0]!.s, 'compte-4', lire)));
    expect(new Set(reponses).size).toBe(1);
    expect(compte.lectures).toBe(1);
  });

  it('oublie une lecture qui a échoué', async () => {
    await ecrire();
    let essais = 0;
    const lire = async () => {
      essais += 1;
      if (essais === 1) throw new Error('panne');
      return essais;
    };
    await expect(memoriser(base.db, undefined, 'compte-5', lire)).rejects.toThrow('panne');
    expect(await memoriser(base.db, undefined, 'compte-5', lire)).toBe(2);
  });

  it('lit toujours dans une transaction, qui voit ses propres écritures', async () => {
    await base.db.transaction(async (tx) => {
      const { compte, lire } = lecture(tx);
      await memoriser(tx, undefined, 'compte-6', lire);
      await tx.execute(sql`insert into essai_memoire values (3)`);
      await memoriser(tx, undefined, 'compte-6', lire);
      expect(compte.lectures).toBe(2);
    });
  });
});
