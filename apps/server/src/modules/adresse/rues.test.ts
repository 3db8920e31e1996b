import { describe, expect, it } from 'vitest';
import { ECART_MAX_RUE, TOLERANCE_RUE, tracerRues, type AdresseDeRue } from './rues.js';

const X = 2_500_000;
const Y = 1_118_000;

/** An address of Rue de la Servette (Genève) `est` metres east and `nord` metres north of (X, Y). */
const adresse = (noAdresse: string | null, est: number, nord = 0, champs: Partial<AdresseDeRue> = {}): AdresseDeRue => ({
  idpAdr: `T-${noAdresse ?? 'sans'}-${est}-${nord}`,
  typeVoie: 'Rue',
  liant: 'de la',
  nomVoie: 'Servette',
  noAdresse,
  noCommune: 6621,
  x: X + est,
  y: Y + nord,
  ...champs,
});

/** The vertices of a line, back as offsets from (X, Y). */
const decalages = (ligne: [number, number][]) => ligne.map(([x, y]) => [x - X, y - Y]);

describe('rues tracées depuis les adresses du registre', () => {
  it("relie les milieux des numéros consécutifs, dans l'ordre des numéros quel que soit celui du registre", () => {
    // the street turns a corner at number 5
    const [rue] = tracerRues([adresse('5', 40), adresse('1', 0), adresse('10', 40, 40), adresse('3', 20), adresse('7', 40, 20)]);
    expect(rue!.rue).toBe('Rue de la Servette');
    // 1, 3, 5, 7, 10 (10 after 7, not after 1 as text would sort it)
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [10, 0],
        [30, 0],
        [40, 10],
        [40, 30],
      ],
    ]);
  });

  it('range les suffixes après leur numéro : 12 < 12A < 12bis < 13, sans égard à la casse ni aux espaces', () => {
    const [rue] = tracerRues([adresse('13', 40, 40), adresse('12 bis', 40, 20), adresse('12a', 40), adresse('12', 20), adresse('11', 0)]);
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [10, 0],
        [30, 0],
        [40, 10],
        [40, 30],
      ],
    ]);
  });

  it('suit le milieu de la rue quand les numéros pairs et impairs se font face, au lieu de la traverser à chaque numéro', () => {
    // odd numbers 8 m north, even ones 8 m south, a pair every 20 m: the midpoints lie on the street's axis
    const cotes = ['1', '2', '3', '4', '5', '6'].map((no, i) => adresse(no, Math.floor(i / 2) * 20, i % 2 ? -8 : 8));
    expect(tracerRues(cotes)[0]!.lignes.map(decalages)).toEqual([
      [
        [0, 0],
        [40, 0],
      ],
    ]);
  });

  it(`ne garde que les sommets qui plient la ligne de plus de ${TOLERANCE_RUE} m`, () => {
    const [rue] = tracerRues([
      adresse('1', 0),
      adresse('3', 20),
      adresse('5', 40, 2),
      adresse('7', 60),
      adresse('9', 80),
      adresse('11', 80, 40),
    ]);
    // midpoints (10, 0), (30, 1), (50, 1), (70, 0), (80, 20): the two a metre off the axis go, the corner stays
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [10, 0],
        [70, 0],
        [80, 20],
      ],
    ]);
  });

  it(`coupe la ligne entre deux numéros consécutifs à plus de ${ECART_MAX_RUE} m : pas de corde à travers la ville`, () => {
    const [rue] = tracerRues([
      adresse('1', 0),
      adresse('3', 20),
      adresse('5', 40),
      // 7 is 261 m past 5: a new run
      adresse('7', 301),
      adresse('9', 321),
      adresse('11', 341),
    ]);
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [10, 0],
        [30, 0],
      ],
      [
        [311, 0],
        [331, 0],
      ],
    ]);
    // at exactly the threshold, the numbers are still joined
    expect(tracerRues([adresse('1', 0), adresse('3', ECART_MAX_RUE), adresse('5', ECART_MAX_RUE + 20)])[0]!.lignes).toHaveLength(1);
  });

  it("ne trace rien d'une rue, ou d'un tronçon, de moins de trois adresses : deux adresses ne disent pas le sens de la rue", () => {
    expect(tracerRues([adresse('1', 0)])).toEqual([]);
    expect(tracerRues([adresse('1', 0, 8), adresse('2', 0, -8)])).toEqual([]);
    // a lone address far from the others adds no line of its own
    const [rue] = tracerRues([adresse('1', 0), adresse('3', 20), adresse('5', 40), adresse('99', 2000)]);
    expect(rue!.lignes).toHaveLength(1);
  });

  it('laisse de côté les adresses sans numéro en tête, qui ne se rangent pas', () => {
    const [rue] = tracerRues([adresse('1', 0), adresse(null, 500), adresse('bis', 700), adresse('3', 20), adresse('5', 40)]);
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [10, 0],
        [30, 0],
      ],
    ]);
  });

  it('sépare les rues par type, liant, nom et commune, et les range par nom', () => {
    const trois = (champs: Partial<AdresseDeRue>, nord: number) => ['1', '3', '5'].map((no, i) => adresse(no, i * 20, nord, champs));
    const rues = tracerRues([
      ...trois({}, 0),
      ...trois({ typeVoie: 'Avenue' }, 100),
      ...trois({ typeVoie: 'Chemin', liant: 'des', nomVoie: 'Vignes', noCommune: 6630 }, 200),
      ...trois({ typeVoie: 'Chemin', liant: 'des', nomVoie: 'Vignes', noCommune: 6608 }, 300),
      ...trois({ typeVoie: null, liant: null, nomVoie: 'Grand-Rue' }, 400),
    ]);
    expect(rues.map((r) => [r.rue, r.lignes[0]![0]![1] - Y])).toEqual([
      ['Avenue de la Servette', 100],
      // one name in two communes: two streets, each numbered from 1
      ['Chemin des Vignes', 300],
      ['Chemin des Vignes', 200],
      ['Grand-Rue', 400],
      ['Rue de la Servette', 0],
    ]);
  });

  it('arrondit les sommets au mètre et ne répète pas un sommet', () => {
    const [rue] = tracerRues([adresse('1', 0.2), adresse('1A', 0.4), adresse('2', 0.2), adresse('3', 20.3), adresse('5', 20.3, 20.9)]);
    // midpoints (0.3, 0), (0.3, 0) again, (10.25, 0), (20.3, 10.45)
    expect(rue!.lignes.map(decalages)).toEqual([
      [
        [0, 0],
        [10, 0],
        [20, 10],
      ],
    ]);
  });
});
