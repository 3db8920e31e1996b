/**
 * The order of a round: a closed tour from the depot through every stop and back to the depot, as short as can be
 * found (docs/regles.md « Ordre de la tournée »). Pure computation — a distance matrix in, an order out — with no
 * database, HTTP or clock, so that the same matrix always gives the same order.
 *
 * Up to `EXACT_JUSQUA` stops the order is the exact optimum (Held–Karp's dynamic programme). Beyond, a nearest-
 * neighbour tour improved by local search (2-opt and Or-opt, segments of one to three stops, either way round),
 * then kicked (double bridge) and improved again for a fixed number of move evaluations: a budget counted, not
 * timed, so that a slow machine gives the same order as a fast one.
 */

/**
 * `distances[i][j]`: from point i to point j, in metres; point 0 is the depot, points 1…n the stops. Road distances
 * are not symmetric (one-way streets): every move is priced in the direction it is driven.
 */
export type MatriceDistances = readonly (readonly number[])[];

/** The exact programme's size limit: 2¹² subsets × 12² steps, a few milliseconds. */
export const EXACT_JUSQUA = 12;

/** Move evaluations per stop for the local search's kicks (docs/performance.md « Ordre des tournées »). */
const EVALUATIONS_PAR_ARRET = 5_000;

/** Below this, a saving is rounding noise: a move must gain more to be made (no endless swaps of equal tours). */
const EPSILON = 1e-7;

/** The stops (1…n) in driving order, the depot left out at both ends; stops at one point in their own order. */
export function ordreOptimal(distances: MatriceDistances): number[] {
  const n = distances.length - 1;
  if (n <= 0) return [];
  const d = aplatir(distances);
  return rangerLesConfondus(distances, n <= EXACT_JUSQUA ? heldKarp(d, n) : rechercheLocaleIteree(d, n));
}

/** Two stops at one point: nothing between them, and the same distance to and from every other point. */
function confondus(distances: MatriceDistances, a: number, b: number): boolean {
  if (distances[a]![b] !== 0 || distances[b]![a] !== 0) return false;
  return distances.every((ligne, k) => ligne[a] === ligne[b] && distances[a]![k] === distances[b]![k]);
}

/**
 * Each run of stops at one point (débarras of one building) in ascending order, the street order they were read in:
 * any order of them is as short, and the search's own would put « 10 » before « 2 » as readily as after.
 */
function rangerLesConfondus(distances: MatriceDistances, ordre: number[]): number[] {
  const range: number[] = [];
  let debut = 0;
  for (let i = 1; i <= ordre.length; i++) {
    if (i < ordre.length && confondus(distances, ordre[i - 1]!, ordre[i]!)) continue;
    range.push(...ordre.slice(debut, i).sort((a, b) => a - b));
    debut = i;
  }
  return range;
}

/** The length of the closed tour depot → `ordre` → depot. */
export function longueurTournee(distances: MatriceDistances, ordre: readonly number[]): number {
  let longueur = 0;
  let precedent = 0;
  for (const arret of ordre) {
    longueur += distances[precedent]![arret]!;
    precedent = arret;
  }
  return longueur + distances[precedent]![0]!;
}

/**
 * Where `nouveau` costs least in an order kept as it is (a manual order): the index in `ordre` at which to insert
 * it, the first of equal places.
 */
export function placeLaMoinsChere(distances: MatriceDistances, ordre: readonly number[], nouveau: number): number {
  let meilleure = 0;
  let meilleurCout = Infinity;
  for (let position = 0; position <= ordre.length; position++) {
    const avant = position === 0 ? 0 : ordre[position - 1]!;
    const apres = position === ordre.length ? 0 : ordre[position]!;
    const cout = distances[avant]![nouveau]! + distances[nouveau]![apres]! - distances[avant]![apres]!;
    if (cout < meilleurCout - EPSILON) {
      meilleurCout = cout;
      meilleure = position;
    }
  }
  return meilleure;
}

