// The map of a levée's round on its route sheet (docs/regles.md « Feuilles de route »), from the offline layers: one
// drawing in page points, which the PDF turns into its own vector drawing and Word receives as SVG.
import { formatDistance, type Etendue } from '@debarras/domain';
import { largeurTexte, texteEnChemin } from './glyphes.js';

export type Sommet = [number, number];

/** A map's extent and the offline layers within it, in LV95: what the back-office's map draws without a plan service. */
export interface FondTournee {
  /** What the map shows (`etendueDeTournee`). */
  etendue: Etendue;
  /** Polygons as rings, the first one the outline. */
  communes: Sommet[][][];
  lacs: Sommet[][][];
  /** Streets drawn from the register's addresses. */
  rues: Sommet[][];
}

export interface PointCarte {
  x: number;
  y: number;
}

export interface CarteTournee {
  depot: PointCarte;
  /** In the round's order: the first stop after the depot first. */
  arrets: Array<PointCarte & { ordre: number }>;
  fond: FondTournee;
}

/**
 * The map's size on the page, in points: the width of an A4 landscape page less its margins, about 2 : 1; above it,
 * the crews' link and its QR code (docs/regles.md « Tournée des équipes »), below it, its legend.
 */
export const TAILLE_CARTE = { largeur: 785, hauteur: 390 } as const;

/** Around the points, a share of their span, and at least this many metres across: a round of one stop has a street around it. */
const MARGE_ETENDUE = 0.08;
const ETENDUE_MIN_M = 600;

/**
 * The extent a round's map shows: the depot and every stop, with a margin, widened to the page's proportions
 * (the depot always shows: the crew starts and ends there).
 */
export function etendueDeTournee(points: PointCarte[], taille = TAILLE_CARTE): Etendue {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  let largeur = Math.max((Math.max(...xs) - Math.min(...xs)) * (1 + 2 * MARGE_ETENDUE), ETENDUE_MIN_M);
  let hauteur = Math.max((Math.max(...ys) - Math.min(...ys)) * (1 + 2 * MARGE_ETENDUE), ETENDUE_MIN_M);
  const proportion = taille.largeur / taille.hauteur;
  if (largeur / hauteur > proportion) hauteur = largeur / proportion;
  else largeur = hauteur * proportion;
  return { xMin: centre.x - largeur / 2, xMax: centre.x + largeur / 2, yMin: centre.y - hauteur / 2, yMax: centre.y + hauteur / 2 };
}

/** The colours of the map: greys for the background (the sheets are often printed in black and white), blue for the round. */
export const COULEURS_CARTE = {
  commune: '#f4f3ef',
  limite: '#a8a8a8',
  lac: '#cfe2f3',
  rive: '#8db4d8',
  rue: '#c9c9c9',
  trajet: '#1f5fbf',
  depot: '#222222',
  texte: '#222222',
} as const;

/** Scale bar lengths tried, in metres: the longest under a fifth of the map's width. */
const ECHELLES_M = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000];

/** What a map is drawn with, in the map's points from its top left corner: each format turns these into its own. */
export type Trace =
  | { type: 'polygone'; points: Sommet[]; fond?: string; trait?: string; epaisseur?: number }
  | { type: 'ligne'; points: Sommet[]; trait: string; epaisseur: number }
  | {
      type: 'rect';
      x: number;
      y: number;
      largeur: number;
      hauteur: number;
      rayon?: number;
      fond?: string;
      trait?: string;
      epaisseur?: number;
    }
  /** `y`: the baseline; `ancre`: whether `x` is the text's start or its middle. */
  | { type: 'texte'; x: number; y: number; texte: string; taille: number; gras: boolean; ancre: 'debut' | 'milieu' };

const COTE_DEPOT = 11;
const TAILLE_NUMERO = 8;

/**
 * The round's map, `taille` in points: the communes and lakes (cut at the frame), the streets, the path from the depot
 * through every stop and back (straight lines, an arrow halfway along each leg long enough), the depot as a black
 * square, each stop as its order in a circle (stops at one point share a label: « 3, 4 »), a scale bar and the north.
 */
