import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE_PAR_NOM_COURT } from '@debarras/domain';
import { motDePasseAleatoire } from '../../config.js';
import type { Db } from '../client.js';
import {
  ajouterUtilisateur, changerMotDePasse, trouverParUsername, verifierMotDePasse,
} from '../../modules/utilisateur/service.js';
import { UTILISATEUR_SYSTEME } from './reference.js';

/** One demo account per role; the username is the role's short name. */
export const COMPTES_DEMO = [
  { username: 'lecture', displayName: 'Léa Lecture (démo)' },
  { username: 'gestion', displayName: 'Gaspard Gestion (démo)' },
  { username: 'admin', displayName: 'Adèle Admin (démo)' },
  { username: 'technique', displayName: 'Théo Technique (démo)' },
] as const;

/**
 * The demo accounts' password: DEMO_PASSWORD when set, otherwise one generated on the first start
 * and kept in DATA_DIR so that every later start prints the same.
 */
export function motDePasseDemo(demoPassword: string | undefined, dataDir: string): string {
  if (demoPassword) return demoPassword;
  const fichier = path.join(dataDir, 'mot-de-passe-demo.txt');
  if (existsSync(fichier)) return readFileSync(fichier, 'utf8').trim();
  const motDePasse = motDePasseAleatoire();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(fichier, `${motDePasse}\n`, { mode: 0o600 });
  return motDePasse;
}

export async function semerComptesDemo(db: Db, motDePasse: string) {
  for (const compte of COMPTES_DEMO) {
    const existant = await trouverParUsername(db, compte.username);
    if (!existant) {
      await ajouterUtilisateur(db, { ...compte, roles: [ROLE_PAR_NOM_COURT[compte.username]!], motDePasse }, UTILISATEUR_SYSTEME);
    } else if (!(await verifierMotDePasse(existant.motDePasse, motDePasse))) {
      await changerMotDePasse(db, compte.username, motDePasse, UTILISATEUR_SYSTEME);
    }
  }
}
