import type { CodeResultat, FiltreResultat, ResultatArret, TypePhoto } from '@debarras/domain';
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Transaction, Tx } from '../../db/client.js';
import { debarras, levee, photoResultat, resultat } from '../../db/schema.js';

export type LigneResultat = typeof resultat.$inferSelect;
export type NouveauResultat = Pick<
  typeof resultat.$inferInsert,
  'idClient' | 'idDebarras' | 'idLevee' | 'code' | 'remarque' | 'objetsRestants' | 'horodatage' | 'par' | 'remplace' | 'etat'
>;

export async function parClient(tx: Tx, idClient: string): Promise<LigneResultat | undefined> {
  const [ligne] = await tx.select().from(resultat).where(eq(resultat.idClient, idClient));
  return ligne;
}

/** The standing result of a débarras on a levée. */
export async function actuel(tx: Tx, idDebarras: number, idLevee: number): Promise<LigneResultat | undefined> {
  const [ligne] = await tx
    .select()
    .from(resultat)
    .where(and(eq(resultat.idDebarras, idDebarras), eq(resultat.idLevee, idLevee), eq(resultat.etat, 'ACTUEL')));
  return ligne;
}

export async function inserer(tx: Tx, ligne: NouveauResultat) {
  await tx.insert(resultat).values(ligne);
}

/** The standing result `idClient` gives way to its correction. */
export async function remplacer(tx: Transaction, idClient: string) {
  await tx.update(resultat).set({ etat: 'REMPLACE' }).where(eq(resultat.idClient, idClient));
}

const aUnePhoto = sql<boolean>`exists (select 1 from ${photoResultat} where ${photoResultat.idClient} = ${resultat.idClient})`;

export const versResultatArret = (l: LigneResultat & { photo: boolean }): ResultatArret => ({
  idClient: l.idClient,
  code: l.code as CodeResultat,
  remarque: l.remarque,
  objetsRestants: l.objetsRestants ?? null,
  horodatage: l.horodatage.toISOString(),
  photo: l.photo,
});

/** The standing results of a levée's débarras, with whether each has a photo. */
export async function actuelsDe(tx: Tx, idLevee: number, idsDebarras: number[]): Promise<Map<number, ResultatArret>> {
  if (!idsDebarras.length) return new Map();
  const lignes = await tx
    .select({ r: resultat, photo: aUnePhoto })
    .from(resultat)
    .where(and(inArray(resultat.idDebarras, idsDebarras), eq(resultat.idLevee, idLevee), eq(resultat.etat, 'ACTUEL')));
  return new Map(lignes.map(({ r, photo }) => [r.idDebarras, versResultatArret({ ...r, photo })]));
}

/** Whether a photo was already stored for this result. */
export async function photoExiste(tx: Tx, idClient: string): Promise<boolean> {
  const [ligne] = await tx.select({ idClient: photoResultat.idClient }).from(photoResultat).where(eq(photoResultat.idClient, idClient));
  return !!ligne;
}

/** Stores a result's photo once: false when one was there already. */
export async function insererPhoto(tx: Tx, photo: { idClient: string; type: TypePhoto; contenu: Buffer }): Promise<boolean> {
  const ajoutees = await tx.insert(photoResultat).values(photo).onConflictDoNothing().returning({ idClient: photoResultat.idClient });
  return ajoutees.length > 0;
}

export async function photo(tx: Tx, idClient: string) {
  const [ligne] = await tx
    .select({ type: photoResultat.type, contenu: photoResultat.contenu, idDebarras: resultat.idDebarras })
    .from(photoResultat)
    .innerJoin(resultat, eq(resultat.idClient, photoResultat.idClient))
    .where(eq(photoResultat.idClient, idClient));
  return ligne;
}

/** The results recorded on a levée that still count: the standing ones and the conflicts, oldest first. */
export async function deLaLevee(tx: Tx, idLevee: number) {
  return tx
    .select({ r: resultat, photo: aUnePhoto })
    .from(resultat)
    .where(and(eq(resultat.idLevee, idLevee), inArray(resultat.etat, ['ACTUEL', 'CONFLIT'])))
    .orderBy(resultat.recuLe, resultat.idResultat);
}

/** A débarras's standing result on a levée, with whether it has a photo. */
export async function actuelAvecPhoto(tx: Tx, idDebarras: number, idLevee: number) {
  const [ligne] = await tx
    .select({ r: resultat, photo: aUnePhoto })
    .from(resultat)
    .where(and(eq(resultat.idDebarras, idDebarras), eq(resultat.idLevee, idLevee), eq(resultat.etat, 'ACTUEL')));
  return ligne;
}

/** How many results are kept in conflict for a débarras on a levée. */
export async function nombreConflits(tx: Tx, idDebarras: number, idLevee: number): Promise<number> {
  const lignes = await tx
    .select({ id: resultat.idResultat })
    .from(resultat)
    .where(and(eq(resultat.idDebarras, idDebarras), eq(resultat.idLevee, idLevee), eq(resultat.etat, 'CONFLIT')));
  return lignes.length;
}

/**
 * For the débarras list: the code of what was found on the débarras's levée (a visit), read through the index of
 * standing results, null before.
 */
