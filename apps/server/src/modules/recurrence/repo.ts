import {
  RECURRENCE_MESSAGES,
  JOURS_RECURRENCE,
  RECURRENCE_TRI_DEFAUT,
  type DebarrasObjet,
  type recurrenceListeSchema,
  type RecurrenceLigne,
} from '@debarras/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { recurrence, recurrenceLevee, recurrenceObjet } from '../../db/schema.js';
import { colonnesObjetJoint, joindreObjet } from '../objet/index.js';

export type RequeteRecurrences = z.output<typeof recurrenceListeSchema>;
export type LigneRecurrence = typeof recurrence.$inferSelect;
export type NouvelleRecurrence = Omit<typeof recurrence.$inferInsert, 'createdBy' | 'lastModifiedBy'>;

export const versRecurrenceLigne = (r: LigneRecurrence): RecurrenceLigne => ({
  idRecurrence: r.idRecurrence,
  adresse: { idpAdr: r.idpAdr, adresse: r.adresse },
  recurrence: r.jours,
  dateDebut: r.dateDebut,
  dateFin: r.dateFin,
  remarque: r.remarque,
  remarqueObjet: r.remarqueObjet,
  isActif: r.actif,
  nomPersonne: r.nomPersonne,
  telephone: r.telephone,
  email: r.email,
  ...versAudit(r),
});

/**
 * The days in week order as a sort key: one character per weekday, '0' when chosen, so that the
 * récurrences of Monday come first, then Tuesday's… (« lundi,jeudi » before « mardi »).
 */
const ordreDesJours = sql.join(
  JOURS_RECURRENCE.map((j) => sql`case when (',' || ${recurrence.jours} || ',') like ${`%,${j},%`} then '0' else '1' end`),
  sql` || `,
);

export const liste = definirListe({
  versReponse: versRecurrenceLigne,
  table: recurrence,
  cle: recurrence.idRecurrence,
  triDefaut: RECURRENCE_TRI_DEFAUT,
  colonnesTri: {
    adresse: recurrence.adresse,
    recurrence: ordreDesJours,
    dateDebut: recurrence.dateDebut,
    dateFin: recurrence.dateFin,
    remarque: recurrence.remarque,
    remarqueObjet: recurrence.remarqueObjet,
    isActif: recurrence.actif,
  },
  filtres: (q: RequeteRecurrences) =>
    and(
      contient(recurrence.adresse, q.adresse),
      contient(recurrence.jours, q.recurrence),
      contient(recurrence.remarque, q.remarque),
      contient(recurrence.remarqueObjet, q.remarqueObjet),
      q.actif !== undefined ? eq(recurrence.actif, q.actif === 1) : undefined,
    ),
});

/** The récurrences' one way to be written (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(recurrence, recurrence.idRecurrence, RECURRENCE_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(recurrence).where(eq(recurrence.idRecurrence, id)))[0];

/** The object lines of a récurrence, in the catalogue's display order. */
export async function objets(tx: Tx, idRecurrence: number): Promise<DebarrasObjet[]> {
  const selection = tx.select({ ligne: recurrenceObjet, objet: colonnesObjetJoint() }).from(recurrenceObjet).$dynamic();
  const joints = await joindreObjet(selection, recurrenceObjet.idObjet)
    .where(eq(recurrenceObjet.idRecurrence, idRecurrence))
    .orderBy(asc(colonnesObjetJoint().ordre), asc(recurrenceObjet.idRecurrenceObjet));
  return joints.map(({ ligne, objet: { libelle } }) => ({
    idDebarrasObjet: ligne.idRecurrenceObjet,
    objet: { idObjet: ligne.idObjet, libelle },
    quantite: ligne.quantite,
    remarque: ligne.remarque,
  }));
}

