import { createHash, randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { ERREURS, type Utilisateur } from '@debarras/domain';
import { adresseComptee } from '../../adresseClient.js';
import type { Db } from '../../db/client.js';
import { nonAuthentifie, tropDeRequetes } from '../../erreurs.js';
import { hacherMotDePasse, trouverParUsername, verifierMotDePasse } from '../utilisateur/index.js';
import * as repo from './repo.js';

export const DUREE_INACTIVITE_MS = 8 * 60 * 60 * 1000;
export const FENETRE_ECHECS_MS = 15 * 60 * 1000;
/**
 * Failed sign-ins allowed in FENETRE_ECHECS_MS (docs/regles.md « Sécurité »), then 429: for one username from
 * one address, and from one address whatever the username (trying many users). Never for a username alone:
 * anyone could then lock an account out; a guess spread over addresses is slowed down instead (RALENTISSEMENT).
 */
export const ECHECS_MAX = { couple: 10, adresse: 50 } as const;
/**
 * An account with `seuil` failures in the window, from whatever addresses, is being guessed
 * (docs/decisions.md « Limites de connexion »): an address that has already failed on it in the window
 * shares one attempt every `intervalleMs` with the others that have (429 otherwise); an address that has
 * not always gets its attempt checked. Every attempt on such an account first pauses `pasMs` per failure
 * beyond the threshold, `pauseMaxMs` at most.
 */
export const RALENTISSEMENT = { seuil: 10, intervalleMs: 30_000, pasMs: 100, pauseMaxMs: 2_000 } as const;
/** How the pause waits: a timer, never the event loop or a database lock. Replaced by the tests. */
export const minuterie = { attendre: (ms: number): Promise<unknown> => setTimeout(ms) };
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
 * back on success: concurrent attempts each count, so no more than the limits are ever checked. Answers
 * the place and the pause the attempt must wait before the check.
 */
async function reserverTentative(db: Db, username: string, client: string, maintenant: number) {
  return db.transaction(async (tx) => {
    await repo.verrouillerTentatives(tx, username, client);
    const echecs = await repo.compterEchecs(
      tx,
      username,
      client,
      new Date(maintenant - FENETRE_ECHECS_MS),
      new Date(maintenant - RALENTISSEMENT.intervalleMs),
    );
    if (echecs.couple >= ECHECS_MAX.couple || echecs.adresse >= ECHECS_MAX.adresse) throw tropDeRequetes(ERREURS.tropDeTentatives);
    const devine = echecs.utilisateur >= RALENTISSEMENT.seuil;
    // an address that has failed on this account waits its turn with the others; one that has not never does
    if (devine && echecs.couple > 0 && echecs.utilisateurRecents > 0) throw tropDeRequetes(ERREURS.connexionRalentie);
    const pauseMs = devine
      ? Math.min(RALENTISSEMENT.pauseMaxMs, (echecs.utilisateur - RALENTISSEMENT.seuil + 1) * RALENTISSEMENT.pasMs)
      : 0;
    return { tentative: await repo.noterEchec(tx, username, client), pauseMs };
  });
}

/** Checks the password and opens a session; answers the cookie's token. */
export async function connecter(db: Db, username: string, motDePasse: string, adresseIp: string): Promise<string> {
  const maintenant = Date.now();
  const client = adresseComptee(adresseIp);
  const { tentative, pauseMs } = await reserverTentative(db, username, client, maintenant);
  // after the reservation's transaction: the pause holds neither a lock nor a connection
  if (pauseMs > 0) await minuterie.attendre(pauseMs);
  const utilisateur = await trouverParUsername(db, username);
  empreinteFactice ??= hacherMotDePasse(randomBytes(16).toString('hex'));
  const valide = await verifierMotDePasse(utilisateur?.motDePasse ?? (await empreinteFactice), motDePasse);
  if (!utilisateur || !utilisateur.actif || !valide) throw nonAuthentifie(ERREURS.identificationInvalide);
  const jeton = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await repo.oublierEchecs(tx, username, client, tentative, new Date(maintenant - FENETRE_ECHECS_MS));
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
