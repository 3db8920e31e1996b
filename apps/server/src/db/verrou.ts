import { chmodSync, closeSync, lstatSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { formatDateHeure } from '@debarras/domain';
import { ErreurApplication } from '../erreurs.js';

/** The file that says which process holds the embedded database of a DATA_DIR. */
export const FICHIER_VERROU = 'debarras.verrou';

interface Detenteur {
  pid: number;
  hote: string;
  depuis: string;
  /**
   * Which process that pid was: the boot and the start of the process (Linux). A pid is reused once its
   * process is gone: a live process with another start is not the holder. Absent from older locks and
   * where /proc is not.
   */
  demarrage?: string;
}

export const VERROU_MESSAGES = {
  occupe: (dossier: string, d: Detenteur) =>
    `La base embarquée de ${dossier} est déjà ouverte par un autre processus (pid ${d.pid} sur ${d.hote}, depuis le ${formatDateHeure(new Date(d.depuis))}). ` +
    'Un seul processus peut l’ouvrir : arrêtez le serveur avant d’utiliser cette commande, ou donnez un autre DATA_DIR.',
  autreHote: (fichier: string) =>
    `Si ce processus n'existe plus (le dossier est partagé entre machines), supprimez ${fichier} puis recommencez.`,
} as const;

function vivant(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (erreur) {
    // EPERM: the process exists but belongs to another user
    return (erreur as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `<boot id>:<start time>` of process `pid`, read from /proc (Linux): the start time is in clock ticks
 * since the boot, so the boot's id tells a pid of an earlier boot apart. Undefined where it cannot be read.
 */
export function demarrageDe(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name, in parentheses, may hold spaces: the fields are counted after its last ')'; starttime is the 22nd
    const debut = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return boot && debut ? `${boot}:${debut}` : undefined;
  } catch {
    return undefined;
  }
}

function lire(fichier: string): Detenteur | undefined {
  try {
    const d = JSON.parse(readFileSync(fichier, 'utf8')) as Detenteur;
    return Number.isInteger(d.pid) && typeof d.hote === 'string' ? d : undefined;
  } catch {
    return undefined;
  }
}

/** The data directories this process holds: its own pid in a lock file is a previous run's unless listed here. */
const tenusIci = new Set<string>();

/**
 * A lock left by a process that is gone: the holder was this host's and is no longer running (a crash,
 * `kill -9`), or its pid now names another process (started at another time, or before a reboot), or is
 * this very process id (a container restarted as the same pid 1). An unreadable file is a write cut short.
 * A holder on another host cannot be checked: it holds; so does a live pid whose start cannot be compared.
 */
function perime(d: Detenteur | undefined, dossier: string): boolean {
  if (!d) return true;
  if (d.hote !== hostname()) return false;
  if (d.pid === process.pid) return !tenusIci.has(dossier);
  if (!vivant(d.pid)) return true;
  if (!d.demarrage) return false;
  const demarrage = demarrageDe(d.pid);
  return demarrage !== undefined && demarrage !== d.demarrage;
}

/**
 * Takes the embedded database of `dossier` for this process alone (docs/exploitation.md « Base
 * embarquée »): two processes on one PGlite data directory lose acknowledged writes. A stale lock is
 * taken over; a live one refuses with the holder named. Answers the release.
 */
export function prendreVerrou(repertoire: string): () => void {
  const dossier = path.resolve(repertoire);
  const fichier = path.join(dossier, FICHIER_VERROU);
  for (let essai = 0; essai < 2; essai++) {
    try {
      const fd = openSync(fichier, 'wx', 0o600);
      const detenteur: Detenteur = { pid: process.pid, hote: hostname(), depuis: new Date().toISOString() };
      const demarrage = demarrageDe(process.pid);
      if (demarrage) detenteur.demarrage = demarrage;
      writeSync(fd, JSON.stringify(detenteur));
      closeSync(fd);
      tenusIci.add(dossier);
      let libere = false;
      const liberer = () => {
        if (libere) return;
        libere = true;
        tenusIci.delete(dossier);
        process.off('exit', liberer);
        if (lire(fichier)?.pid === process.pid) rmSync(fichier, { force: true });
      };
      // an ordinary exit that skipped the close (an uncaught error) frees it too
      process.on('exit', liberer);
      return liberer;
    } catch (erreur) {
      if ((erreur as NodeJS.ErrnoException).code !== 'EEXIST') throw erreur;
      const detenteur = lire(fichier);
      if (!perime(detenteur, dossier)) {
        const message = VERROU_MESSAGES.occupe(dossier, detenteur!);
        throw new ErreurApplication(
          'ETAT_INVALIDE',
          detenteur!.hote === hostname() ? message : `${message} ${VERROU_MESSAGES.autreHote(fichier)}`,
        );
      }
      rmSync(fichier, { force: true });
    }
  }
  throw new ErreurApplication('ETAT_INVALIDE', `Le verrou ${fichier} n'a pas pu être pris.`);
}

/**
 * Files of the data directory readable by the server's account only (0600, folders 0700), whatever the
 * modes PGlite gave them: it creates its files 0666.
 */
export function restreindreDroits(dossier: string) {
  const parcourir = (chemin: string) => {
    const info = lstatSync(chemin);
    if (info.isSymbolicLink()) return;
    if (info.isDirectory()) {
      chmodSync(chemin, 0o700);
      for (const nom of readdirSync(chemin)) parcourir(path.join(chemin, nom));
    } else if ((info.mode & 0o777) !== 0o600) chmodSync(chemin, 0o600);
  };
  parcourir(dossier);
}
