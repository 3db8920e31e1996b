import { describe, expect, it } from 'vitest';
import { CARTE_MESSAGES } from './carte.js';
import { anneauPerimetre, anneauSimple, perimetreSaisieSchema, SECTEUR_MESSAGES } from './secteur.js';

const CARRE: [number, number][] = [
  [2500000, 1117000],
  [2500100, 1117000],
  [2500100, 1117100],
  [2500000, 1117100],
];
const message = (perimetre: unknown) => perimetreSaisieSchema.safeParse({ version: 0, perimetre }).error?.issues[0]?.message;

describe("périmètre d'un secteur", () => {
  it("s'enregistre sans sommet répété ni sommet de fermeture", () => {
    expect(anneauPerimetre([...CARRE, CARRE[0]!])).toEqual(CARRE);
    expect(anneauPerimetre([CARRE[0]!, CARRE[0]!, ...CARRE.slice(1), CARRE[0]!, CARRE[0]!])).toEqual(CARRE);
    expect(perimetreSaisieSchema.parse({ version: 3, perimetre: [...CARRE, CARRE[0]] })).toEqual({ version: 3, perimetre: CARRE });
  });

  it('compte au moins trois sommets distincts', () => {
    expect(message([CARRE[0], CARRE[1], CARRE[1], CARRE[0]])).toBe(CARTE_MESSAGES.perimetreTropCourt);
  });

  it('ne se croise ni ne se touche, et entoure une surface', () => {
    expect(anneauSimple(CARRE)).toBe(true);
    // a bow tie, a ring whose side comes back on a vertex, three vertices in a line, a side folding back on the previous one
    expect(message([CARRE[0], CARRE[2], CARRE[1], CARRE[3]])).toBe(SECTEUR_MESSAGES.perimetreCroise);
    expect(
      anneauSimple([
        [0, 0],
        [10, 0],
        [10, 10],
        [5, 0],
        [0, 10],
      ]),
    ).toBe(false);
    expect(
      anneauSimple([
        [0, 0],
        [5, 0],
        [10, 0],
      ]),
    ).toBe(false);
    expect(
      anneauSimple([
        [0, 0],
        [10, 0],
        [-5, 0],
        [0, 10],
      ]),
    ).toBe(false);
  });
});
