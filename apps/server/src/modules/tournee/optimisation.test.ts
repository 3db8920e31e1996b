import { describe, expect, it } from 'vitest';
import { BERLIN52, BERLIN52_OPTIMUM_ARRONDI, BERLIN52_TOUR_OPTIMAL } from './berlin52.js';
import { EXACT_JUSQUA, longueurTournee, ordreOptimal, placeLaMoinsChere, type MatriceDistances } from './optimisation.js';

type Point = readonly [number, number];

const droite = (points: readonly Point[], arrondir = false): number[][] =>
  points.map(([xa, ya]) =>
    points.map(([xb, yb]) => {
      const metres = Math.hypot(xa - xb, ya - yb);
      return arrondir ? Math.round(metres) : metres;
    }),
  );

/** Points scattered over a 6 × 4 km town, the same for the same seed. */
function pointsAuHasard(nombre: number, graine: number): Point[] {
  let etat = graine;
  const hasard = () => {
    etat = (etat * 1_103_515_245 + 12_345) % 2_147_483_648;
    return etat / 2_147_483_648;
  };
  return Array.from({ length: nombre }, () => [2_496_000 + hasard() * 6_000, 1_116_000 + hasard() * 4_000] as const);
}

/** Road-like distances: the straight line, stretched by a different detour each way (one-way streets). */
function routier(points: readonly Point[], graine: number): number[][] {
  const d = droite(points);
  let etat = graine;
  return d.map((ligne, i) =>
    ligne.map((metres, j) => {
      if (i === j) return 0;
      etat = (etat * 1_103_515_245 + 12_345) % 2_147_483_648;
      return metres * (1.2 + (etat / 2_147_483_648) * 0.8);
    }),
  );
}

/**
 * The exact optimum by branch and bound, a method of its own (not the dynamic programme under test): every order is
 * tried, except those already longer than the best found; a tour shorter than `borne` proves it is not optimal.
 */
function optimumExact(d: MatriceDistances, borne: number): number {
  const n = d.length - 1;
  let meilleur = borne;
  const visite = new Array<boolean>(n + 1).fill(false);
  const entreeMin = d.map((_, j) => Math.min(...d.map((ligne, i) => (i === j ? Infinity : ligne[j]!))));
  const explorer = (dernier: number, vus: number, longueur: number, resteMin: number) => {
    if (longueur + resteMin + entreeMin[0]! >= meilleur) return;
    if (vus === n) {
      meilleur = Math.min(meilleur, longueur + d[dernier]![0]!);
      return;
    }
    for (let k = 1; k <= n; k++) {
      if (visite[k]) continue;
      visite[k] = true;
      explorer(k, vus + 1, longueur + d[dernier]![k]!, resteMin - entreeMin[k]!);
      visite[k] = false;
    }
  };
  const resteMin = entreeMin.slice(1).reduce((a, b) => a + b, 0);
  explorer(0, 0, 0, resteMin);
  return meilleur;
}

const estUnOrdreDe = (ordre: number[], n: number) =>
  expect([...ordre].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, k) => k + 1));

describe('ordre de la tournée', () => {
  it('rend un ordre vide sans arrêt, et le seul arrêt quand il n’y en a qu’un', () => {
    expect(ordreOptimal([[0]])).toEqual([]);
    expect(
      ordreOptimal(
        droite([
          [0, 0],
          [100, 0],
        ]),
      ),
    ).toEqual([1]);
  });

  it(`trouve l’optimum exact de toute tournée de ${EXACT_JUSQUA} arrêts ou moins, en ligne droite comme par la route`, () => {
    for (let arrets = 2; arrets <= EXACT_JUSQUA; arrets++) {
      for (let graine = 1; graine <= 3; graine++) {
        const points = pointsAuHasard(arrets + 1, arrets * 100 + graine);
        for (const d of [droite(points), routier(points, graine)]) {
          const ordre = ordreOptimal(d);
          estUnOrdreDe(ordre, arrets);
          const longueur = longueurTournee(d, ordre);
          // nothing shorter exists: the exact search, bounded by the order found, finds no shorter tour
          expect(optimumExact(d, longueur - 1e-6)).toBe(longueur - 1e-6);
        }
      }
    }
  });

  it('reste à 1 % au plus de l’optimum connu de berlin52 (7 542 en distances arrondies de TSPLIB)', () => {
    const arrondi = droite(BERLIN52, true);
    expect(
      longueurTournee(
        arrondi,
        BERLIN52_TOUR_OPTIMAL.slice(1).map((numero) => numero - 1),
      ),
    ).toBe(BERLIN52_OPTIMUM_ARRONDI);

    const ordre = ordreOptimal(droite(BERLIN52));
    estUnOrdreDe(ordre, 51);
    expect(longueurTournee(arrondi, ordre)).toBeLessThanOrEqual(BERLIN52_OPTIMUM_ARRONDI * 1.01);
    expect(longueurTournee(droite(BERLIN52), ordre)).toBeLessThanOrEqual(7_544.37 * 1.01);
  });

  it('donne toujours le même ordre pour les mêmes distances', () => {
    for (const arrets of [8, 30, 150]) {
      const d = droite(pointsAuHasard(arrets + 1, arrets));
      const ordre = ordreOptimal(d);
      estUnOrdreDe(ordre, arrets);
      expect(ordreOptimal(d)).toEqual(ordre);
      expect(ordreOptimal(d.map((ligne) => [...ligne]))).toEqual(ordre);
    }
  });

  it('fait se suivre dans leur ordre de lecture les arrêts au même point, en exact comme en recherche locale', () => {
    for (const autres of [4, 20]) {
      // stops 2, 5 and 9 (and 3, 4 at another point) stand at one building each
      const points = pointsAuHasard(autres + 6, autres);
      const immeuble = points[2]!;
      const voisin = points[3]!;
      const tous = points.map((p, k) => ([5, 9].includes(k) ? immeuble : k === 4 ? voisin : p));
      const ordre = ordreOptimal(droite(tous));
      estUnOrdreDe(ordre, tous.length - 1);
      for (const groupe of [
        [2, 5, 9],
        [3, 4],
      ]) {
        const places = groupe.map((k) => ordre.indexOf(k));
        expect(places).toEqual(groupe.map((_, i) => places[0]! + i));
      }
    }
  });

  it('fait mieux que l’ordre des numéros sur une tournée de 30 arrêts par la route', () => {
    const d = routier(pointsAuHasard(31, 7), 7);
    const ordre = ordreOptimal(d);
    estUnOrdreDe(ordre, 30);
    expect(longueurTournee(d, ordre)).toBeLessThan(
      longueurTournee(
        d,
        Array.from({ length: 30 }, (_, k) => k + 1),
      ) * 0.5,
    );
  });

  it('place un nouvel arrêt là où il allonge le moins un ordre gardé tel quel', () => {
    const d = droite([
      [0, 0],
      [1_000, 0],
      [2_000, 0],
      [2_000, 1_000],
      [1_500, 0],
    ]);
    expect(placeLaMoinsChere(d, [1, 2, 3], 4)).toBe(1);
    expect(placeLaMoinsChere(d, [], 4)).toBe(0);
  });

  it('refuse une matrice qui n’est pas carrée ou une distance négative', () => {
    expect(() => ordreOptimal([[0, 1], [1]])).toThrow('matrice des distances non carrée');
    expect(() =>
      ordreOptimal([
        [0, -1],
        [1, 0],
      ]),
    ).toThrow('distance invalide de 0 à 1');
  });
});
