import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, Worker } from 'node:worker_threads';
import { IMPRESSION_MESSAGES, type CodeErreur } from '@debarras/domain';
import { ErreurApplication } from '../erreurs.js';

/**
 * Renderings too heavy for the event loop (docs/performance.md « Aucune requête ne bloque les
 * autres ») run in a worker thread: while it works, the server goes on answering everyone else.
 * One worker per `travailleur()` (the documents share one), started at the first job and kept; jobs
 * wait their turn, one at a time, so that two of them never share the two cores with the requests.
 * A job that never ends (pdfmake can loop forever on a page break) must not hold the queue: past its
 * time limit its worker is ended and the next job gets a new one; and the queue itself is bounded.
 */

/** How long one job may run in a ready worker before it is ended (docs/performance.md « Aucune requête ne bloque les autres »). */
export const DELAI_RENDU_MS = 60_000;
/** How many jobs may wait behind the running one; any more are refused at once. */
export const ATTENTE_MAX = 20;

export interface OptionsTravailleur {
  delaiMs?: number;
  attenteMax?: number;
}

interface Demande {
  id: number;
  entree: unknown;
  /** Rather than a job: the worker's live heap, once collected (the bench's leak check). */
  tas?: true;
}
type Reponse =
  /** Sent once, when the worker has loaded its module and listens: a job's time limit starts from there. */
  | { pret: true }
  | { id: number; sortie: unknown }
  | { id: number; refus: { code: CodeErreur; message: string } }
  | { id: number; echec: string };

interface Tache {
  id: number;
  entree: unknown;
  tas?: true;
  ok: (sortie: unknown) => void;
  ko: (erreur: Error) => void;
}

/**
 * The worker's script as Node can start it: the compiled `.js` in production; under the tests,
 * which run the TypeScript sources, the `.ts` through tsx's loader (registered before the script
 * loads, which `--import` in a worker's options does too late), with the domain's sources.
 */
function demarrer(script: URL): Worker {
  if (script.pathname.endsWith('.js')) return new Worker(script);
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(code, { eval: true, execArgv: ['--conditions=source'] });
}

/**
 * The main thread's side: `executer(entree)` resolves with the worker's answer, rejects with the
 * ErreurApplication it refused with, or an Error when it failed or died (it is started again at the
 * next job); past `delaiMs` of work, or with `attenteMax` jobs already waiting, it rejects with
 * INDISPONIBLE (503: try again in a moment). The worker's module is `module` (no extension) next to the caller, whose
 * `import.meta.url` gives the extension: `.js` once built, `.ts` under the tests.
 */
