import type { z } from 'zod';
import type { parametreListeSchema } from '@debarras/domain';
import { PARAMETRE_TRI_DEFAUT } from '@debarras/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { parametre } from '../../db/schema.js';
import { contient, ordre } from '../../http/liste.js';

export type RequeteParametres = z.output<typeof parametreListeSchema>;
export type LigneParametre = typeof parametre.$inferSelect;

function filtres(q: RequeteParametres) {
  return and(
    contient(parametre.cle, q.cle),
    contient(parametre.valeur, q.valeur),
    contient(parametre.description, q.description),
    contient(parametre.lastModifiedBy, q.lastModifiedBy),
  );
}

export async function lister(tx: Tx, q: RequeteParametres, page = q.page, taille = q.size) {
  const colonnes = {
    cle: parametre.cle,
    valeur: parametre.valeur,
    description: parametre.description,
    lastModifiedDate: parametre.lastModifiedDate,
    lastModifiedBy: parametre.lastModifiedBy,
  };
  return tx
    .select()
    .from(parametre)
    .where(filtres(q))
    .orderBy(...ordre(q.sort, PARAMETRE_TRI_DEFAUT, colonnes, parametre.idParametre))
    .limit(taille)
    .offset(page * taille);
}

export async function compter(tx: Tx, q: RequeteParametres) {
  const [ligne] = await tx.select({ n: count() }).from(parametre).where(filtres(q));
  return ligne?.n ?? 0;
}

export const trouver = async (tx: Tx, id: number) =>
  (await tx.select().from(parametre).where(eq(parametre.idParametre, id)))[0];

export const trouverParCle = async (tx: Tx, cle: string) =>
  (await tx.select().from(parametre).where(eq(parametre.cle, cle)))[0];

export async function inserer(tx: Tx, valeurs: { cle: string; valeur: string; description: string | null }, par: string) {
  const [ligne] = await tx.insert(parametre).values({ ...valeurs, createdBy: par, lastModifiedBy: par }).returning();
  return ligne!;
}

/** Updates only if nobody changed the row since `version` was read. */
export async function mettreAJour(
  tx: Tx,
  id: number,
  version: number,
  valeurs: { valeur: string; description: string | null },
  par: string,
) {
  const [ligne] = await tx
    .update(parametre)
    .set({ ...valeurs, lastModifiedBy: par, lastModifiedDate: new Date(), version: sql`${parametre.version} + 1` })
    .where(and(eq(parametre.idParametre, id), eq(parametre.version, version)))
    .returning();
  return ligne;
}
