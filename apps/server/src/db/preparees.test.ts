import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeTest } from '../test/app.js';
import type { Base, Tx } from './client.js';
import { preparee } from './preparees.js';

const essai = pgTable('essai_preparee', { n: integer('n').notNull(), texte: text('texte').notNull() });

let base: Base;
beforeAll(async () => {
  base = await baseDeTest();
  await base.db.execute(sql`create table essai_preparee (n int not null, texte text not null)`);
  await base.db.insert(essai).values({ n: 1, texte: 'un' });
});
afterAll(() => base.fermer());

let constructions = 0;
const parNumero = preparee('essai_par_numero', (tx: Tx) => {
  constructions += 1;
  return tx
    .select({ texte: essai.texte })
    .from(essai)
    .where(eq(essai.n, sql.placeholder('n')));
});

describe('requêtes préparées', () => {
  it('construit la requête une fois, puis la lit avec les valeurs de chaque appel', async () => {
    expect(await parNumero(base.db).execute({ n: 1 })).toEqual([{ texte: 'un' }]);
    expect(await parNumero(base.db).execute({ n: 2 })).toEqual([]);
    await base.db.transaction((tx) => parNumero(tx).execute({ n: 1 }));
    expect(constructions).toBe(1);
  });

  it("lit, dans une transaction, ce qu'elle a écrit et pas encore validé ; rien n'en reste après son annulation", async () => {
    const annulation = new Error('annulée');
    const luDedans = await base.db
      .transaction(async (tx) => {
        await tx.insert(essai).values({ n: 2, texte: 'deux' });
        const lignes = await parNumero(tx).execute({ n: 2 });
        throw Object.assign(annulation, { lignes });
      })
      .catch((e: typeof annulation & { lignes: unknown }) => e.lignes);
    expect(luDedans).toEqual([{ texte: 'deux' }]);
    expect(await parNumero(base.db).execute({ n: 2 })).toEqual([]);
  });

  it('refuse un nom déjà donné à une autre requête', () => {
    expect(() => preparee('essai_par_numero', (tx: Tx) => tx.select().from(essai))).toThrow('Requête préparée en double');
  });
});
