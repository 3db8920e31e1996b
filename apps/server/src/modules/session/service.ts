import { createHash, randomBytes } from 'node:crypto';
import { ERREURS, type Utilisateur } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import { nonAuthentifie, tropDeRequetes } from '../../erreurs.js';
import { hacherMotDePasse, trouverParUsername, verifierMotDePasse } from '../utilisateur/index.js';
import * as repo from './repo.js';

export const DUREE_INACTIVITE_MS = 8 * 60 * 60 * 1000;
export const FENETRE_ECHECS_MS = 15 * 60 * 1000;
/**
 * Failed sign-ins allowed in FENETRE_ECHECS_MS (docs/regles.md « Session »): for one username from one
 * address; from one address whatever the username (trying many users); for one username whatever the
 * address (a guess spread over addresses). The last two are higher, so that a colleague's typos
 * behind the same proxy do not lock a user out.
 */
export const ECHECS_MAX = { couple: 10, adresse: 50, utilisateur: 50 } as const;
/** Activity is written at most once a minute, not on every request. */
const PRECISION_ACTIVITE_MS = 60 * 1000;

/** Who sent a request, as its session cookie tells. */
export interface UtilisateurConnecte {
  idUtilisateur: number;
  username: string;
  displayName: string;
  roles: string[];
}

const empreinte = (jeton: string) => createHash('sha256').update(jeton).digest('hex');

// Verifying against a real hash when the user is unknown keeps both answers equally slow.
let empreinteFactice: Promise<string> | undefined;

/**
 * The user of a session still open (used within 8 h, opened within `dureeMaxMs`), and the database
 * snapshot the session was read under: the request's later reads may reuse what was read under it
 * (`memoriser`).
 */
export async function sessionActive(
  db: Db,
  jeton: string,
  dureeMaxMs: number,
): Promise<{ utilisateur: UtilisateurConnecte; instantane: string } | null> {
  const idSession = empreinte(jeton);
  const maintenant = Date.now();
  const ligne = await repo.sessionAvecUtilisateur(
    db,
    idSession,
    new Date(maintenant - DUREE_INACTIVITE_MS),
    new Date(maintenant - dureeMaxMs),
  );
  if (!ligne) return null;
  if (Date.now() - ligne.derniereActivite.getTime() > PRECISION_ACTIVITE_MS) await repo.marquerActivite(db, idSession);
  const { derniereActivite: _, instantane, ...utilisateur } = ligne;
  return { utilisateur, instantane };
}

/**
 * Takes one attempt's place among the allowed failures before the password is checked, and gives it
 * back on success: concurrent attempts each count, so no more than the limit are ever checked.
 */
async function reserverTentative(db: Db, username: string, adresseIp: string, depuis: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await repo.verrouillerTentatives(tx, username, adresseIp);
    const echecs = await repo.compterEchecs(tx, username, adresseIp, depuis);
    if (echecs.couple >= ECHECS_MAX.couple || echecs.adresse >= ECHECS_MAX.adresse || echecs.utilisateur >= ECHECS_MAX.utilisateur) {
      throw tropDeRequetes(ERREURS.tropDeTentatives);
    }
    return repo.noterEchec(tx, username, adresseIp);
  });
}

/** Checks the password and opens a session; answers the cookie's token. */
export async function connecter(db: Db, username: string, motDePasse: string, adresseIp: string): Promise<string> {
  const maintenant = Date.now();
  const tentative = await reserverTentative(db, username, adresseIp, new Date(maintenant - FENETRE_ECHECS_MS));
  const utilisateur = await trouverParUsername(db, username);
  empreinteFactice ??= hacherMotDePasse(randomBytes(16).toString('hex'));
  const valide = await verifierMotDePasse(utilisateur?.motDePasse ?? (await empreinteFactice), motDePasse);
  if (!utilisateur || !utilisateur.actif || !valide) throw nonAuthentifie(ERREURS.identificationInvalide);
  const jeton = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await repo.oublierEchecs(tx, username, adresseIp, tentative, new Date(maintenant - FENETRE_ECHECS_MS));
    await repo.purgerSessionsExpirees(tx, new Date(maintenant - DUREE_INACTIVITE_MS));
    await repo.creerSession(tx, empreinte(jeton), utilisateur.idUtilisateur, adresseIp);
  });
  return jeton;
}

export const deconnecter = (db: Db, jeton: string) => repo.supprimerSession(db, empreinte(jeton));

/** `GET /user` as docs/regles.md « Données » describes it. */
export const versUtilisateur = (u: UtilisateurConnecte): Utilisateur => ({
  username: u.username,
  displayName: u.displayName,
  authorities: u.roles.map((authority) => ({ authority })),
});
