// The statistics' reads on débarras (docs/regles.md « Statistiques »): counts by levée month, sector, channel and
// status, the waits, the objects. The débarras counted are those of the levées of the period, ACTIF or ARCHIVE as the
// list shows them; those awaiting their online validation apart; deleted ones never. Whole months are read from their
// summaries (docs/decisions.md « Statistiques résumées »), recomputed first when a change has marked them; a month the
// period only partly covers is read from the débarras themselves, by the same queries that fill the summaries.
import { ajouterJours, ajouterMois, type Canal } from '@debarras/domain';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Transaction, Tx } from '../../db/client.js';
import { debarras, debarrasObjet, statistiqueARecalculer, statistiqueAttente, statistiqueMois, statistiqueObjet } from '../../db/schema.js';
import { colonnesLeveeJointe, joindreLevee } from '../levee/index.js';
import { libellesEtOrdre } from '../objet/index.js';

const STATUTS_COMPTES = ['ACTIF', 'ARCHIVE'] as const;

export interface CompteMois {
  mois: string;
  idSecteur: number | null;
  canal: Canal;
  statut: string;
  n: number;
}
export interface AttenteMois {
  mois: string;
  jours: number;
  n: number;
}
export interface QuantiteObjet {
  idObjet: number;
  libelle: string;
  ordre: number;
  quantite: number;
}

const moisDeLaLevee = () => sql<string>`to_char(${colonnesLeveeJointe().dateLevee}, 'YYYY-MM')`;

/** The levées from `du` to `au`, of the months listed only when a list is given (the months to recompute). */
const surLesLevees = (du: string, au: string, statuts: readonly string[], mois?: string[]) => {
  const levee = colonnesLeveeJointe();
  return and(
    gte(levee.dateLevee, du),
    lte(levee.dateLevee, au),
    mois ? inArray(moisDeLaLevee(), mois) : undefined,
    inArray(debarras.statut, [...statuts]),
  );
};

/** By levée month, sector, channel and status (counted or awaiting validation). */
function comptesBruts(tx: Tx, du: string, au: string, mois?: string[]) {
  const m = moisDeLaLevee();
  const { idSecteur } = colonnesLeveeJointe();
  const canal = sql<Canal>`case when ${debarras.recurrent} then 'RECURRENT' else ${debarras.typeDemande} end`;
  return joindreLevee(
    tx.select({ mois: m, idSecteur, canal, statut: debarras.statut, n: count() }).from(debarras).$dynamic(),
    debarras.idLevee,
  )
    .where(surLesLevees(du, au, [...STATUTS_COMPTES, 'EN_ATTENTE_VALIDATION'], mois))
    .groupBy(m, idSecteur, canal, debarras.statut);
}

/** By levée month, how many counted débarras waited how many days from their creation (their day in Geneva). */
function attentesBrutes(tx: Tx, du: string, au: string, mois?: string[]) {
  const m = moisDeLaLevee();
  const jours = sql<number>`${colonnesLeveeJointe().dateLevee} - (${debarras.createdDate} at time zone 'Europe/Zurich')::date`;
  return joindreLevee(tx.select({ mois: m, jours, n: count() }).from(debarras).$dynamic(), debarras.idLevee)
    .where(surLesLevees(du, au, STATUTS_COMPTES, mois))
    .groupBy(m, jours);
}

/** By levée month, the items of each object on the counted débarras. */
function objetsBruts(tx: Tx, du: string, au: string, mois?: string[]) {
  const m = moisDeLaLevee();
  const requete = tx
    .select({ mois: m, idObjet: debarrasObjet.idObjet, quantite: sql<number>`sum(${debarrasObjet.quantite})`.mapWith(Number) })
    .from(debarrasObjet)
    .innerJoin(debarras, eq(debarras.idDebarras, debarrasObjet.idDebarras))
    .$dynamic();
  return joindreLevee(requete, debarras.idLevee)
    .where(surLesLevees(du, au, STATUTS_COMPTES, mois))
    .groupBy(m, debarrasObjet.idObjet);
}

const premierJour = (mois: string) => `${mois}-01`;
const dernierJour = (mois: string) => ajouterJours(ajouterMois(premierJour(mois), 1), -1);

/**
 * Recomputes the summaries of the months from `moisDu` to `moisAu` that a change has marked, in its own transaction:
 * taking the marks locks them, so that two readers never recompute a month at once. Answers how many months.
 */
