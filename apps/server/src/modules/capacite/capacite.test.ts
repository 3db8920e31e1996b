import { CAPACITE_MESSAGES, type CelluleCapacite, type JourCapacite, type Levee } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { appDeTest, dans, refus } from '../../test/app.js';
import { desLevees, unDebarras, unSecteur } from '../../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';

const capacite = async (du: string, au: string) => {
  const r = await t.en('lecture', { url: `${REST}/capacite?du=${du}&au=${au}` });
  expect(r.statusCode).toBe(200);
  return r.json() as CelluleCapacite[];
};

/** What the levée list says of the same levées: its counts are the board's. */
const listeDesLevees = async (du: string, au: string) => {
  const r = await t.en('lecture', { url: `${REST}/levee/?statut=ACTIF&dateFrom=${du}&dateTo=${au}&size=100` });
  expect(r.statusCode).toBe(200);
  return r.json() as Levee[];
};

describe('le tableau des capacités', () => {
  it('donne chaque levée active de la période une fois, dans la case de son jour et de son secteur, avec les comptes de la liste des levées', async () => {
    const s = await unSecteur(t.base.db);
    const [lundi, mardi, , , supplementaire] = await desLevees(
      t.base.db,
      { idSecteur: s.idSecteur, dateLevee: dans(5), nbDebarrasMax: 10 },
      { idSecteur: s.idSecteur, dateLevee: dans(6), nbDebarrasMax: 4 },
      { idSecteur: s.idSecteur, dateLevee: dans(7), statut: 'ARCHIVE' },
      { idSecteur: s.idSecteur, dateLevee: dans(40) },
      { dateLevee: dans(5), nbDebarrasMax: 8 },
    );
    for (const statut of ['ACTIF', 'ACTIF', 'EN_ATTENTE_VALIDATION', 'SUPPRIME'])
      await unDebarras(t.base.db, { idLevee: lundi!.idLevee, statut });
    await unDebarras(t.base.db, { idLevee: supplementaire!.idLevee });

    const cellules = await capacite(dans(5), dans(11));
    const ids = cellules.flatMap((c) => c.levees.map((l) => l.idLevee));
    // each ACTIF levée of the period once, and only those
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual((await listeDesLevees(dans(5), dans(11))).map((l) => l.idLevee).sort());
    expect(cellules.find((c) => c.idSecteur === s.idSecteur && c.date === dans(5))).toEqual({
      date: dans(5),
      idSecteur: s.idSecteur,
      secteur: s.libelle,
      levees: [{ idLevee: lundi!.idLevee, supplementaire: false, nbDebarras: 2, nbDebarrasMax: 10, enAttente: 1, statut: 'ACTIF' }],
    });
    expect(cellules.find((c) => c.idSecteur === s.idSecteur && c.date === dans(6))!.levees[0]).toMatchObject({
      idLevee: mardi!.idLevee,
      nbDebarras: 0,
    });
    const sansSecteur = cellules.find((c) => c.idSecteur === null && c.date === dans(5))!;
    expect(sansSecteur.secteur).toBe('Supplémentaire');
    expect(sansSecteur.levees).toContainEqual(
      expect.objectContaining({ idLevee: supplementaire!.idLevee, supplementaire: true, nbDebarras: 1 }),
    );

    // the counts equal the levée list's, levée by levée
    const parId = new Map(cellules.flatMap((c) => c.levees).map((l) => [l.idLevee, l]));
    for (const l of await listeDesLevees(dans(5), dans(11))) {
      expect([parId.get(l.idLevee)!.nbDebarras, parId.get(l.idLevee)!.enAttente, parId.get(l.idLevee)!.nbDebarrasMax]).toEqual([
        l.nbDebarras,
        l.nbReservationsEnCours,
        l.nbDebarrasMax,
      ]);
    }
  });

  it('se lit par chaque rôle, lecture comprise', async () => {
    for (const compte of ['lecture', 'gestion', 'admin', 'technique'] as const) {
      expect((await t.en(compte, { url: `${REST}/capacite?du=${dans(1)}&au=${dans(14)}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: `${REST}/capacite?du=${dans(1)}&au=${dans(14)}` })).statusCode).toBe(401);
  });

  it('refuse plus de 62 jours, une fin avant le début et une date illisible, par un code', async () => {
    expect((await t.en('lecture', { url: `${REST}/capacite?du=${dans(0)}&au=${dans(61)}` })).statusCode).toBe(200);
    expect(refus(await t.en('lecture', { url: `${REST}/capacite?du=${dans(0)}&au=${dans(62)}` }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
      errMsg: CAPACITE_MESSAGES.periodeTropLongue,
    });
    expect(refus(await t.en('lecture', { url: `${REST}/capacite?du=${dans(3)}&au=${dans(2)}` }))).toMatchObject({
      statut: 400,
      errMsg: CAPACITE_MESSAGES.finAvantDebut,
    });
    expect(refus(await t.en('lecture', { url: `${REST}/capacite?du=demain&au=${dans(2)}` }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });
  });

  it('dit pour chaque jour s’il est ouvrable, et nomme les jours fériés de Genève', async () => {
    const r = await t.en('lecture', { url: `${REST}/capacite/jours?du=2026-12-24&au=2026-12-31` });
    expect(r.statusCode).toBe(200);
    const jours = r.json() as JourCapacite[];
    expect(jours).toHaveLength(8);
    expect(jours.find((j) => j.date === '2026-12-24')).toEqual({ date: '2026-12-24', ouvrable: true, ferie: null });
    expect(jours.find((j) => j.date === '2026-12-25')).toMatchObject({ ouvrable: false, ferie: 'Noël' });
    expect(jours.find((j) => j.date === '2026-12-26')).toMatchObject({ ouvrable: false, ferie: null });
    expect(jours.find((j) => j.date === '2026-12-31')).toMatchObject({ ouvrable: false, ferie: expect.stringMatching(/Restauration/) });
  });
});
