import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, Worker } from 'node:worker_threads';
import type { CodeErreur } from '@debarras/domain';
import { ErreurApplication } from '../erreurs.js';

/**
 * Renderings too heavy for the event loop (docs/performance.md « Aucune requête ne bloque les
 * autres ») run in a worker thread: while it works, the server goes on answering everyone else.
 * One worker per `travailleur()` (the documents share one), started at the first job and kept; jobs
 * wait their turn, one at a time, so that two of them never share the two cores with the requests.
 */

interface Demande {
  id: number;
  entree: unknown;
  /** Rather than a job: the worker's live heap, once collected (the bench's leak check). */
  tas?: true;
}
type Reponse =
  { id: number; sortie: unknown } | { id: number; refus: { code: CodeErreur; message: string } } | { id: number; echec: string };

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
 * next job). The worker's module is `module` (no extension) next to the caller, whose
 * `import.meta.url` gives the extension: `.js` once built, `.ts` under the tests.
 */
export function travailleur<E, S>(appelant: string, module: string) {
  const script = new URL(`${module}${appelant.slice(appelant.lastIndexOf('.'))}`, appelant);
  let worker: Worker | undefined;
  let enCours: Tache | undefined;
  const attente: Tache[] = [];
  let suivant = 0;

  const finir = (tache: Tache, issue: () => void) => {
    if (enCours === tache) enCours = undefined;
    issue();
    lancer();
  };

  function ouvrir(): Worker {
    const w = demarrer(script);
    w.on('message', (r: Reponse) => {
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
  }

  return {
    executer: (entree: E) =>
      new Promise<S>((ok, ko) => {
        attente.push({ id: ++suivant, entree, ok: ok as (sortie: unknown) => void, ko });
        lancer();
      }),
    /** The worker's heap in bytes after two full collections, in its turn among the jobs (0 before the first job). */
    tas: () =>
      new Promise<number>((ok, ko) => {
        if (!worker && !enCours) return ok(0);
        attente.push({ id: ++suivant, entree: undefined, tas: true, ok: ok as (sortie: unknown) => void, ko });
        lancer();
      }),
    /** Ends the worker, e.g. when the server closes; a later job starts another one. */
    async fermer() {
      const w = worker;
      worker = undefined;
      const abandonnees = [...(enCours ? [enCours] : []), ...attente.splice(0)];
      enCours = undefined;
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
}

/** `global.gc`, even when node was started without --expose-gc: a flag set now shows it in a new context. */
function ramasseMiettes(): () => void {
  if (globalThis.gc) return globalThis.gc;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}
