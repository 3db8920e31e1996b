import { setImmediate } from 'node:timers/promises';
import { EXPORT_LIGNES_MAX, LISTE_MESSAGES, type Page, type Tri } from '@debarras/domain';
import { and, asc, count, desc, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ErreurApplication } from '../erreurs.js';
import type { Tx } from './client.js';

/**
 * ORDER BY for a list: the requested sorts (or the list's default), then the primary key so that
 * paging is stable when sorted values repeat, in the first sort's direction: among messages of the same
 * instant, « most recent first » shows the one written last first.
 */
export function ordre<C extends string>(
  tris: readonly Tri<C>[],
  defaut: readonly Tri<C>[],
  colonnes: Record<C, AnyPgColumn | SQL>,
  cleUnique: AnyPgColumn,
): SQL[] {
  const choisis = tris.length ? tris : defaut;
  const sens = (t: Tri<C> | undefined) => (t?.sens === 'desc' ? desc : asc);
  return [...choisis.map((t) => sens(t)(colonnes[t.champ])), sens(choisis[0])(cleUnique)];
}

/** `%`, `_` and `\` typed by the user match themselves. */
const motifContient = (valeur: string) => `%${valeur.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The text with its accents and ligatures folded (`sans_accents`, migration 0008: `unaccent`, pinned
 * IMMUTABLE so that indexes may be built on it): « Müller » reads « Muller », « Œuvre » « OEuvre ».
 */
export const sansAccents = (texte: AnyPgColumn | SQL | string) => sql`sans_accents(${texte})`;

/**
 * "Contains", ignoring case and accents on both sides (docs/regles.md « Comportement général »):
 * `muller` finds « Müller », `NUNEZ` « Núñez ». A large table indexes `sans_accents(colonne)` with
 * pg_trgm's operators, which serve this `ILIKE` as it is.
 */
export function contient(colonne: AnyPgColumn | SQL, valeur: string | undefined): SQL | undefined {
  if (valeur === undefined) return undefined;
  return ilike(sansAccents(colonne), sansAccents(motifContient(valeur)));
}

/** "Contains", case-insensitive, for a column that holds no letter an accent could change (a débarras' numéro). */
export function contientTelQuel(colonne: AnyPgColumn | SQL, valeur: string | undefined): SQL | undefined {
  if (valeur === undefined) return undefined;
  return ilike(colonne, motifContient(valeur));
}

/** An instant column within calendar days `du`..`au` (inclusive), days taken in Europe/Zurich. */
export function entreJours(colonne: AnyPgColumn, du: string | undefined, au: string | undefined): SQL | undefined {
  const debut = du ? gte(colonne, joursEnInstant(du, 0)) : undefined;
  const fin = au ? lt(colonne, joursEnInstant(au, 1)) : undefined;
  return and(debut, fin);
}

/** Midnight in Geneva at the start of `jour` + `decalage` days, whatever the session's time zone. */
const joursEnInstant = (jour: string, decalage: number) =>
  sql`((${jour}::date + ${decalage}::int)::timestamp at time zone 'Europe/Zurich')`;

interface RequeteListe<C extends string> {
  page: number;
  size: number;
  sort: Tri<C>[];
}

/**
 * A server-driven list over one table: its filters, sortable columns and default sort, its rows
 * turned into answers, read a page at a time (the list) or batch after batch (the export).
 */
export function definirListe<T extends PgTable, C extends string, Q extends RequeteListe<C>, R>(def: {
  table: T;
  cle: AnyPgColumn;
  colonnesTri: Record<C, AnyPgColumn | SQL>;
  triDefaut: readonly Tri<C>[];
  filtres: (q: Q) => SQL | undefined;
  versReponse: (ligne: T['$inferSelect']) => R;
}) {
  const lignes = async (tx: Tx, q: Q, page: number, taille: number) => {
    const resultat = (await tx
      .select()
      .from(def.table as PgTable)
      .where(def.filtres(q))
      .orderBy(...ordre(q.sort, def.triDefaut, def.colonnesTri, def.cle))
      .limit(taille)
      .offset(page * taille)) as T['$inferSelect'][];
    return resultat.map(def.versReponse);
  };
  const total = async (tx: Tx, q: Q) => {
    const [ligne] = await tx
      .select({ n: count() })
      .from(def.table as PgTable)
      .where(def.filtres(q));
    return ligne?.n ?? 0;
  };
  return {
    page: async (tx: Tx, q: Q): Promise<Page<R>> => {
      const [l, n] = await Promise.all([lignes(tx, q, q.page, q.size), total(tx, q)]);
      return { lignes: l, total: n };
    },
    lots: (tx: Tx, q: Q) =>
      borne(
        () => total(tx, q),
        parLots((page, taille) => lignes(tx, q, page, taille)),
      ),
  };
}

/**
 * Batches of a list for an export: the list query run page after page. 250 rows a batch: the
 * embedded database runs a query on the event loop itself, and a batch of 1 000 débarras held it
 * about a second (docs/performance.md « Aucune requête ne bloque les autres »).
 */
export async function* parLots<T>(lirePage: (page: number, taille: number) => Promise<T[]>, taille = 250) {
  for (let page = 0; ; page++) {
    const lot = await lirePage(page, taille);
    if (lot.length) yield lot;
    if (lot.length < taille) return;
  }
}

/**
 * Batches of a long list for an export, without `OFFSET`: the ids of every matching row are read
 * once, in the list's order, then the rows 250 ids at a time, put back in that order. With
 * `OFFSET`, the last batches of the whole history made the base walk past every row before them,
 * on the event loop itself for the embedded database (docs/performance.md « Aucune requête ne
 * bloque les autres »).
 */
export async function* parLotsDIdentifiants<T>(
  lireIds: () => Promise<number[]>,
  lireLignes: (ids: number[]) => Promise<T[]>,
  idDe: (ligne: T) => number,
  taille = 250,
) {
  const ids = await lireIds();
  // the embedded database answers within the same turn of the event loop: the other requests' turn first
  await setImmediate();
  for (let debut = 0; debut < ids.length; debut += taille) {
    const lot = ids.slice(debut, debut + taille);
    const parId = new Map((await lireLignes(lot)).map((ligne) => [idDe(ligne), ligne]));
    // a row deleted since the ids were read is left out rather than failing the file
    const lignes = lot.flatMap((id) => parId.get(id) ?? []);
    if (lignes.length) yield lignes;
  }
}

/**
 * An export of at most `EXPORT_LIGNES_MAX` rows: counted before its first batch, so that a refusal is
 * a clean error answer. The whole history sorted at once held the embedded database's event loop for
 * seconds (docs/performance.md « Aucune requête ne bloque les autres »).
 */
export async function* borne<T>(compter: () => Promise<number>, lots: AsyncGenerator<T[]>) {
  const lignes = await compter();
  if (lignes > EXPORT_LIGNES_MAX) throw new ErreurApplication('ETENDUE_TROP_GRANDE', LISTE_MESSAGES.exportTropGrand(lignes));
  await setImmediate();
  yield* lots;
}
