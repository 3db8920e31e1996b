import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { OPERATIONS_FICHIER, RAISONS_FICHIER, SAUVEGARDE_MESSAGES } from '@debarras/domain';
import type { Base } from '../db/client.js';
import { EXTENSION_DUMP, horodatage } from '../db/dump.js';
import { etatInvalide } from '../erreurs.js';
import { joursSauvegarde } from '../modules/parametre/index.js';

/** What a dump being written is called until it is whole. */
const PARTIEL = '.partiel';
/** A dump this application names, whole or cut short by a crash: its mark, then the engine's extension. */
const NOM_SAUVEGARDE = /^debarras-(\d{8}-\d{6})\.(?:sql\.gz|dump)(?:\.partiel)?$/;
const JOUR_MS = 24 * 60 * 60 * 1000;

/** `debarras-YYYYMMDD-HHMMSS.sql.gz` (PGlite) or `.dump` (PostgreSQL), Geneva's wall clock. */
export const nomSauvegarde = (moteur: Base['moteur'], instant: Date) => `debarras-${horodatage(instant)}.${EXTENSION_DUMP[moteur]}`;

/**
 * A file system failure said in French, as the job's outcome and the command line show it: the operation, the path the
 * system names (a parent, when it is the one that failed) and the cause (docs/exploitation.md « Sauvegarde et
 * restauration »). Anything else passes as it is.
 */
export function enClair(erreur: unknown, dossier?: string): unknown {
  const e = erreur as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || typeof e.path !== 'string' || !e.syscall) return erreur;
  const operation = OPERATIONS_FICHIER[e.syscall] ?? `Opération ${e.syscall} sur`;
  const raison = RAISONS_FICHIER[e.code] ?? e.message;
  const texte = SAUVEGARDE_MESSAGES.systeme(operation, e.path, raison, e.code);
  return etatInvalide(
    dossier && path.resolve(e.path) !== path.resolve(dossier) ? texte + SAUVEGARDE_MESSAGES.pourLeDossier(dossier) : texte,
  );
}

/** The dumps' folder, created if need be, for the server's account alone (0700): a dump holds every requester's data. */
export async function preparerDossier(dossier: string): Promise<void> {
  try {
    await mkdir(dossier, { recursive: true, mode: 0o700 });
    await chmod(dossier, 0o700);
  } catch (erreur) {
    throw enClair(erreur, dossier);
  }
}

async function synchroniser(chemin: string) {
  const f = await open(chemin, 'r');
  try {
    await f.sync();
  } finally {
    await f.close();
  }
}

/**
 * Writes a dump under its final name only once it is whole and on disk: `ecrire` fills `<fichier>.partiel`, which
 * is then flushed and renamed, so that a crash never leaves a half dump under a dump's name. A failure removes the
 * partial file. Answers the dump's size in bytes.
 */
export async function ecrireSauvegarde(fichier: string, ecrire: (partiel: string) => Promise<void>): Promise<number> {
  const partiel = fichier + PARTIEL;
  try {
    await ecrire(partiel);
    await synchroniser(partiel);
    await rename(partiel, fichier);
  } catch (erreur) {
    // the cause is the write's: a failed clean-up (the partial name taken by a folder, say) must not hide it
    await rm(partiel, { force: true }).catch(() => undefined);
    throw enClair(erreur);
  }
  try {
    await synchroniser(path.dirname(fichier));
    return (await stat(fichier)).size;
  } catch (erreur) {
    throw enClair(erreur);
  }
}

/**
 * Deletes the dumps of `dossier` taken more than `jours` days before `maintenant`, by the mark of their name (a
 * copy keeps it, whatever its file date); the partial files a crash left go with them, uncounted. Any other file
 * stays. Answers how many dumps were deleted.
 */
export async function supprimerAnciennes(dossier: string, jours: number, maintenant: Date): Promise<number> {
  const limite = horodatage(new Date(maintenant.getTime() - jours * JOUR_MS));
  let supprimees = 0;
  for (const entree of await readdir(dossier, { withFileTypes: true })) {
    const marque = entree.isFile() ? NOM_SAUVEGARDE.exec(entree.name)?.[1] : undefined;
    if (!marque || marque >= limite) continue;
    await rm(path.join(dossier, entree.name), { force: true });
    if (!entree.name.endsWith(PARTIEL)) supprimees++;
  }
  return supprimees;
}

export interface BilanSauvegarde {
  dossier: string;
  fichier: string;
  octets: number;
  supprimees: number;
  jours: number;
}

/**
 * The « Sauvegarde » job (docs/exploitation.md « Sauvegarde et restauration »): a dump of the database in use
 * into `dossier`, then, once it is written, the deletion of the dumps older than `sauvegarde.jours` days. A failed
 * dump deletes nothing.
 */
export async function executerSauvegarde(base: Base, dossier: string, maintenant: Date): Promise<BilanSauvegarde> {
  await preparerDossier(dossier);
  const fichier = nomSauvegarde(base.moteur, maintenant);
  const octets = await ecrireSauvegarde(path.join(dossier, fichier), (partiel) => base.sauvegarder(partiel));
  const jours = await joursSauvegarde(base.db);
  try {
    return { dossier, fichier, octets, supprimees: await supprimerAnciennes(dossier, jours, maintenant), jours };
  } catch (erreur) {
    const clair = enClair(erreur);
    throw etatInvalide(SAUVEGARDE_MESSAGES.gardeEnEchec(fichier, clair instanceof Error ? clair.message : String(clair)));
  }
}

export const bilanSauvegarde = (b: BilanSauvegarde) => SAUVEGARDE_MESSAGES.bilan(b.dossier, b.fichier, b.octets, b.supprimees, b.jours);
