import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lienEquipe } from '../../db/schema.js';

export async function inserer(tx: Tx, lien: { idLevee: number; empreinteJeton: string; creePar: string }) {
  const [ligne] = await tx.insert(lienEquipe).values(lien).returning();
  return ligne!;
}

/** The link of this token's digest, unless revoked. */
export async function valableParEmpreinte(tx: Tx, empreinteJeton: string) {
  const [ligne] = await tx
    .select()
    .from(lienEquipe)
    .where(and(eq(lienEquipe.empreinteJeton, empreinteJeton), isNull(lienEquipe.revoqueLe)));
  return ligne;
}

/** Revokes every link of the levée still in force; how many. */
export async function revoquer(tx: Tx, idLevee: number, par: string, le: Date): Promise<number> {
  const revoques = await tx
    .update(lienEquipe)
    .set({ revoqueLe: le, revoquePar: par })
    .where(and(eq(lienEquipe.idLevee, idLevee), isNull(lienEquipe.revoqueLe)))
    .returning({ id: lienEquipe.idLienEquipe });
  return revoques.length;
}
