// What other modules, the seed and the CLI may use of the user accounts.
export { champsUtilisateurJoint, joindreUtilisateurActif } from './repo.js';
export {
  ajouterUtilisateur,
  changerActivation,
  changerMotDePasse,
  changerRoles,
  ErreurUtilisateur,
  hacherMotDePasse,
  lireRoles,
  listerUtilisateurs,
  trouverParUsername,
  verifierMotDePasse,
} from './service.js';