export function dessinDeTournee(c: CarteTournee, taille = TAILLE_CARTE): Trace[] {
  const { largeur, hauteur } = taille;
  const { etendue } = c.fond;
  const k = largeur / (etendue.xMax - etendue.xMin);
  const page = ({ x, y }: PointCarte): Sommet => [(x - etendue.xMin) * k, (etendue.yMax - y) * k];
  const versPage = (sommets: Sommet[]) => sommets.map(([x, y]) => page({ x, y }));
  const traces: Trace[] = [{ type: 'rect', x: 0, y: 0, largeur, hauteur, fond: '#ffffff' }];

  const couche = (polygones: Sommet[][][], fond: string, trait: string, epaisseur: number) => {
    for (const [contour, ...trous] of polygones) {
      // a hole (an island, an enclave) is land again, drawn over the fill
      for (const [anneau, couleur] of [[contour, fond], ...trous.map((t) => [t, COULEURS_CARTE.commune] as const)] as const) {
        const points = decouper(versPage(anneau ?? []), largeur, hauteur);
        if (points.length >= 3) traces.push({ type: 'polygone', points, fond: couleur, trait, epaisseur });
      }
    }
  };
  couche(c.fond.communes, COULEURS_CARTE.commune, COULEURS_CARTE.limite, 0.7);
  couche(c.fond.lacs, COULEURS_CARTE.lac, COULEURS_CARTE.rive, 0.6);
  // the streets are read within the extent: their vertices, and the lines between them, are inside it
  for (const rue of c.fond.rues) traces.push({ type: 'ligne', points: versPage(rue), trait: COULEURS_CARTE.rue, epaisseur: 1.2 });

  const chemin = [c.depot, ...c.arrets, c.depot].map(page);
  traces.push({ type: 'ligne', points: chemin, trait: COULEURS_CARTE.trajet, epaisseur: 1.6 }, ...fleches(chemin));
  const [dx, dy] = page(c.depot);
  traces.push({
    type: 'rect',
    x: dx - COTE_DEPOT / 2,
    y: dy - COTE_DEPOT / 2,
    largeur: COTE_DEPOT,
    hauteur: COTE_DEPOT,
    fond: COULEURS_CARTE.depot,
    trait: '#ffffff',
    epaisseur: 1,
  });
  // the last stops drawn first, so that where circles overlap the earlier number shows
  for (const groupe of parPoint(c.arrets).reverse()) {
    const texte = groupe.ordres.join(', ');
    const demiLargeur = Math.max(7, largeurTexte(texte, TAILLE_NUMERO, 'gras') / 2 + 3.5);
    const [x, y] = page(groupe);
    traces.push(
      {
        type: 'rect',
        x: x - demiLargeur,
        y: y - 7,
        largeur: 2 * demiLargeur,
        hauteur: 14,
        rayon: 7,
        fond: '#ffffff',
        trait: COULEURS_CARTE.trajet,
        epaisseur: 1.4,
      },
      { type: 'texte', x, y: y + 2.9, texte, taille: TAILLE_NUMERO, gras: true, ancre: 'milieu' },
    );
  }
  traces.push(...echelle(k, hauteur), ...nord(largeur), {
    type: 'rect',
    x: 0.5,
    y: 0.5,
    largeur: largeur - 1,
    hauteur: hauteur - 1,
    trait: '#555555',
    epaisseur: 1,
  });
  return traces;
}

const nombre = (v: number) => String(Math.round(v * 10) / 10);
const chemin = (points: Sommet[]) => points.map(([x, y], i) => `${i ? 'L' : 'M'}${nombre(x)} ${nombre(y)}`).join('');
const peinture = (t: { fond?: string; trait?: string; epaisseur?: number }) =>
  `fill="${t.fond ?? 'none'}"${t.trait ? ` stroke="${t.trait}" stroke-width="${t.epaisseur ?? 1}" stroke-linejoin="round"` : ''}`;