/** The matrix as one row-major array: the inner loops read it millions of times. */
function aplatir(distances: MatriceDistances): Float64Array {
  const taille = distances.length;
  const d = new Float64Array(taille * taille);
  for (let i = 0; i < taille; i++) {
    const ligne = distances[i]!;
    if (ligne.length !== taille) throw new Error(`matrice des distances non carrée : ligne ${i} de ${ligne.length} au lieu de ${taille}`);
    for (let j = 0; j < taille; j++) {
      const valeur = ligne[j]!;
      if (!Number.isFinite(valeur) || valeur < 0) throw new Error(`distance invalide de ${i} à ${j} : ${valeur}`);
      d[i * taille + j] = valeur;
    }
  }
  return d;
}

/** Held–Karp: the shortest path from the depot through each subset of stops, ending at each stop of it. */
function heldKarp(d: Float64Array, n: number): number[] {
  const taille = n + 1;
  const sousEnsembles = 1 << n;
  const cout = new Float64Array(sousEnsembles * n).fill(Infinity);
  const precedent = new Int8Array(sousEnsembles * n).fill(-1);
  for (let j = 0; j < n; j++) cout[(1 << j) * n + j] = d[j + 1]!;
  for (let ensemble = 1; ensemble < sousEnsembles; ensemble++) {
    for (let j = 0; j < n; j++) {
      if (!(ensemble & (1 << j))) continue;
      const jusquA = cout[ensemble * n + j]!;
      if (jusquA === Infinity) continue;
      for (let k = 0; k < n; k++) {
        if (ensemble & (1 << k)) continue;
        const suivant = ensemble | (1 << k);
        const total = jusquA + d[(j + 1) * taille + k + 1]!;
        if (total < cout[suivant * n + k]! - EPSILON) {
          cout[suivant * n + k] = total;
          precedent[suivant * n + k] = j;
        }
      }
    }
  }
  const tous = sousEnsembles - 1;
  let dernier = 0;
  let meilleur = Infinity;
  for (let j = 0; j < n; j++) {
    const total = cout[tous * n + j]! + d[(j + 1) * taille]!;
    if (total < meilleur - EPSILON) {
      meilleur = total;
      dernier = j;
    }
  }
  const ordre: number[] = [];
  let ensemble = tous;
  for (let j = dernier; j !== -1;) {
    ordre.push(j + 1);
    const avant = precedent[ensemble * n + j]!;
    ensemble &= ~(1 << j);
    j = avant;
  }
  return ordre.reverse();
}

/** How many nearest points each point's moves are tried towards: the classic neighbour lists of local search. */
const VOISINS = 10;

/** For each point, the others nearest to it (there and back), nearest first, the lowest number among equals. */
function voisinsProches(d: Float64Array, taille: number): Int32Array[] {
  const voisins: Int32Array[] = [];
  const autres = Array.from({ length: taille }, (_, q) => q);
  for (let p = 0; p < taille; p++) {
    const cout = (q: number) => d[p * taille + q]! + d[q * taille + p]!;
    const tries = autres.filter((q) => q !== p).sort((a, b) => cout(a) - cout(b) || a - b);
    voisins.push(Int32Array.from(tries.slice(0, VOISINS)));
  }
  return voisins;
}

/**
 * A tour as positions 0…n with the depot fixed at position 0; position n drives back to it. `aller[k]` and
 * `retour[k]` are the lengths from position 0 to position k driven forwards and backwards, so that the price of
 * reversing any stretch is known at once; `position[p]` is where point p stands.
 */
class Tournee {
  readonly taille: number;
  readonly position: Int32Array;
  private readonly aller: Float64Array;
  private readonly retour: Float64Array;
  longueur = 0;

  constructor(
    readonly d: Float64Array,
    readonly points: Int32Array,
  ) {
    this.taille = points.length;
    this.position = new Int32Array(this.taille);
    this.aller = new Float64Array(this.taille);
    this.retour = new Float64Array(this.taille);
    this.recalculer();
  }

