import { ERREURS } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservation } from '../../db/schema.js';
import { noterEtape } from './index.js';
import { appDeTest, refus, unique } from '../../test/app.js';

const t = appDeTest();

describe('réservations en ligne', () => {
  it("écrit les étapes d'une session sur sa ligne du type, et commence une ligne par type", async () => {
    const idSession = unique('session');
    const creation = { idSession, type: 'creation' as const, langue: 'en' };
    await noterEtape(t.base.db, creation, 'reservation', new Date('2026-05-01T08:00:00Z'));
    await noterEtape(t.base.db, creation, 'confirmation', new Date('2026-05-01T08:02:00Z'));
    await noterEtape(t.base.db, creation, 'rejet', new Date('2026-05-01T08:02:01Z'));
    await noterEtape(t.base.db, { ...creation, type: 'annulation' }, 'confirmation', new Date('2026-05-01T09:00:00Z'));
    const lignes = await t.base.db
      .select()
      .from(reservation)
      .where(eq(reservation.idSession, idSession))
      .orderBy(reservation.idReservation);
    expect(lignes).toMatchObject([
      {
        type: 'creation',
        langue: 'en',
        timestampReservation: new Date('2026-05-01T08:00:00Z'),
        timestampConfirmation: new Date('2026-05-01T08:02:00Z'),
        timestampValidation: null,
        rejetEmail: 1,
      },
      {
        type: 'annulation',
        langue: 'en',
        timestampReservation: null,
        timestampConfirmation: new Date('2026-05-01T09:00:00Z'),
        rejetEmail: 0,
      },
    ]);
  });

  it('sont réservées aux rôles admin et technique', async () => {
    expect(refus(await t.en('gestion', { url: '/webdeb/rest/reservation/' }))).toEqual({
      statut: 403,
      errMsg: ERREURS.nonAutorise,
      code: 'NON_AUTORISE',
    });
  });

  it('se listent de la plus récente à la plus ancienne, filtrables par type, session et langue', async () => {
    const session = unique('session');
    await t.base.db.insert(reservation).values([
      { type: 'creation', idSession: `${session}-1`, timestampReservation: new Date('2026-05-01T08:00:00Z'), langue: 'fr' },
      {
        type: 'modification',
        idSession: `${session}-2`,
        timestampReservation: new Date('2026-05-02T08:00:00Z'),
        timestampConfirmation: new Date('2026-05-02T08:03:07Z'),
        langue: 'en',
      },
    ]);
    const lister = async (q: string) => (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${session}&${q}` })).json();
    expect((await lister('')).map((r: { idSession: string }) => r.idSession)).toEqual([`${session}-2`, `${session}-1`]);
    expect(await lister('langue=en')).toHaveLength(1);
    expect(await lister('type=modif')).toHaveLength(1);
    expect(await lister('type=MÔDIF')).toHaveLength(1);
    expect(refus(await t.en('admin', { url: '/webdeb/rest/reservation/?langue=de' }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });

    const r = await t.en('admin', { url: `/webdeb/rest/reservation/export/?idSession=${session}` });
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet('Réservations en ligne')!;
    expect(feuille.getRow(1).getCell(6).value).toBe('Diff 1 et 2');
    expect(feuille.getRow(2).getCell(6).value).toBe('3 min 07 s');
    expect(feuille.getRow(2).getCell(9).value).toBe('Anglais');
  });
});
