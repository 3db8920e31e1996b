import { libelleAdresse, type RueCarte } from '@debarras/domain';

/** An address as the street layer reads it: its street, its number and its point (LV95). */
export interface AdresseDeRue {
  idpAdr: string;
  typeVoie: string | null;
  liant: string | null;
  nomVoie: string;
  noAdresse: string | null;
  noCommune: number;
  x: number;
  y: number;
}

/**
 * Two consecutive numbers further apart than this (metres) are not joined: a street that stops and starts again
 * across town, or two streets of one name, would otherwise draw a long chord over whatever lies between.
 */
export const ECART_MAX_RUE = 250;

/**
 * A vertex closer than this (metres) to the line drawn without it is dropped: the midpoints of a straight street
 * wander by a metre or two with the buildings' setbacks, which says nothing of the street, and every vertex kept
 * is carried in the answer and drawn.
 */
export const TOLERANCE_RUE = 2;

/** « 12 », « 12A », « 12 bis », « 12-14 »: the number and what follows it, in lower case; none without a leading number. */
function lireNumero(noAdresse: string | null) {
  const lu = /^\s*(\d+)\s*(.*)$/.exec(noAdresse ?? '');
  return lu ? { numero: Number(lu[1]), suffixe: lu[2]!.trim().toLowerCase() } : undefined;
}

/** What the lines need of an address: a copy of the whole row per address cost more than building the lines. */
interface Numerotee {
  idpAdr: string;
  numero: number;
  suffixe: string;
  x: number;
  y: number;
}

/** House-number order: 2 < 10 < 12 < 12a < 12b < 12bis < 13; the identifier settles a number given twice. */
const parNumero = (a: Numerotee, b: Numerotee) =>
  a.numero - b.numero || (a.suffixe < b.suffixe ? -1 : a.suffixe > b.suffixe ? 1 : 0) || (a.idpAdr < b.idpAdr ? -1 : 1);

/** The runs of a street's numbers that lie within `ECART_MAX_RUE` of the one before. */
function troncons(adresses: readonly Numerotee[]): Numerotee[][] {
  const resultat: Numerotee[][] = [];
  for (const [i, a] of adresses.entries()) {
    const avant = adresses[i - 1];
    if (avant && Math.hypot(a.x - avant.x, a.y - avant.y) <= ECART_MAX_RUE) resultat.at(-1)!.push(a);
    else resultat.push([a]);
  }
  return resultat;
}

type Sommet = [number, number];

/** The distance from `p` to the segment `ab`. */
function distanceAuSegment([px, py]: Sommet, [ax, ay]: Sommet, [bx, by]: Sommet) {
  const [dx, dy] = [bx - ax, by - ay];
  const longueur2 = dx * dx + dy * dy;
  const t = longueur2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / longueur2)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Douglas–Peucker at `TOLERANCE_RUE`: the ends, and the vertices that bend the line. A stack rather than recursion:
 * a line may have thousands of vertices.
 */
function simplifier(sommets: Sommet[]): Sommet[] {
  const garde = sommets.map((_, i) => i === 0 || i === sommets.length - 1);
  const pile: [number, number][] = [[0, sommets.length - 1]];
  while (pile.length) {
    const [debut, fin] = pile.pop()!;
    let [plusLoin, ecart] = [-1, TOLERANCE_RUE];
    for (let i = debut + 1; i < fin; i++) {
      const d = distanceAuSegment(sommets[i]!, sommets[debut]!, sommets[fin]!);
      if (d > ecart) [plusLoin, ecart] = [i, d];
    }
    if (plusLoin < 0) continue;
    garde[plusLoin] = true;
    pile.push([debut, plusLoin], [plusLoin, fin]);
  }
  return sommets.filter((_, i) => garde[i]);
}

/**
 * A run's line: the midpoint of each two consecutive numbers, rounded to the metre. Odd and even numbers face each
 * other across the street; joined as they come, the line would cross the street at every number (and OpenLayers
 * writes no name along so broken a line), where their midpoints follow its middle. Two addresses give one midpoint,
 * and no line: they say nothing of the street's direction (1 and 2 usually face each other).
 */
function ligne(troncon: readonly Numerotee[]): Sommet[] {
  const sommets: Sommet[] = [];
  for (let i = 1; i < troncon.length; i++) {
    const [a, b] = [troncon[i - 1]!, troncon[i]!];
    const sommet: Sommet = [Math.round((a.x + b.x) / 2), Math.round((a.y + b.y) / 2)];
    const dernier = sommets.at(-1);
    if (!dernier || dernier[0] !== sommet[0] || dernier[1] !== sommet[1]) sommets.push(sommet);
  }
  return sommets.length >= 2 ? simplifier(sommets) : [];
}

const ordreDesNoms = new Intl.Collator('fr');

/**
 * The streets of the register drawn from their addresses (docs/decisions.md « Cartes »), for a map with no plan
 * service: a street (its type, link word and name, in one commune) joins its numbered addresses in house-number
 * order, odd and even sides in one sequence, breaking where two consecutive numbers lie more than `ECART_MAX_RUE`
 * apart; each run becomes the line of its midpoints, simplified at `TOLERANCE_RUE`. An address without a leading
 * number has no place in the sequence and is left out; a street or a run of fewer than three addresses draws
 * nothing (see `ligne`). Sorted by street name, then commune.
 */
export function tracerRues(adresses: readonly AdresseDeRue[]): RueCarte[] {
  const parRue = new Map<string, { voie: AdresseDeRue; numerotees: Numerotee[] }>();
  for (const a of adresses) {
    const lu = lireNumero(a.noAdresse);
    if (!lu) continue;
    // a NUL between the parts: PostgreSQL's text never holds one, so two streets cannot share a key
    const cle = `${a.noCommune}\0${a.typeVoie ?? ''}\0${a.liant ?? ''}\0${a.nomVoie}`;
    const numerotee = { idpAdr: a.idpAdr, x: a.x, y: a.y, ...lu };
    const rue = parRue.get(cle);
    if (rue) rue.numerotees.push(numerotee);
    else parRue.set(cle, { voie: a, numerotees: [numerotee] });
  }
  const rues: (RueCarte & { noCommune: number })[] = [];
  for (const { voie, numerotees } of parRue.values()) {
    const lignes = troncons(numerotees.sort(parNumero))
      .map(ligne)
      .filter((l) => l.length);
    const { typeVoie, liant, nomVoie, noCommune } = voie;
    if (lignes.length) rues.push({ rue: libelleAdresse({ typeVoie, liant, nomVoie, noAdresse: null }), lignes, noCommune });
  }
  return rues.sort((a, b) => ordreDesNoms.compare(a.rue, b.rue) || a.noCommune - b.noCommune).map(({ rue, lignes }) => ({ rue, lignes }));
}
