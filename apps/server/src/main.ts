import { VERSION_APPLICATION, DOMAINES_EVENEMENT } from '@debarras/domain';
import { construireApp } from './app.js';
import { lireConfig } from './config.js';
import { ErreurApplication } from './erreurs.js';
import { horlogeSysteme } from './horloge.js';
import { nombreMigrations, ouvrirBase } from './db/client.js';
import {
  COMPTES_DEMO,
  comptesDemoDesactives,
  desactiverComptesDemo,
  motDePasseDemo,
  semerComptesDemo,
  semerDonneesDemo,
} from './seed/demo.js';
import { semerReference } from './seed/reference.js';
import { executerRappelsEnLigne } from './jobs/enLigne.js';
import { chaqueNuit, chaqueQuartDHeure, toutesLes15Minutes } from './jobs/programmation.js';
import { executerEnvoiFeuilles } from './jobs/envoiFeuilles.js';
import { executerLaNuit } from './jobs/nuit.js';
import { creerCourrier } from './courriel.js';
import { fermerRendus } from './documents/index.js';
import { creerTaches } from './jobs/taches.js';
import { journaliserSucces } from './modules/logEvenement/index.js';

// a refused setting, or the embedded database held by another process: said plainly, without a stack
function arreterSurRefus(erreur: unknown): never {
  if (erreur instanceof ErreurApplication) {
    console.error(erreur.message);
    process.exit(1);
  }
  throw erreur;
}

const config = (() => {
  try {
    return lireConfig();
  } catch (erreur) {
    return arreterSurRefus(erreur);
  }
})();
const motDePasse = config.production ? undefined : motDePasseDemo(config.demoPassword, config.dataDir);
let demoDesactives: string[] = [];
// under the migrations' lock: two servers starting together on an empty database seed it once
const base = await ouvrirBase(config, async (db) => {
  await semerReference(db);
  if (motDePasse) {
    await semerComptesDemo(db, motDePasse);
    await semerDonneesDemo(db, horlogeSysteme.maintenant());
  }
  // a database first started without NODE_ENV=production keeps the demo accounts: none signs in in production
  // (docs/exploitation.md « Production »)
  if (config.production) demoDesactives = await desactiverComptesDemo(db);
}).catch(arreterSurRefus);
if (demoDesactives.length) {
  console.warn(comptesDemoDesactives(demoDesactives));
  await journaliserSucces(base.db, DOMAINES_EVENEMENT.demarrage, comptesDemoDesactives(demoDesactives));
}
const moteur = base.moteur === 'pglite' ? 'base embarquée PGlite' : 'serveur PostgreSQL';
await journaliserSucces(
  base.db,
  DOMAINES_EVENEMENT.demarrage,
  `Débarras ${VERSION_APPLICATION} démarré (${moteur}) ; schéma de la base à jour (${await nombreMigrations(base.db)} migrations appliquées).`,
);

const courrier = creerCourrier(config);
if (config.production && !config.smtpUrl) {
  // not fatal: the messages wait as files, but nobody receives them (README « Configuration »)
  console.warn(
    `Attention : SMTP_URL n'est pas défini ; aucun e-mail ne part (feuilles de route, réservations en ligne), ` +
      `chacun est écrit en fichier .eml dans ${courrier.destination}.`,
  );
}
const taches = creerTaches({
  base,
  courrier,
  horloge: horlogeSysteme,
  dossierSauvegardes: config.sauvegardeDir,
  publicUrl: config.publicUrl,
});
// runs a stopped process left EN_COURS (kill -9, a crash) are closed as interrupted, each job under its lock
// (docs/exploitation.md « Arrêt brutal »)
await taches.conclureInterrompues();

// the rounds are planned at start-up; every night at 1 o'clock the rounds, then the recurring débarras
// on them, then the anonymisation, then the dump of the database, which thus holds the night's work
// (docs/regles.md « Tâches planifiées », docs/exploitation.md « Sauvegarde et restauration »)
await taches.executer('planification');
const arreterNuit = chaqueNuit(1, (nuit) => executerLaNuit(taches, nuit), horlogeSysteme);

