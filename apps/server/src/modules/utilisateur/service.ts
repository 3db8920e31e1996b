import { ROLE_PAR_NOM_COURT } from '@debarras/domain';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.js';
import { insererUtilisateur, listerUtilisateurs, modifierUtilisateur, trouverParUsername } from './repo.js';

export const LONGUEUR_MIN_MOT_DE_PASSE = 8;

export class ErreurUtilisateur extends Error {}

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's recommendation). */
export const hacherMotDePasse = (motDePasse: string) => hash(motDePasse);
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
) {
  verifierLongueur(saisie.motDePasse);
  if (await trouverParUsername(db, saisie.username)) throw new ErreurUtilisateur(`L'utilisateur « ${saisie.username} » existe déjà.`);
  return insererUtilisateur(db, { ...saisie, motDePasse: await hacherMotDePasse(saisie.motDePasse), par });
}

export async function changerMotDePasse(db: Db, username: string, motDePasse: string, par: string) {
  verifierLongueur(motDePasse);
  return exiger(await modifierUtilisateur(db, username, { motDePasse: await hacherMotDePasse(motDePasse) }, par), username);
}

export async function changerActivation(db: Db, username: string, actif: boolean, par: string) {
  return exiger(await modifierUtilisateur(db, username, { actif }, par), username);
}

export async function changerRoles(db: Db, username: string, roles: string[], par: string) {
  return exiger(await modifierUtilisateur(db, username, { roles }, par), username);
}

export { listerUtilisateurs, trouverParUsername };

function exiger<T>(ligne: T | undefined, username: string): T {
  if (!ligne) throw new ErreurUtilisateur(`L'utilisateur « ${username} » n'existe pas.`);
  return ligne;
}
