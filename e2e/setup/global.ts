import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { construireApp } from '../../apps/server/src/app.js';
import { lireConfig } from '../../apps/server/src/config.js';
import { horlogeFixee } from '../../apps/server/src/horloge.js';
import { ouvrirPglite } from '../../apps/server/src/db/client.js';
import { semerComptesDemo, semerDonneesDemo } from '../../apps/server/src/seed/demo.js';
import { semerReference } from '../../apps/server/src/seed/reference.js';
import { planifierLevees } from '../../apps/server/src/jobs/planification.js';
import { journaliserEchec } from '../../apps/server/src/modules/logEvenement/service.js';
import { DOMAINES_EVENEMENT } from '@debarras/domain';
import { MOT_DE_PASSE_E2E } from '../lib/comptes.js';
import { dansE2e, INSTANT_E2E, JOUR_E2E } from '../lib/horloge.js';

declare module 'vitest' {
  export interface ProvidedContext {
    urlApplication: string;
    /** Where the server writes each e-mail as an .eml file (no SMTP under test): the online booking's links. */
    dossierCourriels: string;
  }
}

/**
 * One server for the whole end-to-end run: the built web app (apps/web/dist) and the API on a
 * fresh embedded database seeded as a first start would be, on a free port.
 */
export default async function demarrer(projet: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'debarras-e2e-'));
  // the port is known before the app is built: the links of the e-mails start with PUBLIC_URL, which names it
  const port = await portLibre();
  const config = lireConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}/webdeb/`,
  });
  const horloge = horlogeFixee(INSTANT_E2E);
  const base = await ouvrirPglite(dataDir);
  await semerReference(base.db);
  // hashed cheaply, as the API tests' accounts: some seventy journeys sign in, each a verification in the chain that
  // the browser waits on (utilisateur.test.ts checks the production cost)
  await semerComptesDemo(base.db, MOT_DE_PASSE_E2E, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await semerDonneesDemo(base.db, horloge.maintenant());
  await planifierLeveesDepuisDeuxSemaines(base.db);
  // A failed run, as the messages screen must show one in red (a fresh start has only successes).
  await journaliserEchec(
    base.db,
    DOMAINES_EVENEMENT.import,
    'Import des adresses en échec : fichier introuvable (jeu de test de bout en bout).',
  );
  // E2E_DOSSIER_WEB: a build of one's own, when several people build the web app at once
  const app = await construireApp({ config, base, horloge, dossierWeb: process.env.E2E_DOSSIER_WEB || undefined });
  const adresse = await app.listen({ port: config.port, host: config.host });
  projet.provide('urlApplication', `${adresse}${config.basePath}`);
  projet.provide('dossierCourriels', path.join(dataDir, 'courriels'));
  return async () => {
    await app.close();
    await base.fermer();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** A port no one listens on now, from the system. */
function portLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const serveur = createServer();
    serveur.once('error', reject);
    serveur.listen(0, '127.0.0.1', () => {
      const { port } = serveur.address() as AddressInfo;
      serveur.close(() => resolve(port));
    });
  });
}

/**
 * The standard rounds as the planning job makes them, but as if it had also run two weeks ago:
 * the levée journeys need past ACTIF rounds to archive.
 */
async function planifierLeveesDepuisDeuxSemaines(db: Parameters<typeof planifierLevees>[0]) {
  await planifierLevees(db, dansE2e(-14));
  await planifierLevees(db, JOUR_E2E);
}
