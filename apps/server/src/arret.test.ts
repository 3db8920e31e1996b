import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { lancerServeur, MAIN, ouvrirSession } from './processusServeur.js';

/**
 * A clean stop (docs/exploitation.md « Arrêt et redémarrage »): SIGTERM during an export lets it finish, then the
 * process exits 0; a second SIGTERM exits at once. Runs the built server (`tsc -b apps/server`, as `npm test` does
 * first), on the embedded database.
 */
const MOT_DE_PASSE = 'arret-propre-1234';
const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-arret-'));
let serveur: ChildProcess | undefined;

afterAll(() => {
  serveur?.kill('SIGKILL');
  rmSync(dossier, { recursive: true, force: true });
});

const demarrer = (port: number) =>
  lancerServeur(port, { DATA_DIR: dossier, DEMO_PASSWORD: MOT_DE_PASSE, REQUETES_PAR_MINUTE: '0', ARRET_DELAI_SECONDES: '8' }).then(
    (lance) => {
      serveur = lance.processus;
      return lance;
    },
  );

const connecter = (api: string, username: string) => ouvrirSession(api, username, MOT_DE_PASSE);

/** Waits for the jobs the start ran (the night's catch-up) to end: none EN_COURS any more. */
async function tachesFinies(api: string) {
  const cookie = await connecter(api, 'technique');
  for (let essai = 0; essai < 240; essai++) {
    const corps = await (await fetch(`${api}/tache`, { headers: { cookie } })).text();
    if (!corps.includes('"EN_COURS"')) return;
    await new Promise((ok) => setTimeout(ok, 500));
  }
  throw new Error('les tâches du démarrage ne finissent pas');
}

async function exportEnCours(api: string) {
  const cookie = await connecter(api, 'gestion');
  // the answer's headers: its first batch is read, the rest streams
  const reponse = await fetch(`${api}/debarras/export/`, { headers: { cookie } });
  expect(reponse.status).toBe(200);
  return reponse;
}

describe('arrêt du serveur', () => {
  it.skipIf(!existsSync(MAIN))(
    'termine l’export en cours après SIGTERM, puis sort avec le code 0 ; un second SIGTERM sort aussitôt',
    async () => {
      const port = 21_000 + (process.pid % 20_000);
      // the first start seeds the demo and runs the night's jobs (the backup holds the embedded engine a while): done once
      const initial = await demarrer(port);
      await tachesFinies(initial.api);
      initial.processus.kill('SIGTERM');
      await initial.fin;

      const premier = await demarrer(port);
      const reponse = await exportEnCours(premier.api);
      premier.processus.kill('SIGTERM');
      const classeur = new ExcelJS.Workbook();
      await classeur.xlsx.load(await reponse.arrayBuffer());
      expect(classeur.worksheets[0]!.rowCount).toBeGreaterThan(100);
      expect(await premier.fin, premier.sortie()).toBe(0);

      const second = await demarrer(port);
      const enCours = await exportEnCours(second.api);
      const debut = Date.now();
      second.processus.kill('SIGTERM');
      // two signals sent together are one for the system: the second while the export is still being sent
      await new Promise((ok) => setTimeout(ok, 200));
      second.processus.kill('SIGTERM');
      expect(await second.fin, second.sortie()).toBe(1);
      expect(second.sortie()).toContain('Second SIGTERM : arrêt immédiat.');
      expect(Date.now() - debut).toBeLessThan(5_000);
      await enCours.arrayBuffer().catch(() => undefined);
    },
    240_000,
  );
});
