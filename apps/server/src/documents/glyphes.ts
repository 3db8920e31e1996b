import * as fontkit from 'fontkit';
import { FICHIERS_POLICE } from './polices.js';

/**
 * Short texts of a map (stop numbers, the scale, the north) measured with the embedded font, and drawn as SVG paths
 * from its glyphs: the SVG then needs no font wherever it is drawn (Word, the PNG for older word processors).
 */

export type Graisse = 'normal' | 'gras';

interface Glyphe {
  chemin: fontkit.Glyph['path'];
  avance: number;
}

let polices: Record<Graisse, { police: fontkit.Font; glyphes: Map<string, Glyphe> }> | undefined;

function police(graisse: Graisse) {
  polices ??= {
    normal: { police: fontkit.openSync(FICHIERS_POLICE.normal) as fontkit.Font, glyphes: new Map() },
    gras: { police: fontkit.openSync(FICHIERS_POLICE.bold) as fontkit.Font, glyphes: new Map() },
  };
  return polices[graisse];
}

function glyphe(graisse: Graisse, caractere: string): Glyphe {
  const p = police(graisse);
  let g = p.glyphes.get(caractere);
  if (!g) {
    const lu = p.police.glyphForCodePoint(caractere.codePointAt(0)!);
    g = { chemin: lu.path, avance: lu.advanceWidth };
    p.glyphes.set(caractere, g);
  }
  return g;
}

export interface PlacementTexte {
  /** The baseline's point, in the map's points. */
  x: number;
  y: number;
  taille: number;
  graisse?: Graisse;
  /** `milieu`: `x` is the text's middle; `debut`: its start. */
  ancre?: 'debut' | 'milieu';
}

/** How far above its baseline a line of this face starts, in ems: where a text placed by its top has its baseline. */
export const ascendant = (graisse: Graisse) => police(graisse).police.ascent / police(graisse).police.unitsPerEm;

/** The text's width at this size, in points: its glyphs' advances. */
export function largeurTexte(texte: string, taille: number, graisse: Graisse = 'normal'): number {
  return ([...texte].reduce((somme, c) => somme + glyphe(graisse, c).avance, 0) * taille) / police(graisse).police.unitsPerEm;
}

/** The text's outline as path data, glyph after glyph at their advance (no kerning: digits and short words). */
export function texteEnChemin(texte: string, { x, y, taille, graisse = 'normal', ancre = 'debut' }: PlacementTexte): string {
  const echelle = taille / police(graisse).police.unitsPerEm;
  let curseur = ancre === 'milieu' ? x - largeurTexte(texte, taille, graisse) / 2 : x;
  let chemin = '';
  for (const g of [...texte].map((c) => glyphe(graisse, c))) {
    chemin += g.chemin.scale(echelle, -echelle).translate(curseur, y).toSVG();
    curseur += g.avance * echelle;
  }
  return chemin;
}