export function travailleur<E, S>(
  appelant: string,
  module: string,
  { delaiMs = DELAI_RENDU_MS, attenteMax = ATTENTE_MAX }: OptionsTravailleur = {},
) {
  const script = new URL(`${module}${appelant.slice(appelant.lastIndexOf('.'))}`, appelant);
  let worker: Worker | undefined;
  /** Whether `worker` has loaded its module: its start (the libraries, the fonts) is not counted in a job's time. */
  let pret = false;
  let enCours: Tache | undefined;
  let minuteur: NodeJS.Timeout | undefined;
  const attente: Tache[] = [];
  let suivant = 0;

  const finir = (tache: Tache, issue: () => void) => {
    if (enCours === tache) {
      enCours = undefined;
      clearTimeout(minuteur);
      minuteur = undefined;
    }
    issue();
    lancer();
  };

  /** The running job's time limit, from the moment a ready worker has it. */
  function armer() {
    const tache = enCours;
    const w = worker;
    if (!tache || !w || !pret || minuteur) return;
    minuteur = setTimeout(() => {
      if (enCours !== tache) return;
      // forgotten first, so that its 'exit' is not read as a crash and the next job starts a new one
      worker = undefined;
      void w.terminate();
      finir(tache, () => tache.ko(new ErreurApplication('INDISPONIBLE', IMPRESSION_MESSAGES.compositionTropLongue)));
    }, delaiMs);
  }

  function ouvrir(): Worker {
    const w = demarrer(script);
    pret = false;
    w.on('message', (r: Reponse) => {
      if ('pret' in r) {
        if (worker !== w) return;
        pret = true;
        armer();
        return;
      }
      const tache = enCours;
      if (!tache || tache.id !== r.id) return;
      if ('sortie' in r) finir(tache, () => tache.ok(r.sortie));
      else if ('refus' in r) finir(tache, () => tache.ko(new ErreurApplication(r.refus.code, r.refus.message)));
      else finir(tache, () => tache.ko(new Error(r.echec)));
    });
    // a crash (an exception thrown in a callback of a library…) ends the worker, never the server
    const perdu = (erreur: Error) => {
      if (worker !== w) return;
      worker = undefined;
      const tache = enCours;
      if (tache) finir(tache, () => tache.ko(erreur));
    };
    w.on('error', perdu);
    w.on('exit', (code) => perdu(new Error(`Le fil de rendu s'est arrêté (code ${code}).`)));
    return w;
  }

  function lancer() {
    if (enCours) return;
    const tache = attente.shift();
    if (!tache) {
      // idle, it keeps no process alive (the tests, a server shutting down)
      worker?.unref();
      return;
    }
    enCours = tache;
    worker ??= ouvrir();
    worker.ref();
    worker.postMessage({ id: tache.id, entree: tache.entree, ...(tache.tas ? { tas: true } : {}) } satisfies Demande);
    armer();
  }

  /** In the queue, unless it is full: a flood of documents is refused rather than left waiting for minutes. */
  function ajouter(tache: Omit<Tache, 'id'>) {
    if (attente.length >= attenteMax) return tache.ko(new ErreurApplication('INDISPONIBLE', IMPRESSION_MESSAGES.tropDeDocuments));
    attente.push({ id: ++suivant, ...tache });
    lancer();
  }

  return {
    executer: (entree: E) => new Promise<S>((ok, ko) => ajouter({ entree, ok: ok as (sortie: unknown) => void, ko })),
    /** The worker's heap in bytes after two full collections, in its turn among the jobs (0 before the first job). */
    tas: () =>
      new Promise<number>((ok, ko) => {
        if (!worker && !enCours) return ok(0);
        ajouter({ entree: undefined, tas: true, ok: ok as (sortie: unknown) => void, ko });
      }),
    /** Ends the worker, e.g. when the server closes; a later job starts another one. */
    async fermer() {
      const w = worker;
      worker = undefined;
      const abandonnees = [...(enCours ? [enCours] : []), ...attente.splice(0)];
      enCours = undefined;
      clearTimeout(minuteur);
      minuteur = undefined;
      for (const t of abandonnees) t.ko(new Error("Le fil de rendu a été fermé avant d'avoir fini."));
      await w?.terminate();
    },
  };
}

/**
 * The worker's side: answers each job with `rendre`'s result, its ErreurApplication as a refusal,
 * any other error as a failure. `transfert` names the buffers handed over rather than copied.
 */
export function servir<E, S>(rendre: (entree: E) => Promise<S>, transfert: (sortie: S) => ArrayBuffer[] = () => []) {
  const port = parentPort;
  if (!port) throw new Error('servir() se lance dans un fil de travail (node:worker_threads).');
  port.on('message', async ({ id, entree, tas }: Demande) => {
    let reponse: Reponse;
    let aTransferer: ArrayBuffer[] = [];
    if (tas) {
      const gc = ramasseMiettes();
      gc();
      await new Promise((suite) => setImmediate(suite));
      gc();
      port.postMessage({ id, sortie: process.memoryUsage().heapUsed } satisfies Reponse);
      return;
    }
    try {
      const sortie = await rendre(entree as E);
      reponse = { id, sortie };
      aTransferer = transfert(sortie);
    } catch (erreur) {
      reponse =
        erreur instanceof ErreurApplication
          ? { id, refus: { code: erreur.code, message: erreur.message } }
          : { id, echec: erreur instanceof Error ? erreur.message : String(erreur) };
    }
    port.postMessage(reponse, aTransferer);
  });
  port.postMessage({ pret: true } satisfies Reponse);
}

/** `global.gc`, even when node was started without --expose-gc: a flag set now shows it in a new context. */
function ramasseMiettes(): () => void {
  if (globalThis.gc) return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