export const codeDeLaVisite = (idDebarras: AnyPgColumn, idLevee: AnyPgColumn) =>
  sql<CodeResultat | null>`(select ${resultat.code} from ${resultat} where ${resultat.idDebarras} = ${idDebarras} and ${resultat.idLevee} = ${idLevee} and ${resultat.etat} = 'ACTUEL')`;

/** For the débarras list's « Résultat » filter: the visits with that standing code, or (`AUCUN`) with none. */
export function filtreDeLaVisite(filtre: FiltreResultat, idDebarras: AnyPgColumn, idLevee: AnyPgColumn): SQL {
  const visite = sql`select 1 from ${resultat} where ${resultat.idDebarras} = ${idDebarras} and ${resultat.idLevee} = ${idLevee} and ${resultat.etat} = 'ACTUEL'`;
  return filtre === 'AUCUN' ? sql`not exists (${visite})` : sql`exists (${visite} and ${resultat.code} = ${filtre})`;
}

/**
 * For a levée's counts: its stops with a standing result, those of its débarras still on it and not deleted (as
 * `nbDebarras` counts them), through the index of results by levée.
 */
export const arretsAvecResultat = (idLevee: AnyPgColumn) =>
  sql<number>`(select count(*) from ${resultat} join ${debarras} on ${debarras.idDebarras} = ${resultat.idDebarras} and ${debarras.idLevee} = ${resultat.idLevee} where ${resultat.idLevee} = ${idLevee} and ${resultat.etat} = 'ACTUEL' and ${debarras.statut} in ('ACTIF', 'ARCHIVE'))`.mapWith(
    Number,
  );

/** For « À replanifier »: the visits whose standing result left objects behind. */
export const nonLeveeSurLaVisite = (idDebarras: AnyPgColumn, idLevee: AnyPgColumn) =>
  sql`exists (select 1 from ${resultat} where ${resultat.idDebarras} = ${idDebarras} and ${resultat.idLevee} = ${idLevee} and ${resultat.etat} = 'ACTUEL' and ${resultat.code} <> 'LEVE')`;

/** For « À replanifier »: the crew's remark on the visit. */
export const remarqueDeLaVisite = (idDebarras: AnyPgColumn, idLevee: AnyPgColumn) =>
  sql<
    string | null
  >`(select ${resultat.remarque} from ${resultat} where ${resultat.idDebarras} = ${idDebarras} and ${resultat.idLevee} = ${idLevee} and ${resultat.etat} = 'ACTUEL')`;

/** The débarras's latest standing result, whichever levée it was recorded on. */
export async function derniereVisite(tx: Tx, idDebarras: number) {
  const [ligne] = await tx
    .select({ code: resultat.code, idLevee: resultat.idLevee, horodatage: resultat.horodatage })
    .from(resultat)
    .where(and(eq(resultat.idDebarras, idDebarras), eq(resultat.etat, 'ACTUEL')))
    .orderBy(desc(resultat.horodatage))
    .limit(1);
  return ligne && { ...ligne, code: ligne.code as CodeResultat };
}

/** What a crew wrote or photographed of visits before `avant`, gone (docs/regles.md « Anonymisation »). */
export async function anonymiserAvant(tx: Tx, avant: string) {
  const anciennes = sql`${resultat.idLevee} in (select ${levee.idLevee} from ${levee} where ${levee.dateLevee} < ${avant})`;
  await tx
    .delete(photoResultat)
    .where(inArray(photoResultat.idClient, tx.select({ id: resultat.idClient }).from(resultat).where(anciennes)));
  await tx
    .update(resultat)
    .set({ remarque: null })
    .where(and(anciennes, sql`${resultat.remarque} is not null`));
}

/**
 * The statistics' results (docs/regles.md « Statistiques »), by levée month and standing code: the visits of the
 * counted débarras still on that levée (`surPlace`), as the débarras list's « Résultat » filter finds them, and those
 * not collected whose débarras has since gone to another levée (replanned), not deleted.
 */
export function resultatsParMois(tx: Tx, du: string, au: string) {
  const mois = sql<string>`to_char(${levee.dateLevee}, 'YYYY-MM')`;
  const surPlace = sql<boolean>`${debarras.idLevee} = ${resultat.idLevee}`.mapWith(Boolean);
  return tx
    .select({ mois, code: sql<CodeResultat>`${resultat.code}`, surPlace, n: sql<number>`count(*)`.mapWith(Number) })
    .from(resultat)
    .innerJoin(levee, eq(levee.idLevee, resultat.idLevee))
    .innerJoin(debarras, eq(debarras.idDebarras, resultat.idDebarras))
    .where(
      and(
        eq(resultat.etat, 'ACTUEL'),
        gte(levee.dateLevee, du),
        lte(levee.dateLevee, au),
        sql`((${debarras.idLevee} = ${resultat.idLevee} and ${debarras.statut} in ('ACTIF', 'ARCHIVE'))
          or (${debarras.idLevee} <> ${resultat.idLevee} and ${debarras.statut} <> 'SUPPRIME' and ${resultat.code} <> 'LEVE'))`,
      ),
    )
    .groupBy(mois, resultat.code, surPlace);
}