  distance(de: number, a: number): number {
    return this.d[de * this.taille + a]!;
  }

  /** The point after position `k`, the depot after the last stop. */
  suivant(k: number): number {
    return this.points[k + 1 === this.taille ? 0 : k + 1]!;
  }

  recalculer() {
    const p = this.points;
    for (let k = 0; k < this.taille; k++) this.position[p[k]!] = k;
    for (let k = 1; k < this.taille; k++) {
      this.aller[k] = this.aller[k - 1]! + this.distance(p[k - 1]!, p[k]!);
      this.retour[k] = this.retour[k - 1]! + this.distance(p[k]!, p[k - 1]!);
    }
    this.longueur = this.aller[this.taille - 1]! + this.distance(p[this.taille - 1]!, 0);
  }

  /** What driving positions i…j backwards costs more than forwards. */
  surcoutInverse(i: number, j: number): number {
    return this.retour[j]! - this.retour[i]! - (this.aller[j]! - this.aller[i]!);
  }

  /** Reverses positions i…j (1 ≤ i < j ≤ n). */
  inverser(i: number, j: number) {
    this.points.subarray(i, j + 1).reverse();
    this.recalculer();
  }
}

/**
 * 2-opt: the first reversal of a stretch that shortens the tour, among those that link a point to one of its
 * neighbours. Answers the evaluations spent, and whether it moved.
 */
function deuxOpt(t: Tournee, voisins: Int32Array[]): [number, boolean] {
  const p = t.points;
  const dernier = t.taille - 1;
  let evaluations = 0;
  for (let i = 0; i <= dernier; i++) {
    const a = p[i]!;
    const apresA = t.suivant(i);
    for (const c of voisins[a]!) {
      const j = t.position[c]!;
      if (j === i || c === apresA) continue;
      const apresC = t.suivant(j);
      evaluations++;
      // the two edges a→a' and c→c' replaced by a→c and a'→c' (or c→a and c'→a'), the stretch between reversed
      const [de, a_] = i < j ? [i + 1, j] : [j + 1, i];
      const [x, y] = i < j ? [a, c] : [c, a];
      const gain =
        t.distance(a, apresA) +
        t.distance(c, apresC) -
        t.distance(x, y) -
        t.distance(i < j ? apresA : apresC, i < j ? apresC : apresA) -
        t.surcoutInverse(de, a_);
      if (gain > EPSILON) {
        t.inverser(de, a_);
        return [evaluations, true];
      }
    }
  }
  return [evaluations, false];
}

/**
 * Or-opt: the first move of a stretch of one to three stops, either way round, next to a neighbour of one of its
 * ends, that shortens the tour.
 */
function orOpt(t: Tournee, voisins: Int32Array[]): [number, boolean] {
  const p = t.points;
  const dernier = t.taille - 1;
  let evaluations = 0;
  for (let longueur = 1; longueur <= 3; longueur++) {
    for (let debut = 1; debut + longueur - 1 <= dernier; debut++) {
      const fin = debut + longueur - 1;
      const premier = p[debut]!;
      const ultime = p[fin]!;
      const avant = p[debut - 1]!;
      const apres = t.suivant(fin);
      const retrait = t.distance(avant, premier) + t.distance(ultime, apres) - t.distance(avant, apres);
      const surcout = longueur > 1 ? t.surcoutInverse(debut, fin) : 0;
      for (const bout of longueur > 1 ? [premier, ultime] : [premier]) {
        for (const voisin of voisins[bout]!) {
          const k = t.position[voisin]!;
          // between the neighbour and the point after it, and between the point before it and the neighbour
          for (const apresK of [k, k === 0 ? dernier : k - 1]) {
            if (apresK >= debut - 1 && apresK <= fin) continue;
            const x = p[apresK]!;
            const y = t.suivant(apresK);
            const ouvert = t.distance(x, y);
            evaluations++;
            const endroit = retrait - (t.distance(x, premier) + t.distance(ultime, y) - ouvert);
            const envers = longueur > 1 ? retrait - (t.distance(x, ultime) + t.distance(premier, y) - ouvert) - surcout : -Infinity;
            if (endroit > EPSILON || envers > EPSILON) {
              deplacer(t, debut, longueur, apresK, envers > endroit);
              return [evaluations, true];
            }
          }
        }
      }
    }
  }
  return [evaluations, false];
}

