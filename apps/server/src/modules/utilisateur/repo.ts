import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { utilisateur } from '../../db/schema.js';

export const trouverParUsername = async (tx: Tx, username: string) =>
  (await tx.select().from(utilisateur).where(eq(utilisateur.username, username)))[0];

export const listerUtilisateurs = (tx: Tx) => tx.select().from(utilisateur).orderBy(utilisateur.username);

export async function insererUtilisateur(
  tx: Tx,
  valeurs: { username: string; displayName: string; roles: string[]; motDePasse: string; par: string },
) {
  const { par, ...champs } = valeurs;
  const [ligne] = await tx
    .insert(utilisateur)
    .values({ ...champs, createdBy: par, lastModifiedBy: par })
    .returning();
  return ligne!;
}

export async function modifierUtilisateur(
  tx: Tx,
  username: string,
  valeurs: Partial<{ displayName: string; roles: string[]; motDePasse: string; actif: boolean }>,
  par: string,
) {
  const [ligne] = await tx
    .update(utilisateur)
    .set({ ...valeurs, lastModifiedBy: par, lastModifiedDate: new Date(), version: sql`${utilisateur.version} + 1` })
    .where(eq(utilisateur.username, username))
    .returning();
  return ligne;
}
