import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { modifierVersionne } from '../../db/audit.js';
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

/** Changes a user at the version just read (see `modifierVersionne`). */
export const modifierUtilisateur = (
  tx: Tx,
  lu: Pick<typeof utilisateur.$inferSelect, 'idUtilisateur' | 'username' | 'version'>,
  valeurs: Partial<{ displayName: string; roles: string[]; motDePasse: string; actif: boolean; sessionsFermeesAvant: SQL }>,
  par: string,
) =>
  modifierVersionne(tx, {
    table: utilisateur,
    cle: utilisateur.idUtilisateur,
    id: lu.idUtilisateur,
    version: lu.version,
    valeurs,
    par,
    quoi: `L'utilisateur « ${lu.username} »`,
  });

/**
 * For the session check, on every request: the user joined on `idUtilisateur`, if still active and if the session,
 * opened at `ouverteLe`, was opened after the user's last new password or disable.
 */
export const joindreUtilisateurActif = <Q extends PgSelect>(requete: Q, idUtilisateur: AnyPgColumn, ouverteLe: AnyPgColumn): Q =>
  requete.innerJoin(
    utilisateur,
    and(
      eq(utilisateur.idUtilisateur, idUtilisateur),
      eq(utilisateur.actif, true),
      or(isNull(utilisateur.sessionsFermeesAvant), gt(ouverteLe, utilisateur.sessionsFermeesAvant)),
    ),
  ) as unknown as Q;

/** The joined user as the session knows them. */
export const champsUtilisateurJoint = () => ({
  idUtilisateur: utilisateur.idUtilisateur,
  username: utilisateur.username,
  displayName: utilisateur.displayName,
  roles: utilisateur.roles,
});
