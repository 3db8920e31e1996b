import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lignes } from '../db/client.js';
import { levee, parametre } from '../db/schema.js';
import { appDeTest } from '../test/app.js';
import { desLevees, unSecteur } from '../test/fabriques.js';
import { estJourOuvrable, joursOuvrables } from '../joursOuvrables.js';
import { planifierLevees } from './planification.js';

const t = appDeTest();
let actif: number;
let ferme: number;
let futur: number;

beforeAll(async () => {
  actif = (await unSecteur(t.base.db, { libelle: 'Actif' })).idSecteur;
  ferme = (await unSecteur(t.base.db, { libelle: 'Fermé le 8 septembre', dateFin: '2026-09-08' })).idSecteur;
  futur = (await unSecteur(t.base.db, { libelle: 'Ouvre le 14 septembre', dateDebut: '2026-09-14' })).idSecteur;
  await t.base.db.update(parametre).set({ valeur: '11' }).where(eq(parametre.cle, 'levee.horizon.jours'));
  await t.base.db.update(parametre).set({ valeur: '25' }).where(eq(parametre.cle, 'levee.max.debarras'));
});

const datesDe = async (idSecteur: number) =>
  (await t.base.db.select({ d: levee.dateLevee }).from(levee).where(eq(levee.idSecteur, idSecteur)).orderBy(levee.dateLevee)).map(
    (l) => l.d,
  );

describe('jours ouvrables', () => {
  it('exclut samedis, dimanches et jours fériés genevois', () => {
    expect(estJourOuvrable('2026-09-10')).toBe(false); // Jeûne genevois
    expect(estJourOuvrable('2026-12-31')).toBe(false); // Restauration de la République
    expect(estJourOuvrable('2026-09-12')).toBe(false); // samedi
    expect(estJourOuvrable('2026-09-11')).toBe(true);
    expect(joursOuvrables('2026-09-07', '2026-09-13')).toEqual(['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-11']);
  });
});

describe('planification des levées', () => {
  it("crée une levée standard par secteur actif et jour ouvrable, dans ses dates d'activité", async () => {
    const bilan = await planifierLevees(t.base.db, '2026-09-07');
    expect(bilan.jusquAu).toBe('2026-09-18');
    expect(await datesDe(actif)).toEqual([
      '2026-09-07',
      '2026-09-08',
      '2026-09-09',
      '2026-09-11',
      '2026-09-14',
      '2026-09-15',
      '2026-09-16',
      '2026-09-17',
      '2026-09-18',
    ]);
    expect(await datesDe(ferme)).toEqual(['2026-09-07', '2026-09-08']);
    expect(await datesDe(futur)).toEqual(['2026-09-14', '2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18']);
    expect(bilan.creees).toBe(16);
    const [une] = await t.base.db
      .select()
      .from(levee)
      .where(and(eq(levee.idSecteur, actif), eq(levee.dateLevee, '2026-09-07')));
    expect(une).toMatchObject({ statut: 'ACTIF', supplementaire: 0, nbDebarrasMax: 25, indisponibilite: 0, createdBy: 'planification' });
  });

  it('ne crée rien de nouveau à la deuxième exécution, et garde un maximum modifié', async () => {
    await t.base.db
      .update(levee)
      .set({ nbDebarrasMax: 12 })
      .where(and(eq(levee.idSecteur, actif), eq(levee.dateLevee, '2026-09-08')));
    const [{ n: avant }] = (await lignes<{ n: number }>(t.base.db, sql`select count(*)::int as n from levee`)) as [{ n: number }];
    expect((await planifierLevees(t.base.db, '2026-09-07')).creees).toBe(0);
    const [{ n: apres }] = (await lignes<{ n: number }>(t.base.db, sql`select count(*)::int as n from levee`)) as [{ n: number }];
    expect(apres).toBe(avant);
    const [modifiee] = await t.base.db
      .select()
      .from(levee)
      .where(and(eq(levee.idSecteur, actif), eq(levee.dateLevee, '2026-09-08')));
    expect(modifiee!.nbDebarrasMax).toBe(12);
  });

  it('ne recrée pas une levée standard archivée ou supprimée, et ne compte pas les levées supplémentaires du jour', async () => {
    const seul = await unSecteur(t.base.db, { libelle: 'Seul', dateDebut: '2026-10-05', dateFin: '2026-10-06' });
    await desLevees(
      t.base.db,
      { dateLevee: '2026-10-05', idSecteur: seul.idSecteur, statut: 'SUPPRIME' },
      { dateLevee: '2026-10-06', nbDebarrasMax: 5 },
    );
    await planifierLevees(t.base.db, '2026-10-05');
    const levees = await t.base.db.select().from(levee).where(eq(levee.idSecteur, seul.idSecteur)).orderBy(levee.dateLevee);
    expect(levees.map((l) => [l.dateLevee, l.statut])).toEqual([
      ['2026-10-05', 'SUPPRIME'],
      ['2026-10-06', 'ACTIF'],
    ]);
  });

  it('écrit son bilan dans les messages', async () => {
    await t.taches().executer('planification');
    const messages = await t.en('admin', { url: '/webdeb/rest/logEvenement/?domaine=PLANIFICATION' });
    expect(messages.json()[0]).toMatchObject({
      type: 1,
      texte: expect.stringMatching(/^Planification des levées jusqu'au \d{2}\.\d{2}\.\d{4} : /),
    });
  });
});
