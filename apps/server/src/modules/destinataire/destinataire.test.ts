import { DESTINATAIRE_LIBELLES, DESTINATAIRE_MESSAGES, ERREURS, VERSION_MESSAGES } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, JOUR_DE_TEST, refus, unique } from '../../test/app.js';

const t = appDeTest();
const INTROUVABLE = { statut: 404, errMsg: ERREURS.introuvable(DESTINATAIRE_MESSAGES.introuvable), code: 'INTROUVABLE' };
const nouveau = (champs: Record<string, unknown> = {}) => ({
  destinataire: unique('Chef'),
  email: 'chef@example.org',
  description: 'Planning',
  type: 'Pdf',
  actif: 1,
  ...champs,
});
const enregistrer = (payload: object) => t.en('admin', { method: 'POST', url: '/webdeb/rest/destinataire', payload });
const supprimer = (id: number, version?: number) =>
  t.en('admin', { method: 'DELETE', url: `/webdeb/rest/destinataire/${id}${version === undefined ? '' : `?version=${version}`}` });

describe('destinataires planning', () => {
  it('est réservé aux rôles admin et technique', async () => {
    for (const compte of ['lecture', 'gestion'] as const) {
      const interdit = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };
      expect(refus(await t.en(compte, { url: '/webdeb/rest/destinataire/' }))).toEqual(interdit);
      expect(refus(await t.en(compte, { method: 'DELETE', url: '/webdeb/rest/destinataire/1?version=0' }))).toEqual(interdit);
    }
    expect((await t.en('technique', { url: '/webdeb/rest/destinataire/' })).statusCode).toBe(200);
  });

  it('crée, modifie puis supprime un destinataire', async () => {
    const cree = await enregistrer(nouveau());
    expect(cree.statusCode).toBe(200);
    const d = cree.json();
    const m = (await enregistrer({ ...d, type: 'Word', actif: 0 })).json();
    expect(m).toMatchObject({ type: 'Word', actif: 0, version: 1 });
    const supprime = await supprimer(d.idDestinataire, m.version);
    expect(supprime.statusCode).toBe(200);
    expect(supprime.json().destinataire).toBe(d.destinataire);
    expect(refus(await t.en('admin', { url: `/webdeb/rest/destinataire/${d.idDestinataire}` }))).toEqual(INTROUVABLE);
    expect(refus(await supprimer(d.idDestinataire, m.version))).toEqual(INTROUVABLE);
  });

  it('refuse une modification ou une suppression sans version (400) ou à une version périmée (409), sans rien changer', async () => {
    const d = (await enregistrer(nouveau())).json();
    const m = (await enregistrer({ ...d, description: 'Tournées' })).json();
    const sansVersion = { statut: 400, errMsg: VERSION_MESSAGES.obligatoire, code: 'SAISIE_INVALIDE' };
    expect(refus(await enregistrer({ ...m, description: 'Autre', version: undefined }))).toEqual(sansVersion);
    expect(refus(await supprimer(d.idDestinataire))).toEqual(sansVersion);
    expect(refus(await supprimer(d.idDestinataire, Number.NaN))).toEqual({
      statut: 400,
      errMsg: VERSION_MESSAGES.invalide,
      code: 'SAISIE_INVALIDE',
    });
    const perimee = refus(await supprimer(d.idDestinataire, d.version));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(/^Cet enregistrement a été modifié par admin le /);
    expect(refus(await enregistrer({ ...d, description: 'Autre' }))).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect((await t.en('admin', { url: `/webdeb/rest/destinataire/${d.idDestinataire}` })).json()).toMatchObject({
      description: 'Tournées',
      version: 1,
    });
  });

  it.each([
    [{ destinataire: '' }, DESTINATAIRE_MESSAGES.nomObligatoire],
    [{ destinataire: 'n'.repeat(256) }, DESTINATAIRE_MESSAGES.nomTropLong],
    [{ email: '' }, DESTINATAIRE_MESSAGES.emailObligatoire],
    [{ email: 'pas-un-email' }, DESTINATAIRE_MESSAGES.emailInvalide],
    [{ description: ' ' }, DESTINATAIRE_MESSAGES.descriptionObligatoire],
    [{ description: 'd'.repeat(256) }, DESTINATAIRE_MESSAGES.descriptionTropLongue],
    [{ type: 'Papier' }, DESTINATAIRE_MESSAGES.typeObligatoire],
  ])('refuse %j : « %s »', async (champs, message) => {
    expect(refus(await enregistrer(nouveau(champs)))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it('filtre par défaut sur les actifs, par type, et trie par nom', async () => {
    const prefixe = unique('Filtre');
    await enregistrer(nouveau({ destinataire: `${prefixe} B`, type: 'Excel' }));
    await enregistrer(nouveau({ destinataire: `${prefixe} A`, type: 'Word' }));
    await enregistrer(nouveau({ destinataire: `${prefixe} C`, type: 'Word', actif: 0 }));
    const noms = async (q: string) =>
      (await t.en('admin', { url: `/webdeb/rest/destinataire/?destinataire=${encodeURIComponent(prefixe)}&${q}` }))
        .json()
        .map((d: { destinataire: string }) => d.destinataire.slice(-1));
    expect(await noms('actif=1')).toEqual(['A', 'B']);
    expect(await noms('type=Word')).toEqual(['A', 'C']);
    expect(await noms('actif=0')).toEqual(['C']);
    expect(await noms('sort=destinataire,desc')).toEqual(['C', 'B', 'A']);
    const nom = unique('Équipe Pâquis');
    await enregistrer(nouveau({ destinataire: nom, description: 'Tournée du matin' }));
    const filtres = `destinataire=${encodeURIComponent(nom.replace('Équipe Pâquis', 'equipe PAQUIS'))}&description=TOURNEE`;
    const trouves = (await t.en('admin', { url: `/webdeb/rest/destinataire/?${filtres}` })).json();
    expect(trouves.map((d: { destinataire: string }) => d.destinataire)).toEqual([nom]);
  });

  it('exporte les destinataires filtrés en .xlsx, avec des en-têtes français, le statut en toutes lettres et le jour dans le nom', async () => {
    const prefixe = unique('Export');
    await enregistrer(nouveau({ destinataire: `${prefixe} B`, email: 'b@example.org', type: 'Excel', actif: 0 }));
    await enregistrer(nouveau({ destinataire: `${prefixe} A`, email: 'a@example.org', description: 'Tournées', type: 'Word' }));
    const r = await t.en('technique', {
      url: `/webdeb/rest/destinataire/export/?destinataire=${encodeURIComponent(prefixe)}&sort=destinataire,asc`,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="destinataires_${JOUR_DE_TEST}.xlsx"`);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet(DESTINATAIRE_LIBELLES.titre)!;
    expect(feuille.getRow(1).values).toEqual([
      undefined,
      DESTINATAIRE_LIBELLES.destinataire,
      DESTINATAIRE_LIBELLES.email,
      DESTINATAIRE_LIBELLES.description,
      DESTINATAIRE_LIBELLES.type,
      DESTINATAIRE_LIBELLES.actif,
    ]);
    expect(feuille.rowCount).toBe(3);
    expect(feuille.getRow(2).values).toEqual([undefined, `${prefixe} A`, 'a@example.org', 'Tournées', 'Word', 'Actif']);
    expect(feuille.getRow(3).values).toEqual([undefined, `${prefixe} B`, 'b@example.org', 'Planning', 'Excel', 'Inactif']);
  });
});
