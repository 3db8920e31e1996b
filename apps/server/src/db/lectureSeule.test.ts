import type * as Fs from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ErreurApplication } from '../erreurs.js';
import { DOSSIER_MESSAGES, ouvrirPglite } from './client.js';

/**
 * A read-only mount, as the server's code sees it: every write under one of these folders fails as Node
 * fails it there (EROFS), and so does asking whether it may write. Root writes anywhere a chmod allows,
 * and a test cannot mount: the system calls are simulated, everything else is the real file system.
 */
const lectureSeule = vi.hoisted(() => new Set<string>());

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof Fs>();
  const touche = (chemin: unknown) => [...lectureSeule].some((d) => String(chemin) === d || String(chemin).startsWith(`${d}/`));
  const refuser = (appel: string, chemin: unknown) =>
    Object.assign(new Error(`EROFS: read-only file system, ${appel} '${String(chemin)}'`), {
      code: 'EROFS',
      errno: -30,
      syscall: appel,
      path: String(chemin),
    });
  const ecriture = (chemin: unknown, drapeaux: unknown) => typeof drapeaux === 'string' && /[wa+]/.test(drapeaux) && touche(chemin);
  const remplacees = {
    accessSync: (chemin: Fs.PathLike, mode?: number) => {
      if (mode !== undefined && mode & fs.constants.W_OK && touche(chemin)) throw refuser('access', chemin);
      return fs.accessSync(chemin, mode);
    },
    openSync: (chemin: Fs.PathLike, drapeaux?: Fs.OpenMode, mode?: Fs.Mode | null) => {
      if (ecriture(chemin, drapeaux)) throw refuser('open', chemin);
      return fs.openSync(chemin, drapeaux ?? 'r', mode);
    },
    mkdirSync: ((chemin: Fs.PathLike, options?: Fs.MakeDirectoryOptions) => {
      // what Node's recursive mkdir answers under a read-only mount: not EROFS
      if (touche(chemin) && !fs.existsSync(chemin)) {
        throw Object.assign(refuser('mkdir', chemin), {
          code: 'ENOENT',
          errno: -2,
          message: `ENOENT: no such file or directory, mkdir '${String(chemin)}'`,
        });
      }
      return fs.mkdirSync(chemin, options);
    }) as typeof Fs.mkdirSync,
  };
  return { ...fs, ...remplacees, default: { ...fs, ...remplacees } };
});

describe('base embarquée : un DATA_DIR en lecture seule', () => {
  it('arrête le démarrage sur une ligne en français qui nomme le dossier, sans trace de pile', async () => {
    const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-lecture-seule-'));
    lectureSeule.add(dossier);
    const erreur = await ouvrirPglite(dossier).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(erreur).toBeInstanceOf(ErreurApplication);
    expect((erreur as ErreurApplication).message).toBe(DOSSIER_MESSAGES.lectureSeule(dossier));
  });

  it('dit de même quand DATA_DIR n’existe pas encore et que son dossier parent est en lecture seule', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'debarras-lecture-seule-'));
    lectureSeule.add(parent);
    const dossier = path.join(parent, 'donnees');
    await expect(ouvrirPglite(dossier)).rejects.toThrow(DOSSIER_MESSAGES.lectureSeule(dossier));
  });
});
