import type { Page, Tri } from '@debarras/domain';
import { asc, desc, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';

export const ENTETE_TOTAL = 'x-total-elements';

/**
 * ORDER BY for a list: the requested sorts (or the list's default), then the primary key so that
 * paging is stable when sorted values repeat.
 */
export function ordre<C extends string>(
  tris: readonly Tri<C>[],
  defaut: readonly Tri<C>[],
  colonnes: Record<C, AnyPgColumn | SQL>,
  cleUnique: AnyPgColumn,
): SQL[] {
  const choisis = tris.length ? tris : defaut;
  return [...choisis.map((t) => (t.sens === 'desc' ? desc(colonnes[t.champ]) : asc(colonnes[t.champ]))), asc(cleUnique)];
}

/** "Contains", case-insensitive; `%`, `_` and `\` typed by the user match themselves. */
export function contient(colonne: AnyPgColumn, valeur: string | undefined): SQL | undefined {
  if (valeur === undefined) return undefined;
  return ilike(colonne, `%${valeur.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** A page of a list: the rows as the body, the total in `x-total-elements`. */
export function envoyerPage<T>(reponse: FastifyReply, page: Page<T>) {
  return reponse
    .header(ENTETE_TOTAL, String(page.total))
    .header('access-control-expose-headers', ENTETE_TOTAL)
    .send(page.lignes);
}
