import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { formatDateHeure, SAUVEGARDE_MESSAGES } from '@debarras/domain';
import { lireConfig } from '../config.js';
import { dossierPgdata } from '../db/client.js';
import { urlSansMotDePasse } from '../db/dump.js';
import { restaurerPglite, restaurerPostgres, type BilanRestauration } from '../db/restauration.js';
import { ErreurApplication, etatInvalide } from '../erreurs.js';

const AIDE = `Restauration d'une sauvegarde de Débarras (base : DATABASE_URL, sinon DATA_DIR).
Arrêter d'abord le serveur, et toutes ses instances.

  npm run restauration -- FICHIER [--oui]

Base embarquée (FICHIER .sql.gz) : la base actuelle, DATA_DIR/pgdata, est mise de côté dans
DATA_DIR/pgdata.avant-restauration-AAAAMMJJ-HHMMSS (jamais supprimée) ; une base neuve est créée depuis
FICHIER puis mise à jour par les migrations. Si le chargement échoue, la base actuelle reste en place.
PostgreSQL (FICHIER .dump) : le contenu de la base de DATABASE_URL est remplacé par celui de FICHIER
(pg_restore --clean --if-exists), en une seule transaction, puis mis à jour par les migrations ; la commande
demande confirmation (--oui : sans la demander).`;

const millier = (n: number) => n.toLocaleString('fr-CH');

function afficher(b: BilanRestauration) {
  const e = b.etat;
  const lignes = [
    `  Migrations : ${b.migrationsSauvegarde} dans la sauvegarde, ${e.migrations} après la mise à jour` +
      (e.migrations > b.migrationsSauvegarde ? ` (${e.migrations - b.migrationsSauvegarde} appliquée(s)).` : ' (déjà à jour).'),
    `  Contenu : ${millier(e.debarras)} débarras, ${millier(e.levees)} levées, ${millier(e.adresses)} adresses, ${millier(e.utilisateurs)} utilisateurs.`,
    `  Dernier message écrit par le serveur : ${e.dernierMessage ? formatDateHeure(e.dernierMessage) : 'aucun'} (à peu près l'heure de la sauvegarde).`,
  ];
  // the numbers the replaced database gave since the dump are not given again
  if (b.dernierNumero) lignes.push(`  Numéros des débarras : le prochain suit ${b.dernierNumero}, le plus haut déjà donné.`);
  console.log(lignes.join('\n'));
}

async function confirmer(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw etatInvalide('Pas de terminal pour demander la confirmation : relancez avec --oui.');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await terminal.question(question)).trim().toLowerCase() === 'oui';
  } finally {
    terminal.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { oui: { type: 'boolean' }, aide: { type: 'boolean', short: 'h' } },
  });
  if (values.aide || !positionals[0]) return console.log(AIDE);
  const config = lireConfig();
  // npm runs the script from the project's root: a relative name is the caller's
  const fichier = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  if (!existsSync(fichier)) throw etatInvalide(SAUVEGARDE_MESSAGES.fichierIntrouvable(fichier));

  const url = config.databaseUrl;
  if (url) {
    const cible = urlSansMotDePasse(url);
    const confirme =
      values.oui ||
      (await confirmer(
        `Tout le contenu de la base ${cible} va être remplacé par la sauvegarde ${fichier}.\n` +
          'Le serveur doit être arrêté (toutes ses instances). Tapez « oui » pour continuer : ',
      ));
    if (!confirme) return console.log("Restauration abandonnée : la base n'a pas été touchée.");
    console.log(`Restauration de ${fichier} dans ${cible}…`);
    const bilan = await restaurerPostgres(url, fichier);
    console.log(`Base PostgreSQL ${cible} restaurée depuis ${fichier}.`);
    afficher(bilan);
  } else {
    console.log(`Restauration de ${fichier} dans la base embarquée de ${config.dataDir}…`);
    const bilan = await restaurerPglite(config.dataDir, fichier, new Date());
    console.log(`Base embarquée ${dossierPgdata(config.dataDir)} restaurée depuis ${fichier}.`);
    afficher(bilan);
    console.log(
      bilan.ancienne
        ? `  La base remplacée est gardée dans ${bilan.ancienne} : supprimez-la vous-même une fois la restauration vérifiée.`
        : "  Il n'y avait pas de base à remplacer.",
    );
  }
  console.log('Démarrez le serveur, puis vérifiez les derniers débarras saisis et « Messages » (docs/exploitation.md).');
}

main().catch((erreur) => {
  console.error(erreur instanceof ErreurApplication ? erreur.message : erreur);
  process.exitCode = 1;
});