export async function recalculer(tx: Transaction, moisDu: string, moisAu: string) {
  const marque = statistiqueARecalculer.mois;
  // a month may be marked more than once (schema.ts)
  const mois = [
    ...new Set(
      (
        await tx
          .delete(statistiqueARecalculer)
          .where(and(gte(marque, moisDu), lte(marque, moisAu)))
          .returning()
      ).map((m) => m.mois),
    ),
  ].sort();
  if (!mois.length) return 0;
  const [du, au] = [premierJour(mois[0]!), dernierJour(mois.at(-1)!)];
  await tx.delete(statistiqueMois).where(inArray(statistiqueMois.mois, mois));
  await tx.delete(statistiqueAttente).where(inArray(statistiqueAttente.mois, mois));
  await tx.delete(statistiqueObjet).where(inArray(statistiqueObjet.mois, mois));
  await tx.execute(sql`insert into ${statistiqueMois} (mois, id_secteur, canal, statut, n) ${comptesBruts(tx, du, au, mois)}`);
  await tx.execute(sql`insert into ${statistiqueAttente} (mois, jours, n) ${attentesBrutes(tx, du, au, mois)}`);
  await tx.execute(sql`insert into ${statistiqueObjet} (mois, id_objet, quantite) ${objetsBruts(tx, du, au, mois)}`);
  return mois.length;
}

/** The whole months within the period, and the days of the months it only partly covers. */
function decouper(du: string, au: string) {
  const plein = { du: du.endsWith('-01') ? du.slice(0, 7) : ajouterMois(premierJour(du.slice(0, 7)), 1).slice(0, 7), au: '' };
  plein.au = au === dernierJour(au.slice(0, 7)) ? au.slice(0, 7) : ajouterMois(premierJour(au.slice(0, 7)), -1).slice(0, 7);
  if (plein.du > plein.au) return { pleins: undefined, partiels: [{ du, au }] };
  const partiels = [
    ...(du < premierJour(plein.du) ? [{ du, au: ajouterJours(premierJour(plein.du), -1) }] : []),
    ...(au > dernierJour(plein.au) ? [{ du: ajouterJours(dernierJour(plein.au), 1), au }] : []),
  ];
  return { pleins: plein, partiels };
}

/** The objects' labels and catalogue order, for the ranking and its ties. */
async function avecLibelles(tx: Tx, quantites: Map<number, number>): Promise<QuantiteObjet[]> {
  if (!quantites.size) return [];
  return (await libellesEtOrdre(tx, [...quantites.keys()])).map((o) => ({ ...o, quantite: quantites.get(o.idObjet)! }));
}

/**
 * The period's counts, waits and objects by levée month: the whole months' from their summaries, once the marked ones
 * are recomputed (`recalculer`, which the caller runs first in a transaction of its own), the partial months' from the
 * débarras. Read in the caller's snapshot.
 */
export async function parMoisDeLevee(tx: Tx, du: string, au: string) {
  const { pleins, partiels } = decouper(du, au);
  const comptes: CompteMois[] = [];
  const attentes: AttenteMois[] = [];
  const quantites = new Map<number, number>();
  const ajouterObjets = (lignes: Array<{ idObjet: number; quantite: number }>) => {
    for (const o of lignes) quantites.set(o.idObjet, (quantites.get(o.idObjet) ?? 0) + o.quantite);
  };
  if (pleins) {
    const entre = <C extends typeof statistiqueMois.mois | typeof statistiqueAttente.mois | typeof statistiqueObjet.mois>(colonne: C) =>
      and(gte(colonne, pleins.du), lte(colonne, pleins.au));
    comptes.push(...((await tx.select().from(statistiqueMois).where(entre(statistiqueMois.mois))) as CompteMois[]));
    attentes.push(...(await tx.select().from(statistiqueAttente).where(entre(statistiqueAttente.mois))));
    ajouterObjets(await tx.select().from(statistiqueObjet).where(entre(statistiqueObjet.mois)));
  }
  for (const p of partiels) {
    comptes.push(...(await comptesBruts(tx, p.du, p.au)));
    attentes.push(...(await attentesBrutes(tx, p.du, p.au)));
    ajouterObjets(await objetsBruts(tx, p.du, p.au));
  }
  return { comptes, attentes, objets: await avecLibelles(tx, quantites) };
}
