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
  mesures: Mesure<E>[];
  /** The p95 every measure must stay under, when the operation has a target. */
  p95MaxMs?: number;
  /** At most this many times the p50 of the last measure (the bare SQL) for the first (the API). */
  rapportMax?: number;
}

/** A group with its inputs bound: what the runner needs, whatever the inputs' type. */
export interface GroupePret {
  nom: string;
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
  fermer?: () => Promise<void>;
}

export function groupe<E>(g: Groupe<E>): GroupePret {
  return {
    nom: g.nom,
    p95MaxMs: g.p95MaxMs,
    rapportMax: g.rapportMax,
    async chronometrer() {
      const resultats: Resultat[] = [];
      for (const mesure of g.mesures) resultats.push(await chronometrer(mesure, g.entrees));
      return resultats;
    },
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

/** Times every input once after a warm-up pass (caches and plans as in a running server). */
async function chronometrer<E>(mesure: Mesure<E>, entrees: E[]): Promise<Resultat> {
  for (const entree of entrees.slice(0, 20)) await mesure.executer(entree);
  const durees: number[] = [];
  for (const entree of entrees) {
    const debut = performance.now();
    await mesure.executer(entree);
    durees.push(performance.now() - debut);
  }
  durees.sort((a, b) => a - b);
  return { nom: mesure.nom, n: durees.length, p50: centile(durees, 50), p95: centile(durees, 95), max: durees[durees.length - 1]! };
}
