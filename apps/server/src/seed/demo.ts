import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOMAINES_EVENEMENT, ROLE_PAR_NOM_COURT } from '@debarras/domain';
import { motDePasseAleatoire } from '../config.js';
import type { Db } from '../db/client.js';
import * as adresses from '../modules/adresse/index.js';
import * as debarras from '../modules/debarras/index.js';
import * as destinataires from '../modules/destinataire/index.js';
import { journaliserSucces } from '../modules/logEvenement/index.js';
import * as reservations from '../modules/reservation/index.js';
import * as secteurs from '../modules/secteur/index.js';
import {
  ajouterUtilisateur,
  changerActivation,
  changerMotDePasse,
  trouverParUsername,
  verifierMotDePasse,
} from '../modules/utilisateur/index.js';
import { adressesVille } from './adresses.js';
import { generateur } from './aleatoire.js';
import { JOURS_HISTORIQUE, semerDebarras } from './debarras.js';
import { semerExceptionsDemo } from './exceptions.js';
import { semerPerimetresDemo } from './perimetres.js';
import { semerRecurrencesDemo } from './recurrences.js';
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

/** `cout`: the hashes' argon2 cost, the production one unless a test run signs in too often to pay it each time. */
export async function semerComptesDemo(db: Db, motDePasse: string, cout?: Parameters<typeof ajouterUtilisateur>[3]) {
  for (const compte of COMPTES_DEMO) {
    const existant = await trouverParUsername(db, compte.username);
    if (!existant) {
      await ajouterUtilisateur(db, { ...compte, roles: [ROLE_PAR_NOM_COURT[compte.username]!], motDePasse }, UTILISATEUR_SYSTEME, cout);
    } else if (!(await verifierMotDePasse(existant.motDePasse, motDePasse))) {
      await changerMotDePasse(db, compte.username, motDePasse, UTILISATEUR_SYSTEME);
    }
  }
}

/**
 * In production no demo account signs in (docs/exploitation.md « Production »): the ones a start without
 * NODE_ENV=production seeded — a demo account's name, created by the system, not by the `users` command — are
 * disabled at every start, which ends their sessions. Answers the names disabled now.
 */
export async function desactiverComptesDemo(db: Db): Promise<string[]> {
  const desactives: string[] = [];
  for (const { username } of COMPTES_DEMO) {
    const compte = await trouverParUsername(db, username);
    if (compte?.actif && compte.createdBy === UTILISATEUR_SYSTEME) {
      await changerActivation(db, username, false, UTILISATEUR_SYSTEME);
      desactives.push(username);
    }
  }
  return desactives;
}

/** What the start says of the demo accounts it disabled, on the console and in the messages. */
export const comptesDemoDesactives = (noms: string[]) =>
  `Production : comptes de démonstration désactivés (${noms.join(', ')}), leurs sessions fermées ; ` +
  'créez les comptes du personnel avec la commande « npm run users ».';

export const SECTEURS_DEMO = [
  { libelle: 'Secteur 1 - Pâquis / Sécheron / Nations', rive: 2, dateDebut: '2012-01-01', dateFin: null },
  { libelle: 'Secteur 2 - Servette / Saint-Jean / Charmilles', rive: 2, dateDebut: '2012-01-01', dateFin: null },
  { libelle: 'Secteur 3 - Cité / Saint-Gervais / Grottes', rive: 3, dateDebut: '2012-01-01', dateFin: null },
  { libelle: 'Secteur 4 - Eaux-Vives / Champel', rive: 1, dateDebut: '2012-01-01', dateFin: null },
  { libelle: 'Secteur 5 - Plainpalais / Jonction / Acacias', rive: 1, dateDebut: '2012-01-01', dateFin: null },
  { libelle: 'Secteur 6 - Petit-Saconnex (rattaché au secteur 2)', rive: 2, dateDebut: '2012-01-01', dateFin: '2019-12-31' },
] as const;

/** The labels of the demo sectors still active, in order: the synthetic address register is spread over them. */
export const SECTEURS_DEMO_ACTIFS = SECTEURS_DEMO.filter((s) => !s.dateFin).map((s) => s.libelle);

