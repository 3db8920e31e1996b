/**
 * The demo sectors' perimeters: each is the outline of the quarters of the synthetic register
 * (seed/adresses.ts) that lie in that sector, so that drawing them gives every demo address the
 * sector it was generated with.
 */
import type { Perimetre } from '@debarras/domain';
import type { Db } from '../db/client.js';
import { enregistrerPerimetre, trouverParLibelleSansCasse } from '../modules/secteur/index.js';
import { QUARTIERS, VILLE_DE_GENEVE } from './adresses.js';
import { UTILISATEUR_SYSTEME } from './reference.js';

/** East min, east max, north min, north max, in LV95. */
type Rectangle = readonly [number, number, number, number];

/**
 * The outline of rectangles that touch one another, as one counter-clockwise ring without its
 * closing vertex nor any vertex in the middle of a straight side. The plane is cut along every
 * rectangle's edges; the outline is the sides of covered cells whose neighbour is not covered, each
 * directed with the inside on its left. Rectangles that do not make one simple area (apart, around
 * a hole, meeting at a corner only) are refused.
 */
export function contour(rectangles: readonly Rectangle[]): Perimetre {
  const xs = [...new Set(rectangles.flatMap(([e0, e1]) => [e0, e1]))].sort((a, b) => a - b);
  const ys = [...new Set(rectangles.flatMap(([, , n0, n1]) => [n0, n1]))].sort((a, b) => a - b);
  const couverte = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i < xs.length - 1 &&
    j < ys.length - 1 &&
    rectangles.some(([e0, e1, n0, n1]) => e0 <= xs[i]! && xs[i + 1]! <= e1 && n0 <= ys[j]! && ys[j + 1]! <= n1);
  const suivants = new Map<string, [number, number]>();
  const cote = (de: [number, number], vers: [number, number]) => {
    const cle = de.join(',');
    if (suivants.has(cle)) throw new Error(`Les rectangles se touchent par un coin en ${cle} : pas de contour simple.`);
    suivants.set(cle, vers);
  };
  for (let i = 0; i < xs.length - 1; i++) {
    for (let j = 0; j < ys.length - 1; j++) {
      if (!couverte(i, j)) continue;
      const [x0, x1, y0, y1] = [xs[i]!, xs[i + 1]!, ys[j]!, ys[j + 1]!];
      if (!couverte(i, j - 1)) cote([x0, y0], [x1, y0]);
      if (!couverte(i + 1, j)) cote([x1, y0], [x1, y1]);
      if (!couverte(i, j + 1)) cote([x1, y1], [x0, y1]);
      if (!couverte(i - 1, j)) cote([x0, y1], [x0, y0]);
    }
  }
  const [depart] = suivants.keys();
  const anneau: [number, number][] = [];
  for (let cle = depart; cle !== undefined && (anneau.length === 0 || cle !== depart);) {
    const point = cle.split(',').map(Number) as [number, number];
    anneau.push(point);
    cle = suivants.get(cle)?.join(',');
  }
  if (anneau.length !== suivants.size) throw new Error("Les rectangles ne forment pas une seule surface sans trou : pas d'anneau unique.");
  const n = anneau.length;
  return anneau.filter((p, k) => {
    const [a, b] = [anneau[(k + n - 1) % n]!, anneau[(k + 1) % n]!];
    return !((a[0] === p[0] && p[0] === b[0]) || (a[1] === p[1] && p[1] === b[1]));
  });
}

/** Each demo sector's perimeter, `secteurs` being the labels of the demo sectors 1 to 5. */
export const perimetresDemo = (secteurs: readonly string[]) =>
  secteurs.map((libelle, i) => ({ libelle, perimetre: contour(QUARTIERS.filter((q) => q.secteur === i + 1).map((q) => q.etendue)) }));

/**
 * Draws the perimeter of each demo sector that has none yet, as an administrator would: the
 * addresses inside take the sector. Answers what was seeded, for the demo's message.
 */
export async function semerPerimetresDemo(db: Db, secteurs: readonly string[]): Promise<string[]> {
  let dessines = 0;
  for (const { libelle, perimetre } of perimetresDemo(secteurs)) {
    const secteur = await trouverParLibelleSansCasse(db, libelle);
    if (!secteur || secteur.perimetre) continue;
    await enregistrerPerimetre(db, secteur.idSecteur, { version: secteur.version, perimetre }, UTILISATEUR_SYSTEME, [VILLE_DE_GENEVE]);
    dessines++;
  }
  return dessines ? [`${dessines} périmètres de secteurs`] : [];
}
