import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { commune } from '../../db/schema.js';

export const trouver = async (tx: Tx, code: number) => (await tx.select().from(commune).where(eq(commune.code, code)))[0];

export const toutes = (tx: Tx) => tx.select().from(commune);

/** Adds the communes not there yet; the known ones keep their label. */
export async function insererManquantes(tx: Tx, communes: ReadonlyArray<{ code: number; libelle: string }>) {
  await tx
    .insert(commune)
    .values([...communes])
    .onConflictDoNothing();
}
