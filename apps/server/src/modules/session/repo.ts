import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { verrouConsultatif, type Transaction, type Tx } from '../../db/client.js';
import { colonneInstantane } from '../../db/memoire.js';
import { preparee } from '../../db/preparees.js';
import { echecConnexion, session } from '../../db/schema.js';
import { champsUtilisateurJoint, joindreUtilisateurActif } from '../utilisateur/index.js';

const requeteSession = preparee('session_avec_utilisateur', (tx) =>
  joindreUtilisateurActif(
    tx
      .select({ derniereActivite: session.derniereActivite, instantane: colonneInstantane(), ...champsUtilisateurJoint() })
      .from(session)
      .$dynamic(),
    session.idUtilisateur,
    session.creeLe,
  ).where(
    and(
      eq(session.idSession, sql.placeholder('idSession')),
      gt(session.derniereActivite, sql.placeholder('actifDepuis')),
      gt(session.creeLe, sql.placeholder('ouverteDepuis')),
    ),
  ),
);

/**
 * The session, if still open, with its active user and the snapshot it was read under (see `memoriser`). Every
 * request with a session runs it: prepared (`preparee`).
 */
export async function sessionAvecUtilisateur(tx: Tx, idSession: string, actifDepuis: Date, ouverteDepuis: Date) {
  const [ligne] = await requeteSession(tx).execute({
    idSession,
    actifDepuis: actifDepuis.toISOString(),
    ouverteDepuis: ouverteDepuis.toISOString(),
  });
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

/** Attempts on one username, and from one address, wait for each other until their transaction ends (always in this order). */
export async function verrouillerTentatives(tx: Transaction, username: string, adresseIp: string) {
  await verrouConsultatif(tx, `connexion.adresse:${adresseIp}`);
  await verrouConsultatif(tx, `connexion.utilisateur:${username}`);
}

/**
 * The failures since `depuis`: of the username from the address, from the address, of the username, and of
 * the username since `recentDepuis`.
 */
export async function compterEchecs(tx: Tx, username: string, adresseIp: string, depuis: Date, recentDepuis: Date) {
  const [ligne] = await tx
    .select({
      couple: sql<number>`count(*) filter (where ${echecConnexion.username} = ${username} and ${echecConnexion.adresseIp} = ${adresseIp})::int`,
      adresse: sql<number>`count(*) filter (where ${echecConnexion.adresseIp} = ${adresseIp})::int`,
      utilisateur: sql<number>`count(*) filter (where ${echecConnexion.username} = ${username})::int`,
      utilisateurRecents: sql<number>`count(*) filter (where ${echecConnexion.username} = ${username} and ${echecConnexion.date} > ${recentDepuis})::int`,
    })
    .from(echecConnexion)
    .where(and(or(eq(echecConnexion.username, username), eq(echecConnexion.adresseIp, adresseIp)), gt(echecConnexion.date, depuis)));
  return ligne ?? { couple: 0, adresse: 0, utilisateur: 0, utilisateurRecents: 0 };
}

export async function noterEchec(tx: Tx, username: string, adresseIp: string): Promise<number> {
  const [ligne] = await tx.insert(echecConnexion).values({ username, adresseIp }).returning({ idEchec: echecConnexion.idEchec });
  return ligne!.idEchec;
}

/** After a success: this attempt, the pair's earlier failures, and every failure past the window. */
export const oublierEchecs = (tx: Tx, username: string, adresseIp: string, tentative: number, avant: Date) =>
  tx
    .delete(echecConnexion)
    .where(
      sql`${echecConnexion.idEchec} = ${tentative} or (${echecConnexion.username} = ${username} and ${echecConnexion.adresseIp} = ${adresseIp}) or ${echecConnexion.date} < ${avant}`,
    );
