import { performance } from 'node:perf_hooks';
import type { Base } from '../db/client.js';

/** One timed operation, run once per input. */
export interface Mesure<E> {
  nom: string;
  executer: (entree: E) => Promise<unknown>;
}

/**
 * Operations timed on the same inputs: what the API does, then the bare SQL it runs, so that the
 * cost of the layers above the database shows.
 */
export interface Groupe<E> {
  nom: string;
  entrees: E[];
  /** Inputs of the same kind run first, untimed: the code is warm, the timed inputs' data is not pre-read. */
  echauffement: E[];
  mesures: Mesure<E>[];
  /** The median every measure must stay under, when the target is on the typical run rather than the slow ones. */
  p50MaxMs?: number;
  /** The p95 every measure must stay under, when the operation has a target. */
  p95MaxMs?: number;
  /** At most this many times the p50 of the last measure (the bare SQL) for the first (the API). */
  rapportMax?: number;
}

/** A group with its inputs bound: what the runner needs, whatever the inputs' type. */
export interface GroupePret {
  nom: string;
  p50MaxMs: number | undefined;
  p95MaxMs: number | undefined;
  rapportMax: number | undefined;
  chronometrer: () => Promise<Resultat[]>;
}

/** A part of the bench: the data it loads into a fresh database, then the groups it times on it. */
export interface Section {
  nom: string;
  preparer: (base: Base) => Promise<Preparation>;
}

export interface Preparation {
  /** What was loaded, for the report. */
  donnees: string;
  groupes: GroupePret[];
  /** Checks that are not timings, run after the groups. */
  verifications?: Verification[];
  fermer?: () => Promise<void>;
}

/**
 * A target that is not a duration (the memory held after many renderings…): it answers the lines
 * to print and whether it held, which counts in the bench's verdict like a p95.
 */
export interface Verification {
  nom: string;
  verifier: () => Promise<{ lignes: string[]; tenue: boolean }>;
}

export function groupe<E>(g: Groupe<E>): GroupePret {
  return {
    nom: g.nom,
    p50MaxMs: g.p50MaxMs,
    p95MaxMs: g.p95MaxMs,
    rapportMax: g.rapportMax,
    chronometrer: () => chronometrer(g.mesures, g.entrees, g.echauffement),
  };
}

export interface Resultat {
  nom: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
}

const centile = (triees: number[], p: number) => triees[Math.min(triees.length - 1, Math.ceil((p / 100) * triees.length) - 1)]!;

/**
 * Times every measure once per input, after a warm-up pass of each: plans, pooled connections and
 * code as in a server that has been answering for a while (after 40 calls only, V8 has not yet
 * optimised the request path, and the API's p95 on the default list is 8–9 ms instead of 6). The
 * measures take turns on each input, in an order that alternates, so that none runs on caches the
 * other has just warmed, or in a quieter minute.
 */
async function chronometrer<E>(mesures: Mesure<E>[], entrees: E[], echauffement: E[]): Promise<Resultat[]> {
  for (const mesure of mesures) for (const entree of echauffement) await mesure.executer(entree);
  const durees = mesures.map((): number[] => []);
  for (const [i, entree] of entrees.entries()) {
    const ordre = i % 2 ? [...mesures.keys()].reverse() : [...mesures.keys()];
    for (const m of ordre) {
      const debut = performance.now();
      await mesures[m]!.executer(entree);
      durees[m]!.push(performance.now() - debut);
    }
  }
  return mesures.map((mesure, m) => {
    const triees = durees[m]!.sort((a, b) => a - b);
    return { nom: mesure.nom, n: triees.length, p50: centile(triees, 50), p95: centile(triees, 95), max: triees[triees.length - 1]! };
  });
}
