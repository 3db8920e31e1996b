import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { echecConnexion, session } from '../../db/schema.js';
import { champsUtilisateurJoint, joindreUtilisateurActif } from '../utilisateur/index.js';

export async function sessionAvecUtilisateur(tx: Tx, idSession: string, actifDepuis: Date) {
  const [ligne] = await joindreUtilisateurActif(
    tx
      .select({ derniereActivite: session.derniereActivite, ...champsUtilisateurJoint() })
      .from(session)
      .$dynamic(),
    session.idUtilisateur,
  ).where(and(eq(session.idSession, idSession), gt(session.derniereActivite, actifDepuis)));
  return ligne;
}

export const marquerActivite = (tx: Tx, idSession: string) =>
  tx
    .update(session)
    .set({ derniereActivite: sql`now()` })
    .where(eq(session.idSession, idSession));

export const creerSession = (tx: Tx, idSession: string, idUtilisateur: number, adresseIp: string) =>
  tx.insert(session).values({ idSession, idUtilisateur, adresseIp });

export const supprimerSession = (tx: Tx, idSession: string) => tx.delete(session).where(eq(session.idSession, idSession));

export const purgerSessionsExpirees = (tx: Tx, avant: Date) => tx.delete(session).where(lt(session.derniereActivite, avant));

export async function compterEchecs(tx: Tx, username: string, adresseIp: string, depuis: Date) {
  const [ligne] = await tx
    .select({ n: count() })
    .from(echecConnexion)
    .where(and(eq(echecConnexion.username, username), eq(echecConnexion.adresseIp, adresseIp), gt(echecConnexion.date, depuis)));
  return ligne?.n ?? 0;
}

export const noterEchec = (tx: Tx, username: string, adresseIp: string) => tx.insert(echecConnexion).values({ username, adresseIp });

export const oublierEchecs = (tx: Tx, username: string, adresseIp: string, avant: Date) =>
  tx
    .delete(echecConnexion)
    .where(
      sql`(${echecConnexion.username} = ${username} and ${echecConnexion.adresseIp} = ${adresseIp}) or ${echecConnexion.date} < ${avant}`,
    );
