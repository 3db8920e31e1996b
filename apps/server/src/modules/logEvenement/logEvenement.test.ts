import { ERREURS, TYPE_EVENEMENT } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appDeTest, refus, unique } from '../../test/app.js';
import { journaliserEchec, journaliserSucces } from './service.js';

const t = appDeTest();

describe('messages', () => {
  it('sont réservés aux rôles admin et technique', async () => {
    const interdit = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };
    expect(refus(await t.en('gestion', { url: '/webdeb/rest/logEvenement/' }))).toEqual(interdit);
    expect(refus(await t.en('lecture', { url: '/webdeb/rest/logEvenement/export/' }))).toEqual(interdit);
  });

  it('listent ce que le serveur a journalisé, du plus récent au plus ancien, filtrables', async () => {
    const domaine = unique('TEST');
    await journaliserSucces(t.base.db, domaine, 'Premier traitement réussi');
    await journaliserEchec(t.base.db, domaine, 'Second traitement en échec');
    const lister = async (q: string) => (await t.en('admin', { url: `/webdeb/rest/logEvenement/?domaine=${domaine}&${q}` })).json();
    const tous = await lister('');
    expect(tous.map((l: { texte: string }) => l.texte)).toEqual(['Second traitement en échec', 'Premier traitement réussi']);
    expect(tous[0]).toMatchObject({ domaine, type: TYPE_EVENEMENT.KO });
    expect((await lister('type=2')).length).toBe(1);
    expect((await lister('texte=réussi')).length).toBe(1);
    expect((await lister('texte=ECHEC')).length).toBe(1);
    expect(refus(await t.en('admin', { url: '/webdeb/rest/logEvenement/?type=3' }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });
  });

  it("filtrent par jours, pris à l'heure de Genève", async () => {
    const domaine = unique('JOURS');
    // 23:30 in Geneva on 14 March = 22:30 UTC
    await t.base.db.execute(
      sql`insert into log_evenement (domaine, date, type, texte) values (${domaine}, '2026-03-14T22:30:00Z', 1, 'tard le 14')`,
    );
    const compter = async (q: string) => (await t.en('admin', { url: `/webdeb/rest/logEvenement/?domaine=${domaine}&${q}` })).json().length;
    expect(await compter('dateFrom=2026-03-14&dateTo=2026-03-14')).toBe(1);
    expect(await compter('dateFrom=2026-03-15')).toBe(0);
    expect(await compter('dateTo=2026-03-13')).toBe(0);
    expect(refus(await t.en('admin', { url: '/webdeb/rest/logEvenement/?dateFrom=14.03.2026' }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });
  });

  it("s'exportent avec OK/KO en clair", async () => {
    const domaine = unique('EXPORT');
    await journaliserEchec(t.base.db, domaine, 'Import interrompu à la ligne 12');
    const r = await t.en('technique', { url: `/webdeb/rest/logEvenement/export/?domaine=${domaine}` });
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ligne = classeur.getWorksheet('Messages')!.getRow(2);
    expect([ligne.getCell(1).value, ligne.getCell(3).value, ligne.getCell(4).value]).toEqual([
      domaine,
      'KO',
      'Import interrompu à la ligne 12',
    ]);
    expect(ligne.getCell(2).value).toBeInstanceOf(Date);
  });
});