/** Moves the stretch at `debut` (`longueur` stops) between position `apres` and the next one, reversed or not. */
function deplacer(t: Tournee, debut: number, longueur: number, apres: number, inverse: boolean) {
  const p = t.points;
  const troncon = Array.from(p.subarray(debut, debut + longueur));
  if (inverse) troncon.reverse();
  const reste = Array.from(p).filter((_, k) => k < debut || k >= debut + longueur);
  reste.splice(apres < debut ? apres + 1 : apres + 1 - longueur, 0, ...troncon);
  p.set(reste);
  t.recalculer();
}

/** Both moves until neither shortens the tour. Answers the evaluations spent. */
function ameliorer(t: Tournee, voisins: Int32Array[]): number {
  let evaluations = 0;
  for (;;) {
    const [parDeuxOpt, deplaceParDeuxOpt] = deuxOpt(t, voisins);
    evaluations += parDeuxOpt;
    if (deplaceParDeuxOpt) continue;
    const [parOrOpt, deplaceParOrOpt] = orOpt(t, voisins);
    evaluations += parOrOpt;
    if (!deplaceParOrOpt) return evaluations;
  }
}

/** From the depot, always to the nearest stop not yet visited (the lowest number among equals). */
function plusProcheVoisin(d: Float64Array, n: number): Int32Array {
  const taille = n + 1;
  const points = new Int32Array(taille);
  const visite = new Uint8Array(taille);
  visite[0] = 1;
  for (let k = 1; k < taille; k++) {
    const depuis = points[k - 1]!;
    let plusProche = -1;
    for (let candidat = 1; candidat < taille; candidat++) {
      if (visite[candidat]) continue;
      if (plusProche < 0 || d[depuis * taille + candidat]! < d[depuis * taille + plusProche]! - EPSILON) plusProche = candidat;
    }
    points[k] = plusProche;
    visite[plusProche] = 1;
  }
  return points;
}

/** A generator of the same numbers every run (mulberry32): the kicks are random, the order is not. */
function aleatoire(graine: number): () => number {
  let etat = graine >>> 0;
  return () => {
    etat = (etat + 0x6d2b79f5) >>> 0;
    let x = etat;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The double bridge: the stops cut in four stretches A B C D, put back as A C B D — a move no 2-opt undoes. */
function doublePont(t: Tournee, hasard: () => number): Tournee {
  const n = t.taille - 1;
  const coupes = new Set<number>();
  while (coupes.size < 3) coupes.add(2 + Math.floor(hasard() * (n - 1)));
  const [i, j, k] = [...coupes].sort((x, y) => x - y) as [number, number, number];
  const p = t.points;
  const points = Int32Array.from([...p.subarray(0, i), ...p.subarray(j, k), ...p.subarray(i, j), ...p.subarray(k)]);
  return new Tournee(t.d, points);
}

function rechercheLocaleIteree(d: Float64Array, n: number): number[] {
  const voisins = voisinsProches(d, n + 1);
  let meilleure = new Tournee(d, plusProcheVoisin(d, n));
  let budget = EVALUATIONS_PAR_ARRET * n - ameliorer(meilleure, voisins);
  const hasard = aleatoire(n);
  while (budget > 0) {
    const essai = doublePont(meilleure, hasard);
    budget -= ameliorer(essai, voisins);
    if (essai.longueur < meilleure.longueur - EPSILON) meilleure = essai;
  }
  return Array.from(meilleure.points.subarray(1));
}
