import { parseArgs } from 'node:util';
import { ROLE_LIBELLES, type Role } from '@debarras/domain';
import { lireConfig, motDePasseAleatoire } from '../config.js';
import { ouvrirBase } from '../db/client.js';
import { ErreurApplication } from '../erreurs.js';
import {
  ajouterUtilisateur,
  changerActivation,
  changerMotDePasse,
  changerRoles,
  ErreurUtilisateur,
  lireRoles,
  listerUtilisateurs,
} from '../modules/utilisateur/index.js';

const AIDE = `Gestion des utilisateurs de Débarras (base : DATABASE_URL, sinon DATA_DIR).
Avec la base embarquée, arrêter le serveur avant d'utiliser cette commande.

  npm run users -- list
  npm run users -- add <utilisateur> --nom "Nom affiché" --roles gestion[,admin…] [--mot-de-passe X]
  npm run users -- passwd <utilisateur> [--mot-de-passe X]
  npm run users -- roles <utilisateur> <roles>
  npm run users -- disable <utilisateur>
  npm run users -- enable <utilisateur>

Rôles : lecture, gestion, admin, technique. Sans --mot-de-passe, un mot de passe est généré et affiché.`;

const PAR = `cli:${process.env.USER ?? 'inconnu'}`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      nom: { type: 'string' },
      roles: { type: 'string' },
      'mot-de-passe': { type: 'string' },
      aide: { type: 'boolean', short: 'h' },
    },
  });
  const [commande, username, argument] = positionals;
  if (values.aide || !commande) return console.log(AIDE);

  const base = await ouvrirBase(lireConfig());
  try {
    const exigerNom = () => {
      if (!username) throw new ErreurUtilisateur("Le nom d'utilisateur est obligatoire.");
      return username;
    };
    const motDePasse = values['mot-de-passe'] ?? motDePasseAleatoire();
    const annoncerMotDePasse = () => {
      if (!values['mot-de-passe']) console.log(`Mot de passe généré : ${motDePasse}`);
    };
    switch (commande) {
      case 'list':
        for (const u of await listerUtilisateurs(base.db)) {
          const roles = u.roles.map((r) => ROLE_LIBELLES[r as Role] ?? r).join(', ');
          console.log(`${u.username.padEnd(20)} ${u.actif ? 'actif  ' : 'inactif'} ${u.displayName} — ${roles}`);
        }
        break;
      case 'add':
        if (!values.nom || !values.roles) throw new ErreurUtilisateur('--nom et --roles sont obligatoires.');
        await ajouterUtilisateur(
          base.db,
          { username: exigerNom(), displayName: values.nom, roles: lireRoles(values.roles), motDePasse },
          PAR,
        );
        console.log(`Utilisateur « ${username} » créé.`);
        annoncerMotDePasse();
        break;
      case 'passwd':
        await changerMotDePasse(base.db, exigerNom(), motDePasse, PAR);
        console.log(`Mot de passe de « ${username} » changé.`);
        annoncerMotDePasse();
        break;
      case 'roles':
        await changerRoles(base.db, exigerNom(), lireRoles(argument ?? ''), PAR);
        console.log(`Rôles de « ${username} » changés.`);
        break;
      case 'disable':
      case 'enable':
        await changerActivation(base.db, exigerNom(), commande === 'enable', PAR);
        console.log(`Utilisateur « ${username} » ${commande === 'enable' ? 'réactivé' : 'désactivé'}.`);
        break;
      default:
        throw new ErreurUtilisateur(`Commande inconnue : « ${commande} ».\n\n${AIDE}`);
    }
  } finally {
    await base.fermer();
  }
}

main().catch((erreur) => {
  console.error(erreur instanceof ErreurApplication ? erreur.message : erreur);
  process.exitCode = 1;
});
