import type { Signalement } from '@debarras/domain';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction, Tx } from '../../db/client.js';
import { debarras, levee, signalement } from '../../db/schema.js';
import { codeDeLaVisite } from '../resultat/index.js';

export type LigneSignalement = typeof signalement.$inferSelect;

export const inserer = (
  tx: Tx,
  ligne: Pick<typeof signalement.$inferInsert, 'idDebarras' | 'idLevee' | 'recuLe' | 'remarque' | 'langue'>,
) => tx.insert(signalement).values(ligne).onConflictDoNothing().returning();

export async function duDebarras(tx: Tx, idDebarras: number): Promise<LigneSignalement | undefined> {
  const [ligne] = await tx.select().from(signalement).where(eq(signalement.idDebarras, idDebarras));
  return ligne;
}

export async function verrouiller(tx: Transaction, idSignalement: number): Promise<LigneSignalement | undefined> {
  const [ligne] = await tx.select().from(signalement).where(eq(signalement.idSignalement, idSignalement)).for('update');
  return ligne;
}

export const resoudre = (
  tx: Tx,
  idSignalement: number,
  champs: Pick<typeof signalement.$inferInsert, 'resolution' | 'idLeveeNouvelle' | 'reponse' | 'resoluLe' | 'resoluPar'>,
) =>
  tx
    .update(signalement)
    .set({ ...champs, etat: 'RESOLU' })
    .where(eq(signalement.idSignalement, idSignalement));

const leveeSignalee = alias(levee, 'levee_signalee');
const leveeNouvelle = alias(levee, 'levee_nouvelle');

/** A report as staff read it: its débarras's number and address, the levée reported, what the crew found there. */
const selection = (tx: Tx) =>
  tx
    .select({
      s: signalement,
      numero: debarras.numero,
      adresse: debarras.adresse,
      dateLevee: leveeSignalee.dateLevee,
      nouvelleDate: leveeNouvelle.dateLevee,
      resultat: codeDeLaVisite(signalement.idDebarras, signalement.idLevee),
      email: debarras.email,
      nomPersonne: debarras.nomPersonne,
    })
    .from(signalement)
    .innerJoin(debarras, eq(debarras.idDebarras, signalement.idDebarras))
    .innerJoin(leveeSignalee, eq(leveeSignalee.idLevee, signalement.idLevee))
    .leftJoin(leveeNouvelle, eq(leveeNouvelle.idLevee, signalement.idLeveeNouvelle));

type LigneLue = Awaited<ReturnType<ReturnType<typeof selection>['execute']>>[number];

const versSignalement = ({
  s,
  numero,
  adresse,
  dateLevee,
  nouvelleDate,
  resultat: code,
}: Omit<LigneLue, 'email' | 'nomPersonne'>): Signalement => ({
  idSignalement: s.idSignalement,
  idDebarras: s.idDebarras,
  numero,
  adresse,
  dateLevee,
  resultat: code,
  recuLe: s.recuLe.toISOString(),
  remarque: s.remarque,
  etat: s.etat as Signalement['etat'],
  resolution: s.resolution as Signalement['resolution'],
  nouvelleDate: nouvelleDate ?? null,
  reponse: s.reponse,
  resoluLe: s.resoluLe?.toISOString() ?? null,
  resoluPar: s.resoluPar,
});

/** The open reports, oldest first; the handled ones, newest first, `limite` of them. */
export async function lister(tx: Tx, etat: 'OUVERT' | 'RESOLU', limite: number): Promise<Signalement[]> {
  const lignes = await selection(tx)
    .where(eq(signalement.etat, etat))
    .orderBy(etat === 'OUVERT' ? asc(signalement.recuLe) : desc(signalement.resoluLe), asc(signalement.idSignalement))
    .limit(limite);
  return lignes.map(versSignalement);
}

/** A report, with whom and in which language to answer. */
export async function lire(tx: Tx, idSignalement: number) {
  const [ligne] = await selection(tx).where(eq(signalement.idSignalement, idSignalement));
  return ligne && { signalement: versSignalement(ligne), email: ligne.email, nom: ligne.nomPersonne, langue: ligne.s.langue };
}

export async function compterOuverts(tx: Tx): Promise<number> {
  const [ligne] = await tx.select({ n: count() }).from(signalement).where(eq(signalement.etat, 'OUVERT'));
  return ligne?.n ?? 0;
}

/** The residents' and staff's words of reports whose levée is before `avant`, cleared (docs/regles.md « Anonymisation »). */
export const anonymiserAvant = (tx: Tx, avant: string) =>
  tx
    .update(signalement)
    .set({ remarque: null, reponse: null })
    .where(
      and(
        sql`(${signalement.remarque} is not null or ${signalement.reponse} is not null)`,
        sql`${signalement.idLevee} in (select ${levee.idLevee} from ${levee} where ${lt(levee.dateLevee, avant)})`,
      ),
    );
