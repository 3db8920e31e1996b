import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLES } from '@debarras/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ouvrirPglite } from '../db/client.js';
import { session } from '../db/schema.js';
import { sessionActive } from '../modules/session/index.js';
import { ajouterUtilisateur } from '../modules/utilisateur/index.js';

/**
 * `npm run users` itself, run as the operator runs it, on an embedded database of its own (the command
 * reaches no database in the test's memory). Sessions are written in the table and checked as each request
 * checks them. Slow (each start of the command or of the database takes seconds): one test, one database opening
 * per step.
 */
/** The built command, as `npm run users` runs it (`npm test` builds the server before the unit tests, as arretBrutal.test.ts needs). */
const CLI = fileURLToPath(new URL('../../dist/cli/users.js', import.meta.url));
const RACINE = fileURLToPath(new URL('../../../../', import.meta.url));
const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-users-'));
const USERNAME = 'mdupont';

const users = (...args: string[]) =>
  promisify(execFile)(process.execPath, [CLI, ...args], {
    cwd: RACINE,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dossier, DATABASE_URL: '' },
  });

let idUtilisateur: number;

const jetons: string[] = [];

/**
 * Opens the data directory (the command must not be running: one process per directory), answers how many of the
 * sessions opened so far still let their browser in, and opens `nouvelles` more (as a sign-in writes them); each
 * opening costs seconds: one per step.
 */
async function sessionsOuvertes(nouvelles: string[] = []): Promise<number> {
  const base = await ouvrirPglite(dossier);
  try {
    let ouvertes = 0;
    for (const jeton of jetons) if (await sessionActive(base.db, jeton, 24 * 3_600_000)) ouvertes++;
    for (const jeton of nouvelles) {
      const idSession = createHash('sha256').update(jeton).digest('hex');
      await base.db.insert(session).values({ idSession, idUtilisateur, adresseIp: '192.0.2.1' });
      jetons.push(jeton);
    }
    return ouvertes;
  } finally {
    await base.fermer();
  }
}

afterAll(() => rmSync(dossier, { recursive: true, force: true }));

// the command always runs on its own embedded database: the PostgreSQL run of the suite would only repeat it
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run users', () => {
  beforeAll(async () => {
    const modele = inject('modeleBase');
    const base = await ouvrirPglite(dossier, modele.moteur === 'pglite' ? { modele: new Blob([readFileSync(modele.fichier)]) } : {});
    try {
      const u = await ajouterUtilisateur(
        base.db,
        { username: USERNAME, displayName: 'Marie Dupont', roles: [ROLES.LECTURE], motDePasse: 'ancien-mdp' },
        'test',
        { memoryCost: 1024, timeCost: 1, parallelism: 1 },
      );
      idUtilisateur = u.idUtilisateur;
    } finally {
      await base.fermer();
    }
  }, 120_000);

  it('passwd ferme toutes les sessions de l’utilisateur ; disable aussi, et enable n’en rend aucune', { timeout: 180_000 }, async () => {
    expect(await sessionsOuvertes(['a'.repeat(64), 'b'.repeat(64)])).toBe(0);
    expect(await sessionsOuvertes()).toBe(2);
    const { stdout } = await users('passwd', USERNAME, '--mot-de-passe', 'nouveau-mdp');
    expect(stdout).toContain(`Mot de passe de « ${USERNAME} » changé.`);
    expect(await sessionsOuvertes(['c'.repeat(64)])).toBe(0);
    await users('disable', USERNAME);
    expect((await users('enable', USERNAME)).stdout).toContain(`Utilisateur « ${USERNAME} » réactivé.`);
    expect(await sessionsOuvertes()).toBe(0);
  });
});
