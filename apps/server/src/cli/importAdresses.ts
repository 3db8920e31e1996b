import { parseArgs } from 'node:util';
import { lireConfig } from '../config.js';
import { ouvrirBase } from '../db/client.js';
import { ErreurApplication } from '../erreurs.js';
import { importerAdresses, lireCommunes } from '../modules/adresse/index.js';
import { libelles, perimetres } from '../modules/secteur/index.js';

const AIDE = `Import du registre des adresses (base : DATABASE_URL, sinon DATA_DIR).
Avec la base embarquée, arrêter le serveur avant d'utiliser cette commande.

  npm run import:adresses -- FICHIER [--communes 6621[,6601-6645…]]

FICHIER : la couche SITG CAD_ADRESSE en shapefile (.shp avec son .dbf), GeoJSON (.geojson) ou CSV,
ou le répertoire des adresses de bâtiments de swisstopo (CSV « ; » avec STN_LABEL, ZIP_LABEL…).
Les adresses sont ajoutées ou mises à jour selon leur identifiant (IDPADR, ADR_EGAID) ; relancer
l'import avec le même fichier ne change rien. Une seule ligne invalide et rien n'est importé.
--communes : ne garder que ces communes (numéros OFS), utile pour le fichier national de swisstopo.`;

const PAR = `cli:${process.env.USER ?? 'inconnu'}`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { communes: { type: 'string' }, aide: { type: 'boolean', short: 'h' } },
  });
  const [fichier] = positionals;
  if (values.aide || !fichier) return console.log(AIDE);
  const communes = values.communes ? lireCommunes(values.communes) : undefined;

  const base = await ouvrirBase(lireConfig());
  try {
    const debut = Date.now();
    const secteurs = { libelles, perimetres };
    const bilan = await importerAdresses(base.db, fichier, { par: PAR, secteurs, communes, annoncer: (m) => console.log(m) });
    const duree = ((Date.now() - debut) / 1000).toFixed(1);
    console.log(
      `Import terminé en ${duree} s : ${bilan.lues} adresses, ${bilan.inserees} nouvelles, ${bilan.modifiees} modifiées, ${bilan.inchangees} inchangées.`,
    );
  } finally {
    await base.fermer();
  }
}

main().catch((erreur) => {
  console.error(erreur instanceof ErreurApplication ? erreur.message : erreur);
  process.exitCode = 1;
});