const etat = { arretEnCours: false };
const app = await construireApp({ config, base, courrier, taches, etat });
await app.listen({ port: config.port, host: config.host });

// the next working day's route sheets go to the recipients every working day from envoi.feuilles.heure
const arreterEnvoi = chaqueQuartDHeure((quart) => executerEnvoiFeuilles(taches, base.db, horlogeSysteme, quart), horlogeSysteme);
// online bookings: unvalidated places released every quarter of an hour, the reminders from enligne.rappel.heure
const arreterPlaces = toutesLes15Minutes((quart) => taches.executer('placesEnLigne', quart), horlogeSysteme);
const arreterRappels = chaqueQuartDHeure((quart) => executerRappelsEnLigne(taches, base.db, horlogeSysteme, quart), horlogeSysteme);

const adresse = `http://localhost:${config.port}${config.basePath}`;
const lignes = [
  '',
  `  Débarras ${VERSION_APPLICATION} est démarré : ${adresse}`,
  `  Réservation en ligne des habitants : ${adresse}en-ligne/ (en anglais : ?lang=en)`,
  `  Base de données : ${base.moteur === 'pglite' ? `embarquée (PGlite) dans ${config.dataDir}` : 'serveur PostgreSQL (DATABASE_URL)'}`,
  `  Courriels : ${config.smtpUrl ? courrier.destination : `fichiers .eml dans ${courrier.destination} (SMTP_URL non défini)`}`,
  `  Adresse publique des liens envoyés : ${config.publicUrl}`,
  `  Sauvegardes : chaque nuit dans ${config.sauvegardeDir}`,
];
if (motDePasse) {
  lignes.push('', '  Comptes de démonstration (mot de passe commun) :');
  for (const c of COMPTES_DEMO) lignes.push(`    ${c.username.padEnd(10)} ${c.displayName}`);
  lignes.push(`  Mot de passe : ${motDePasse}${config.demoPassword ? ' (DEMO_PASSWORD)' : ` (généré, conservé dans ${config.dataDir})`}`);
}
console.log(lignes.join('\n') + '\n');

/**
 * A clean stop (docs/exploitation.md « Arrêt et redémarrage »): `sante/pret` says so, no new connection is accepted and
 * the requests in flight (an export, a route sheet being rendered) end — past ARRET_DELAI_SECONDES the process exits 1
 * anyway. The jobs running get what is left of that time to end; one still running then is released (its work is in
 * transactions: nothing half-applied), and the next start closes its run as interrupted, to be run again. Then the
 * database is closed and the process exits 0. A second signal exits at once.
 */
async function arreter() {
  etat.arretEnCours = true;
  const echeance = Date.now() + config.arretDelaiSecondes * 1000;
  const borne = setTimeout(() => {
    console.error(`Arrêt forcé : des requêtes étaient encore en cours après ${config.arretDelaiSecondes} s.`);
    process.exit(1);
  }, config.arretDelaiSecondes * 1000);
  borne.unref();
  arreterNuit();
  arreterEnvoi();
  arreterPlaces();
  arreterRappels();
  // a client's kept-alive connection, idle between two requests, would hold the close until its own time-out: closed
  // as soon as it is idle (an answer being sent goes on)
  const inactives = setInterval(() => app.server.closeIdleConnections(), 250);
  await app.close();
  clearInterval(inactives);
  let attente: NodeJS.Timeout | undefined;
  const tachesFinies = await Promise.race([
    taches.attendreEnCours().then(() => true),
    new Promise<false>((ok) => {
      attente = setTimeout(() => ok(false), Math.max(0, echeance - Date.now() - 1000));
    }),
  ]);
  clearTimeout(attente);
  if (!tachesFinies) {
    console.error('Arrêt : une tâche planifiée tournait encore ; elle sera reprise à sa prochaine exécution.');
    process.exit(0);
  }
  // after the requests: a document being rendered for one ends, within its time limit
  await fermerRendus();
  await base.fermer();
  process.exit(0);
}

let arretDemande = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (arretDemande) {
      console.error(`Second ${signal} : arrêt immédiat.`);
      process.exit(1);
    }
    arretDemande = true;
    void arreter();
  });
}
