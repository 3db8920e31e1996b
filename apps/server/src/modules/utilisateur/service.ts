import { ROLE_PAR_NOM_COURT, type CodeErreur } from '@debarras/domain';
import { hash, verify, type Options } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ErreurApplication } from '../../erreurs.js';
import { insererUtilisateur, listerUtilisateurs, modifierUtilisateur, trouverParUsername } from './repo.js';

export const LONGUEUR_MIN_MOT_DE_PASSE = 8;

/** A refusal of the user management command line: by default, what was typed is invalid. */
export class ErreurUtilisateur extends ErreurApplication {
  constructor(message: string, code: CodeErreur = 'SAISIE_INVALIDE') {
    super(code, message);
  }
}

/** argon2id, m=19 MiB, t=2, p=1: OWASP's recommendation. */
export const COUT_ARGON2: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** The cost is written in the hash itself: verifying reads it there, whatever the cost of the day. */
export const hacherMotDePasse = (motDePasse: string, cout = COUT_ARGON2) => hash(motDePasse, cout);
export const verifierMotDePasse = (empreinte: string, motDePasse: string) => verify(empreinte, motDePasse).catch(() => false);

/** `lecture,gestion` or full authorities → the authorities. */
export function lireRoles(texte: string): string[] {
  const roles = texte
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => ROLE_PAR_NOM_COURT[r.toLowerCase()] ?? r.toUpperCase());
  const inconnus = roles.filter((r) => !Object.values(ROLE_PAR_NOM_COURT).includes(r as never));
  if (!roles.length || inconnus.length) {
    throw new ErreurUtilisateur(`Rôles invalides : « ${texte} ». Rôles possibles : ${Object.keys(ROLE_PAR_NOM_COURT).join(', ')}.`);
  }
  return roles;
}

function verifierLongueur(motDePasse: string) {
  if (motDePasse.length < LONGUEUR_MIN_MOT_DE_PASSE) {
    throw new ErreurUtilisateur(`Le mot de passe doit compter au moins ${LONGUEUR_MIN_MOT_DE_PASSE} caractères.`);
  }
}

export async function ajouterUtilisateur(
  db: Db,
  saisie: { username: string; displayName: string; roles: string[]; motDePasse: string },
  par: string,
  cout = COUT_ARGON2,
) {
  verifierLongueur(saisie.motDePasse);
  if (await trouverParUsername(db, saisie.username)) {
    throw new ErreurUtilisateur(`L'utilisateur « ${saisie.username} » existe déjà.`, 'DOUBLON');
  }
  return insererUtilisateur(db, { ...saisie, motDePasse: await hacherMotDePasse(saisie.motDePasse, cout), par });
}

/**
 * Also ends every session of the user: one opened with the old password must not outlive it. The session check
 * refuses the sessions opened before the change (docs/regles.md « Sécurité »).
 */
export async function changerMotDePasse(db: Db, username: string, motDePasse: string, par: string) {
  verifierLongueur(motDePasse);
  return modifier(db, username, { motDePasse: await hacherMotDePasse(motDePasse), sessionsFermeesAvant: sql`now()` }, par);
}

/** A disable ends every session of the user for good: enabling again brings none back. */
export const changerActivation = (db: Db, username: string, actif: boolean, par: string) =>
  modifier(db, username, actif ? { actif } : { actif, sessionsFermeesAvant: sql`now()` }, par);

export const changerRoles = (db: Db, username: string, roles: string[], par: string) => modifier(db, username, { roles }, par);

export { listerUtilisateurs, trouverParUsername };

async function modifier(db: Db, username: string, valeurs: Parameters<typeof modifierUtilisateur>[2], par: string) {
  const lu = await trouverParUsername(db, username);
  if (!lu) throw new ErreurUtilisateur(`L'utilisateur « ${username} » n'existe pas.`, 'INTROUVABLE');
  return modifierUtilisateur(db, lu, valeurs, par);
}
