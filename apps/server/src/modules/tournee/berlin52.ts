/**
 * TSPLIB's berlin52 (52 places in Berlin, Grötschel), its coordinates read as metres: the yardstick of the round's
 * order (docs/performance.md « Ordre des tournées »), in its tests and in `npm run bench`.
 */
export const BERLIN52: ReadonlyArray<readonly [number, number]> = [
  [565, 575],
  [25, 185],
  [345, 750],
  [945, 685],
  [845, 655],
  [880, 660],
  [25, 230],
  [525, 1000],
  [580, 1175],
  [650, 1130],
  [1605, 620],
  [1220, 580],
  [1465, 200],
  [1530, 5],
  [845, 680],
  [725, 370],
  [145, 665],
  [415, 635],
  [510, 875],
  [560, 365],
  [300, 465],
  [520, 585],
  [480, 415],
  [835, 625],
  [975, 580],
  [1215, 245],
  [1320, 315],
  [1250, 400],
  [660, 180],
  [410, 250],
  [420, 555],
  [575, 665],
  [1150, 1160],
  [700, 580],
  [685, 595],
  [685, 610],
  [770, 610],
  [795, 645],
  [720, 635],
  [760, 650],
  [475, 960],
  [95, 260],
  [875, 920],
  [700, 500],
  [555, 815],
  [830, 485],
  [1170, 65],
  [830, 610],
  [605, 625],
  [595, 360],
  [1340, 725],
  [1740, 245],
];

/** TSPLIB's optimal tour (berlin52.opt.tour), numbered from 1 as there. */
export const BERLIN52_TOUR_OPTIMAL: readonly number[] = [
  1, 49, 32, 45, 19, 41, 8, 9, 10, 43, 33, 51, 11, 52, 14, 13, 47, 26, 27, 28, 12, 25, 4, 6, 15, 5, 24, 48, 38, 37, 40, 39, 36, 35, 34, 44,
  46, 16, 29, 50, 20, 23, 30, 2, 7, 42, 21, 17, 3, 18, 31, 22,
];

/** The optimum in TSPLIB's distances (each edge rounded to the nearest integer). */
export const BERLIN52_OPTIMUM_ARRONDI = 7542;