/** The map as an SVG document (Word), its words drawn as outlines (glyphes.ts): it needs no font wherever it is drawn. */
export function svgDeTournee(c: CarteTournee, taille = TAILLE_CARTE): string {
  const elements = dessinDeTournee(c, taille).map((t) => {
    switch (t.type) {
      case 'polygone':
        return `<path d="${chemin(t.points)}Z" ${peinture(t)}/>`;
      case 'ligne':
        return `<path d="${chemin(t.points)}" ${peinture(t)} stroke-linecap="round"/>`;
      case 'rect':
        return `<rect x="${nombre(t.x)}" y="${nombre(t.y)}" width="${nombre(t.largeur)}" height="${nombre(t.hauteur)}"${
          t.rayon ? ` rx="${t.rayon}" ry="${t.rayon}"` : ''
        } ${peinture(t)}/>`;
      case 'texte':
        return `<path d="${texteEnChemin(t.texte, { x: t.x, y: t.y, taille: t.taille, graisse: t.gras ? 'gras' : 'normal', ancre: t.ancre })}" fill="${COULEURS_CARTE.texte}"/>`;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${taille.largeur}" height="${taille.hauteur}" viewBox="0 0 ${taille.largeur} ${taille.hauteur}">${elements.join('')}</svg>`;
}

/**
 * A ring cut to the frame (Sutherland–Hodgman, one side after the other): what lies beyond the map is not drawn over
 * the page, and the edges of the cut lie under the frame.
 */
function decouper(anneau: Sommet[], largeur: number, hauteur: number): Sommet[] {
  // how far inside each side a point is
  const bords: Array<(p: Sommet) => number> = [([x]) => x, ([x]) => largeur - x, ([, y]) => y, ([, y]) => hauteur - y];
  let points = anneau;
  for (const dedans of bords) {
    const garde: Sommet[] = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % points.length]!;
      const [da, db] = [dedans(a), dedans(b)];
      if (da >= 0) garde.push(a);
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        garde.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    points = garde;
    if (!points.length) break;
  }
  return points;
}

/** Stops at the same point (to the metre), in order: two débarras of one building are one stop of the truck. */
function parPoint(arrets: CarteTournee['arrets']) {
  const groupes: Array<{ x: number; y: number; ordres: number[] }> = [];
  for (const a of arrets) {
    const meme = groupes.find((g) => Math.abs(g.x - a.x) < 1 && Math.abs(g.y - a.y) < 1);
    if (meme) meme.ordres.push(a.ordre);
    else groupes.push({ x: a.x, y: a.y, ordres: [a.ordre] });
  }
  return groupes;
}

/** An arrowhead halfway along each leg long enough to hold one clear of the stops' labels: the direction of travel. */
function fleches(chemin: Sommet[]): Trace[] {
  const pointes: Trace[] = [];
  for (let i = 1; i < chemin.length; i++) {
    const [ax, ay] = chemin[i - 1]!;
    const [bx, by] = chemin[i]!;
    if (Math.hypot(bx - ax, by - ay) < 40) continue;
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    const angle = Math.atan2(by - ay, bx - ax);
    const sommet = (da: number): Sommet => [mx + 4.5 * Math.cos(angle + da), my + 4.5 * Math.sin(angle + da)];
    pointes.push({ type: 'polygone', points: [sommet(0), sommet(2.5), sommet(-2.5)], fond: COULEURS_CARTE.trajet });
  }
  return pointes;
}

/** A scale bar in the lower left corner, on a white ground. */
function echelle(k: number, hauteur: number): Trace[] {
  const metres = [...ECHELLES_M].reverse().find((m) => m * k <= TAILLE_CARTE.largeur / 5) ?? ECHELLES_M[0]!;
  const longueur = metres * k;
  const [x, y] = [12, hauteur - 14];
  return [
    { type: 'rect', x: x - 6, y: y - 16, largeur: longueur + 12, hauteur: 24, fond: '#ffffff' },
    {
      type: 'ligne',
      points: [
        [x, y - 4],
        [x, y],
        [x + longueur, y],
        [x + longueur, y - 4],
      ],
      trait: COULEURS_CARTE.texte,
      epaisseur: 1.2,
    },
    { type: 'texte', x, y: y - 7, texte: formatDistance(metres), taille: 8, gras: false, ancre: 'debut' },
  ];
}

/** The north, up: LV95's grid north. */
function nord(largeur: number): Trace[] {
  const [x, y] = [largeur - 18, 14];
  return [
    {
      type: 'polygone',
      points: [
        [x, y],
        [x + 5, y + 13],
        [x, y + 10],
        [x - 5, y + 13],
      ],
      fond: COULEURS_CARTE.texte,
    },
    { type: 'texte', x, y: y + 24, texte: 'N', taille: 8, gras: true, ancre: 'milieu' },
  ];
}
