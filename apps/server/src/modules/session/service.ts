import { createHash, randomBytes } from 'node:crypto';
import { ERREURS, type Utilisateur } from '@debarras/domain';
import type { Db } from '../../db/client.js';
import { nonAuthentifie, tropDeRequetes } from '../../erreurs.js';
import { hacherMotDePasse, trouverParUsername, verifierMotDePasse } from '../utilisateur/index.js';
import * as repo from './repo.js';

export const DUREE_INACTIVITE_MS = 8 * 60 * 60 * 1000;
export const FENETRE_ECHECS_MS = 15 * 60 * 1000;
export const ECHECS_MAX = 10;
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

export async function sessionActive(db: Db, jeton: string): Promise<UtilisateurConnecte | null> {
  const idSession = empreinte(jeton);
  const ligne = await repo.sessionAvecUtilisateur(db, idSession, new Date(Date.now() - DUREE_INACTIVITE_MS));
  if (!ligne) return null;
  if (Date.now() - ligne.derniereActivite.getTime() > PRECISION_ACTIVITE_MS) await repo.marquerActivite(db, idSession);
  const { derniereActivite: _, ...utilisateur } = ligne;
  return utilisateur;
}

/** Checks the password and opens a session; answers the cookie's token. */
export async function connecter(db: Db, username: string, motDePasse: string, adresseIp: string): Promise<string> {
  const maintenant = Date.now();
  if ((await repo.compterEchecs(db, username, adresseIp, new Date(maintenant - FENETRE_ECHECS_MS))) >= ECHECS_MAX) {
    throw tropDeRequetes(ERREURS.tropDeTentatives);
  }
  const utilisateur = await trouverParUsername(db, username);
  empreinteFactice ??= hacherMotDePasse(randomBytes(16).toString('hex'));
  const valide = await verifierMotDePasse(utilisateur?.motDePasse ?? (await empreinteFactice), motDePasse);
  if (!utilisateur || !utilisateur.actif || !valide) {
    await repo.noterEchec(db, username, adresseIp);
    throw nonAuthentifie(ERREURS.identificationInvalide);
  }
  const jeton = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await repo.oublierEchecs(tx, username, adresseIp, new Date(maintenant - FENETRE_ECHECS_MS));
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
