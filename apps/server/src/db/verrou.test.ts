import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ouvrirPglite } from './client.js';
import { demarrageDe, FICHIER_VERROU } from './verrou.js';

const nouveauDossier = () => mkdtempSync(path.join(tmpdir(), 'debarras-verrou-'));

/** A first opening from the run's migrated template (test/modele.ts): the lock is the same, without an initdb each time. */
function ouvrirNeuve(dossier: string) {
  const modele = inject('modeleBase');
  if (modele.moteur !== 'pglite') throw new Error('base embarquée seulement');
  return ouvrirPglite(dossier, { modele: new Blob([readFileSync(modele.fichier)]) });
}

/** Every file and folder under `dossier` with its permission bits. */
function droits(dossier: string): Array<[string, number]> {
  const trouves: Array<[string, number]> = [];
  const parcourir = (chemin: string) => {
    const info = statSync(chemin);
    trouves.push([chemin, info.mode & 0o777]);
    if (info.isDirectory()) for (const nom of readdirSync(chemin)) parcourir(path.join(chemin, nom));
  };
  parcourir(dossier);
  return trouves;
}

// the embedded database only, whatever TEST_DATABASE_URL: the PostgreSQL run of the suite would only repeat it
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('base embarquée : un seul processus par DATA_DIR', { timeout: 60_000 }, () => {
  it('refuse une seconde ouverture du même dossier, en nommant le processus qui le tient, puis la permet une fois fermée', async () => {
    const dossier = nouveauDossier();
    const premiere = await ouvrirNeuve(dossier);
    try {
      await expect(ouvrirPglite(dossier)).rejects.toThrow(
        new RegExp(
          `^La base embarquée de ${dossier.replace(/[/.]/g, '\\$&')} est déjà ouverte par un autre processus \\(pid ${process.pid} sur `,
        ),
      );
    } finally {
      await premiere.fermer();
    }
    const seconde = await ouvrirPglite(dossier);
    await seconde.fermer();
  });

  it("reprend le verrou laissé par un processus mort (kill -9), pas celui d'un processus vivant", async () => {
    const dossier = nouveauDossier();
    const mort = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => mort.on('exit', r));
    writeFileSync(
      path.join(dossier, FICHIER_VERROU),
      JSON.stringify({ pid: mort.pid, hote: hostname(), depuis: new Date().toISOString() }),
    );
    const base = await ouvrirNeuve(dossier);
    await base.fermer();

    const vivant = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(
        path.join(dossier, FICHIER_VERROU),
        JSON.stringify({ pid: vivant.pid, hote: hostname(), depuis: new Date().toISOString() }),
      );
      await expect(ouvrirPglite(dossier)).rejects.toThrow(`(pid ${vivant.pid} sur ${hostname()}`);
    } finally {
      vivant.kill('SIGKILL');
    }
  });

  it("reprend le verrou d'un processus mort dont le pid sert maintenant à un autre processus, pas celui du processus qui le tient", async () => {
    const dossier = nouveauDossier();
    // the lock's own process, still running: the start written in the lock is its own
    const base = await ouvrirNeuve(dossier);
    const ecrit = JSON.parse(readFileSync(path.join(dossier, FICHIER_VERROU), 'utf8')) as { pid: number; demarrage?: string };
    expect(ecrit).toMatchObject({ pid: process.pid, demarrage: demarrageDe(process.pid) });
    await base.fermer();

    // a dead server's lock whose pid now names a live process of this host, started later
    const autre = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const [boot] = demarrageDe(autre.pid!)!.split(':');
      writeFileSync(
        path.join(dossier, FICHIER_VERROU),
        JSON.stringify({ pid: autre.pid, hote: hostname(), depuis: new Date().toISOString(), demarrage: `${boot}:1` }),
      );
      const reprise = await ouvrirPglite(dossier);
      await reprise.fermer();

      // the same pid with its own start: that process holds the database
      writeFileSync(
        path.join(dossier, FICHIER_VERROU),
        JSON.stringify({ pid: autre.pid, hote: hostname(), depuis: new Date().toISOString(), demarrage: demarrageDe(autre.pid!) }),
      );
      await expect(ouvrirPglite(dossier)).rejects.toThrow(`(pid ${autre.pid} sur ${hostname()}`);
    } finally {
      autre.kill('SIGKILL');
    }
  });

  it('laisse les fichiers de données au seul compte du serveur : fichiers 0600, dossiers 0700', async () => {
    const dossier = nouveauDossier();
    const base = await ouvrirNeuve(dossier);
    await base.db.execute('create table essai (n int)');
    for (const [chemin, mode] of droits(dossier)) expect([chemin, mode]).toEqual([chemin, statSync(chemin).isDirectory() ? 0o700 : 0o600]);
    await base.fermer();
    for (const [chemin, mode] of droits(dossier)) expect([chemin, mode]).toEqual([chemin, statSync(chemin).isDirectory() ? 0o700 : 0o600]);
  });

  it('fait échouer aussitôt une commande lancée sur un DATA_DIR tenu, avec le message en français', async () => {
    const dossier = nouveauDossier();
    const base = await ouvrirNeuve(dossier);
    try {
      const script = path.resolve(import.meta.dirname, '..', '..', 'dist', 'cli', 'users.js');
      let sortie = '';
      try {
        execFileSync(process.execPath, [script, 'list'], { env: { ...process.env, DATA_DIR: dossier, DATABASE_URL: '' }, stdio: 'pipe' });
      } catch (erreur) {
        sortie = String((erreur as { stderr: Buffer }).stderr);
        expect((erreur as { status: number }).status).toBe(1);
      }
      expect(sortie).toContain('est déjà ouverte par un autre processus');
      expect(sortie).toContain('arrêtez le serveur avant d’utiliser cette commande');
    } finally {
      await base.fermer();
    }
  });
});
