import { anneauSimple } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lignes } from '../db/client.js';
import { enregistrer } from '../modules/adresse/index.js';
import { insererPlusieurs } from '../modules/secteur/index.js';
import { appDeTest } from '../test/app.js';
import { adressesVille } from './adresses.js';
import { SECTEURS_DEMO, SECTEURS_DEMO_ACTIFS } from './demo.js';
import { contour, perimetresDemo, semerPerimetresDemo } from './perimetres.js';

describe('contour de rectangles qui se touchent', () => {
  it('suit le bord extérieur, sans sommet au milieu d’un côté, dans le sens inverse des aiguilles', () => {
    // an L: a wide rectangle over a narrower one, sharing part of an edge, and a third inside the first
    expect(
      contour([
        [0, 30, 10, 20],
        [0, 10, 0, 10],
        [5, 10, 12, 18],
      ]),
    ).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [30, 10],
      [30, 20],
      [0, 20],
    ]);
  });

  it('fond deux rectangles qui se chevauchent', () => {
    expect(
      contour([
        [0, 10, 0, 10],
        [5, 15, 0, 10],
      ]),
    ).toEqual([
      [0, 0],
      [15, 0],
      [15, 10],
      [0, 10],
    ]);
  });

  it('refuse des rectangles séparés, ou qui ne se touchent que par un coin', () => {
    expect(() =>
      contour([
        [0, 10, 0, 10],
        [20, 30, 0, 10],
      ]),
    ).toThrow('une seule surface');
    expect(() =>
      contour([
        [0, 10, 0, 10],
        [10, 20, 10, 20],
      ]),
    ).toThrow('par un coin');
  });
});

describe('périmètres des secteurs de démonstration', () => {
  const t = appDeTest();
  const registre = adressesVille(SECTEURS_DEMO_ACTIFS);

  beforeAll(async () => {
    await insererPlusieurs(t.base.db, SECTEURS_DEMO, 'test');
    // the register as an official file gives it: without sectors
    await t.base.db.transaction((tx) =>
      enregistrer(
        tx,
        registre.map((a) => ({ ...a, secteur: null })),
        'test',
      ),
    );
  }, 60_000);

  it('sont des anneaux simples, un par secteur actif', () => {
    const perimetres = perimetresDemo(SECTEURS_DEMO_ACTIFS);
    expect(perimetres.map((p) => p.libelle)).toEqual(SECTEURS_DEMO_ACTIFS);
    expect(perimetres.every((p) => anneauSimple(p.perimetre))).toBe(true);
  });

  it('redonnent à chaque adresse du registre de démonstration le secteur avec lequel elle a été générée', async () => {
    expect(await semerPerimetresDemo(t.base.db, SECTEURS_DEMO_ACTIFS)).toEqual(['5 périmètres de secteurs']);
    const lus = new Map(
      (await lignes<{ idp_adr: string; secteur: string | null }>(t.base.db, sql`select idp_adr, secteur from adresse`)).map((a) => [
        a.idp_adr,
        a.secteur,
      ]),
    );
    expect(registre.filter((a) => lus.get(a.idpAdr) !== a.secteur)).toEqual([]);
    expect(await semerPerimetresDemo(t.base.db, SECTEURS_DEMO_ACTIFS)).toEqual([]);
  });
});