/** Synthetic people: the addresses use the reserved domain example.org. */
const DESTINATAIRES_DEMO = [
  {
    destinataire: "Centrale d'appels Voirie",
    email: 'centrale.voirie@example.org',
    description: 'Planning complet des levées',
    type: 'Excel',
    actif: 1,
  },
  {
    destinataire: "Chef d'équipe rive droite",
    email: 'chef.rive-droite@example.org',
    description: 'Feuilles de route des secteurs 1 à 3',
    type: 'Pdf',
    actif: 1,
  },
  {
    destinataire: "Chef d'équipe rive gauche",
    email: 'chef.rive-gauche@example.org',
    description: 'Feuilles de route des secteurs 4 et 5',
    type: 'Pdf',
    actif: 1,
  },
  {
    destinataire: 'Secrétariat du service',
    email: 'secretariat.voirie@example.org',
    description: 'Planning hebdomadaire pour archivage',
    type: 'Word',
    actif: 1,
  },
  {
    destinataire: "Ancien chef d'équipe Petit-Saconnex",
    email: 'chef.petit-saconnex@example.org',
    description: 'Secteur 6, fermé fin 2019',
    type: 'Word',
    actif: 0,
  },
] as const;

const MINUTE = 60_000;

/** A sample of online bookings over the last 60 days: most complete, some abandoned or rejected. */
function reservationsDemo(maintenant: Date) {
  const alea = generateur(6621);
  return Array.from({ length: 480 }, () => {
    const debut = new Date(maintenant.getTime() - alea.entier(10, 60 * 24 * 60) * MINUTE);
    const type = alea.vrai(0.8) ? 'creation' : alea.vrai(0.7) ? 'modification' : 'annulation';
    const confirmee = alea.vrai(0.88);
    const confirmation = confirmee ? new Date(debut.getTime() + alea.entier(40, 9 * 60) * 1000) : null;
    const rejet = confirmee && alea.vrai(0.03);
    const validee = confirmee && !rejet && type !== 'modification' && alea.vrai(0.9);
    const validation = validee ? new Date(confirmation!.getTime() + alea.entier(20, 50 * 60) * 1000) : null;
    return {
      type,
      idSession: `${alea.hex(8)}-${alea.hex(4)}-${alea.hex(4)}-${alea.hex(4)}-${alea.hex(12)}`,
      timestampReservation: debut,
      timestampConfirmation: confirmation,
      timestampValidation: validation,
      rejetEmail: rejet ? 1 : 0,
      langue: alea.vrai(0.86) ? 'fr' : 'en',
    };
  });
}

/**
 * The demo data set, on top of the reference data: the city's sectors, planning recipients, a
 * sample of online bookings, a synthetic address register and a débarras history. Each table is
 * filled only while it is empty.
 */
export async function semerDonneesDemo(db: Db, maintenant: Date) {
  const semes: string[] = [];
  if (await secteurs.estVide(db)) {
    await secteurs.insererPlusieurs(db, SECTEURS_DEMO, UTILISATEUR_SYSTEME);
    semes.push(`${SECTEURS_DEMO.length} secteurs`);
  }
  if (await destinataires.estVide(db)) {
    await destinataires.insererPlusieurs(db, DESTINATAIRES_DEMO, UTILISATEUR_SYSTEME);
    semes.push(`${DESTINATAIRES_DEMO.length} destinataires planning`);
  }
  if (await reservations.estVide(db)) {
    const lignes = reservationsDemo(maintenant);
    await reservations.insererPlusieurs(db, lignes);
    semes.push(`${lignes.length} réservations en ligne`);
  }
  if (await adresses.estVide(db)) {
    const registre = adressesVille(SECTEURS_DEMO_ACTIFS);
    await db.transaction((tx) => adresses.enregistrer(tx, registre, UTILISATEUR_SYSTEME));
    semes.push(`${registre.length} adresses (registre synthétique de la Ville de Genève)`);
  }
  semes.push(...(await semerExceptionsDemo(db, maintenant)));
  semes.push(...(await semerPerimetresDemo(db, SECTEURS_DEMO_ACTIFS)));
  if (await debarras.estVide(db)) {
    const bilan = await semerDebarras(db, maintenant);
    semes.push(`${bilan.debarras} débarras sur ${bilan.levees} levées (${JOURS_HISTORIQUE} derniers jours et réservations à venir)`);
  }
  semes.push(...(await semerRecurrencesDemo(db, maintenant)));
  if (semes.length) await journaliserSucces(db, DOMAINES_EVENEMENT.donneesDemo, `Données de démonstration chargées : ${semes.join(', ')}.`);
}
