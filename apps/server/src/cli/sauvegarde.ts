import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTaille, SAUVEGARDE_MESSAGES } from '@debarras/domain';
import { lireConfig } from '../config.js';
import { dossierPgdata } from '../db/client.js';
import { ecrireDumpPostgres, urlSansMotDePasse } from '../db/dump.js';
import { sauvegarderPgliteArretee } from '../db/restauration.js';
import { ErreurApplication, etatInvalide } from '../erreurs.js';
import { ecrireSauvegarde, nomSauvegarde, preparerDossier } from '../jobs/sauvegarde.js';

const AIDE = `Sauvegarde de la base de Débarras (base : DATABASE_URL, sinon DATA_DIR).

  npm run sauvegarde [-- FICHIER]

Sans FICHIER, la sauvegarde est écrite dans SAUVEGARDE_DIR (par défaut DATA_DIR/sauvegardes) sous le nom
debarras-AAAAMMJJ-HHMMSS.dump (PostgreSQL, format custom de pg_dump) ou .sql.gz (base embarquée, SQL compressé).
PostgreSQL : pg_dump, serveur en marche ou non (il faut le client PostgreSQL, paquet postgresql-client).
Base embarquée : le serveur doit être arrêté ; pour sauvegarder sans l'arrêter, lancer « Sauvegarde de la base »
depuis Technique › Tâches planifiées.
La commande ne supprime aucune sauvegarde ; restaurer : npm run restauration -- FICHIER.`;

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { aide: { type: 'boolean', short: 'h' } } });
  if (values.aide) return console.log(AIDE);
  const config = lireConfig();
  const url = config.databaseUrl;
  if (!url && !existsSync(dossierPgdata(config.dataDir))) throw etatInvalide(SAUVEGARDE_MESSAGES.sansBaseEmbarquee(config.dataDir));
  const maintenant = new Date();

  let fichier: string;
  if (positionals[0]) {
    // npm runs the script from the project's root: a relative name is the caller's
    fichier = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
    if (existsSync(fichier)) throw etatInvalide(SAUVEGARDE_MESSAGES.fichierExistant(fichier));
    await mkdir(path.dirname(fichier), { recursive: true });
  } else {
    await preparerDossier(config.sauvegardeDir);
    fichier = path.join(config.sauvegardeDir, nomSauvegarde(url ? 'postgresql' : 'pglite', maintenant));
  }

  console.log(
    url ? `Sauvegarde de la base PostgreSQL ${urlSansMotDePasse(url)}…` : `Sauvegarde de la base embarquée de ${config.dataDir}…`,
  );
  const octets = await ecrireSauvegarde(fichier, (partiel) =>
    url ? ecrireDumpPostgres(url, partiel) : sauvegarderPgliteArretee(config.dataDir, partiel),
  );
  const duree = ((Date.now() - maintenant.getTime()) / 1000).toFixed(1);
  console.log(`Sauvegarde écrite en ${duree} s : ${fichier} (${formatTaille(octets)}).`);
}

main().catch((erreur) => {
  console.error(erreur instanceof ErreurApplication ? erreur.message : erreur);
  process.exitCode = 1;
});
