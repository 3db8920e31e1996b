import type { CodeTache, Execution, StatutExecution } from '@debarras/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tacheExecution } from '../../db/schema.js';

type LigneExecution = typeof tacheExecution.$inferSelect;

export const versExecution = (l: LigneExecution): Execution => ({
  idExecution: l.idExecution,
  debut: l.debut.toISOString(),
  fin: l.fin?.toISOString() ?? null,
  dureeMs: l.fin ? l.fin.getTime() - l.debut.getTime() : null,
  statut: l.statut as StatutExecution,
  bilan: l.bilan,
  declencheur: l.declencheur,
});

export async function inserer(tx: Tx, tache: CodeTache, declencheur: string, echeance: string | null) {
  const [ligne] = await tx.insert(tacheExecution).values({ tache, declencheur, echeance }).returning();
  return ligne!;
}

export async function existeAEcheance(tx: Tx, tache: CodeTache, echeance: string) {
  const [ligne] = await tx
    .select({ id: tacheExecution.idExecution })
    .from(tacheExecution)
    .where(and(eq(tacheExecution.tache, tache), eq(tacheExecution.echeance, echeance)))
    .limit(1);
  return ligne !== undefined;
}

export async function conclure(tx: Tx, idExecution: number, statut: Exclude<StatutExecution, 'EN_COURS'>, bilan: string) {
  const [ligne] = await tx
    .update(tacheExecution)
    .set({ statut, bilan, fin: new Date() })
    .where(eq(tacheExecution.idExecution, idExecution))
    .returning();
  return ligne!;
}

/** Runs of the job left EN_COURS by a process that stopped: closed as KO. */
export const conclureInterrompues = (tx: Tx, tache: CodeTache, bilan: string) =>
  tx
    .update(tacheExecution)
    .set({ statut: 'KO', bilan, fin: new Date() })
    .where(and(eq(tacheExecution.tache, tache), eq(tacheExecution.statut, 'EN_COURS')))
    .returning({ idExecution: tacheExecution.idExecution });

export async function derniere(tx: Tx, tache: CodeTache) {
  const [ligne] = await tx
    .select()
    .from(tacheExecution)
    .where(eq(tacheExecution.tache, tache))
    .orderBy(desc(tacheExecution.debut), desc(tacheExecution.idExecution))
    .limit(1);
  return ligne;
}
