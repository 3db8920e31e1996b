import { ETENDUE_CANTON, travauxEnCours, type AdresseException } from '@debarras/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { enregistrer as enregistrerAdresses } from '../modules/adresse/index.js';
import { appDeTest, JOUR_DE_TEST } from '../test/app.js';
import { adressesVille } from './adresses.js';
import { SECTEURS_DEMO_ACTIFS } from './demo.js';
import { semerExceptionsDemo } from './exceptions.js';

const t = appDeTest();
const registre = adressesVille(SECTEURS_DEMO_ACTIFS);
let exceptions: AdresseException[];

beforeAll(async () => {
  // one address in 250: among them, those the demo's exceptions are on
  await t.base.db.transaction((tx) =>
    enregistrerAdresses(
      tx,
      registre.filter((_, i) => i % 250 === 0),
      'test',
    ),
  );
  expect(await semerExceptionsDemo(t.base.db, t.horloge.maintenant())).toEqual(['8 adresses exceptions']);
  exceptions = (await t.en('admin', { url: '/webdeb/rest/adresseexception/?size=50' })).json();
});

describe('adresses exceptions de démonstration', () => {
  it('place chaque point à quelques mètres de son adresse, dans le canton', () => {
    const parIdpAdr = new Map(registre.map((a) => [a.idpAdr, a]));
    const points = exceptions.flatMap((e) => {
      const a = parIdpAdr.get(e.idpadr)!;
      expect(e.adresse).toContain(a.nomVoie);
      return [
        [e.xdepot, e.ydepot],
        [e.xtravaux, e.ytravaux],
      ].flatMap(([x, y]) => (x === null || y === null ? [] : [{ x: x!, y: y!, a }]));
    });
    expect(points.length).toBeGreaterThanOrEqual(7);
    for (const { x, y, a } of points) {
      expect(Math.hypot(x - a.x, y - a.y)).toBeLessThan(12);
      expect(x).toBeGreaterThan(ETENDUE_CANTON.xMin);
      expect(y).toBeLessThan(ETENDUE_CANTON.yMax);
    }
  });

  it('montre des points de dépôt, des travaux en cours au jour de la démonstration et à venir, et une exception inactive', () => {
    expect(exceptions.filter((e) => e.xdepot !== null && e.remarquePublique && e.remarqueInterne).length).toBeGreaterThanOrEqual(4);
    const avecTravaux = exceptions.filter((e) => e.remarqueTravaux);
    expect(avecTravaux).toHaveLength(2);
    expect(avecTravaux.filter((e) => travauxEnCours(e, JOUR_DE_TEST))).toHaveLength(1);
    expect(avecTravaux.filter((e) => e.dateDebutTravaux! > JOUR_DE_TEST)).toHaveLength(1);
    expect(exceptions.filter((e) => e.statut === 'INACTIF')).toHaveLength(1);
  });

  it("n'est semé qu'une fois", async () => {
    expect(await semerExceptionsDemo(t.base.db, t.horloge.maintenant())).toEqual([]);
    const r = await t.en('admin', { url: '/webdeb/rest/adresseexception/?size=1' });
    expect(r.headers['x-total-elements']).toBe('8');
  });
});