export async function remplacerObjets(
  tx: Tx,
  idRecurrence: number,
  lignes: Array<{ idObjet: number; quantite: number; remarque: string | null }>,
) {
  await tx.delete(recurrenceObjet).where(eq(recurrenceObjet.idRecurrence, idRecurrence));
  if (lignes.length) await tx.insert(recurrenceObjet).values(lignes.map((l) => ({ ...l, idRecurrence })));
}

/** The object lines of these récurrences, by récurrence. */
export async function objetsDe(tx: Tx, ids: readonly number[]) {
  const parRecurrence = new Map<number, Array<{ idObjet: number; quantite: number; remarque: string | null }>>();
  if (!ids.length) return parRecurrence;
  const lignes = await tx
    .select()
    .from(recurrenceObjet)
    .where(inArray(recurrenceObjet.idRecurrence, [...ids]))
    .orderBy(asc(recurrenceObjet.idRecurrenceObjet));
  for (const l of lignes) {
    const liste = parRecurrence.get(l.idRecurrence) ?? [];
    liste.push({ idObjet: l.idObjet, quantite: l.quantite, remarque: l.remarque });
    parRecurrence.set(l.idRecurrence, liste);
  }
  return parRecurrence;
}

/** The active récurrences (only `idRecurrence` when given). */
export const actives = (tx: Tx, idRecurrence?: number) =>
  tx
    .select()
    .from(recurrence)
    .where(and(eq(recurrence.actif, true), idRecurrence !== undefined ? eq(recurrence.idRecurrence, idRecurrence) : undefined))
    .orderBy(asc(recurrence.idRecurrence));

/** The (récurrence, levée) pairs already served among these levées, as `idRecurrence:idLevee`. */
export async function liens(tx: Tx, idsLevees: readonly number[]) {
  if (!idsLevees.length) return new Set<string>();
  const lignes = await tx
    .select({ idRecurrence: recurrenceLevee.idRecurrence, idLevee: recurrenceLevee.idLevee })
    .from(recurrenceLevee)
    .where(inArray(recurrenceLevee.idLevee, [...idsLevees]));
  return new Set(lignes.map((l) => `${l.idRecurrence}:${l.idLevee}`));
}

/** Of these récurrences, those that already have their débarras on the levée (read under the levée's lock). */
export async function dejaServies(tx: Tx, idLevee: number, ids: readonly number[]) {
  const lignes = await tx
    .select({ idRecurrence: recurrenceLevee.idRecurrence })
    .from(recurrenceLevee)
    .where(and(eq(recurrenceLevee.idLevee, idLevee), inArray(recurrenceLevee.idRecurrence, [...ids])));
  return new Set(lignes.map((l) => l.idRecurrence));
}

/** What the récurrence has served: the levées it has a débarras on, and those débarras. */
export async function servis(tx: Tx, idRecurrence: number) {
  const lignes = await tx
    .select({ idLevee: recurrenceLevee.idLevee, idDebarras: recurrenceLevee.idDebarras })
    .from(recurrenceLevee)
    .where(eq(recurrenceLevee.idRecurrence, idRecurrence));
  return { levees: new Set(lignes.map((l) => l.idLevee)), debarras: lignes.map((l) => l.idDebarras) };
}

/** Forgets that these débarras served the récurrence: their levées are to serve again. */
export async function delier(tx: Tx, idRecurrence: number, idsDebarras: readonly number[]) {
  if (idsDebarras.length) {
    await tx
      .delete(recurrenceLevee)
      .where(and(eq(recurrenceLevee.idRecurrence, idRecurrence), inArray(recurrenceLevee.idDebarras, [...idsDebarras])));
  }
}

export async function lier(tx: Tx, liens: Array<{ idRecurrence: number; idLevee: number; idDebarras: number }>) {
  if (liens.length) await tx.insert(recurrenceLevee).values(liens);
}

export const parIds = async (tx: Tx, ids: readonly number[]) =>
  ids.length
    ? tx
        .select()
        .from(recurrence)
        .where(inArray(recurrence.idRecurrence, [...ids]))
    : [];

export const estVide = (tx: Tx) => tableVide(tx, recurrence);
