import { ERREURS, SECTEUR_MESSAGES, VERSION_MESSAGES } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, refus, unique } from '../../test/app.js';
import { unSecteur } from '../../test/fabriques.js';

const t = appDeTest();
const INTERDIT = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };

/** Creates a sector through the API, as the screen does, and answers it as the API did. */
async function creer(champs: Record<string, unknown> = {}) {
  const r = await t.en('admin', {
    method: 'POST',
    url: '/webdeb/rest/secteur',
    payload: { libelle: unique('Secteur'), rive: 1, dateDebut: '2024-01-01', ...champs },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const enregistrer = (payload: object) => t.en('admin', { method: 'POST', url: '/webdeb/rest/secteur', payload });

describe('secteurs', () => {
  it("réserve l'écran aux rôles admin et technique, mais donne les libellés à tous", async () => {
    for (const compte of ['lecture', 'gestion'] as const) {
      expect(refus(await t.en(compte, { url: '/webdeb/rest/secteur/' }))).toEqual(INTERDIT);
      expect(refus(await t.en(compte, { method: 'POST', url: '/webdeb/rest/secteur', payload: {} }))).toEqual(INTERDIT);
    }
    const s = await unSecteur(t.base.db);
    expect((await t.en('technique', { url: `/webdeb/rest/secteur/${s.idSecteur}` })).statusCode).toBe(200);
    const libelles = await t.en('lecture', { url: '/webdeb/rest/secteur/labels' });
    expect(libelles.statusCode).toBe(200);
    expect(libelles.json()).toContain(s.libelle);
  });

  it("crée un secteur sans fin d'activité, puis lui donne une fin et l'efface vraiment", async () => {
    const s = await creer({ rive: 3 });
    expect(s).toMatchObject({ rive: 3, dateDebut: '2024-01-01', dateFin: null, createdBy: 'admin', version: 0 });
    const inactif = await enregistrer({ ...s, dateFin: '2025-06-30' });
    expect(inactif.json()).toMatchObject({ dateFin: '2025-06-30', version: 1 });
    const reactive = await enregistrer({ ...inactif.json(), dateFin: '' });
    expect(reactive.statusCode).toBe(200);
    expect(reactive.json().dateFin).toBeNull();
    expect((await t.en('admin', { url: `/webdeb/rest/secteur/${s.idSecteur}` })).json().dateFin).toBeNull();
  });

  it.each([
    [{ dateDebut: '2024-01-01' }, SECTEUR_MESSAGES.libelleObligatoire],
    [{ libelle: 'x'.repeat(256), dateDebut: '2024-01-01' }, SECTEUR_MESSAGES.libelleTropLong],
    [{ libelle: 'Nouveau' }, SECTEUR_MESSAGES.dateDebutObligatoire],
    [{ libelle: 'Nouveau', dateDebut: '' }, SECTEUR_MESSAGES.dateDebutObligatoire],
    [{ libelle: 'Nouveau', dateDebut: '2024-01-01', rive: 4 }, SECTEUR_MESSAGES.riveInvalide],
    [{ libelle: 'Nouveau', dateDebut: '2024-01-01', dateFin: '2023-12-31' }, SECTEUR_MESSAGES.dateFinAvantDebut],
  ])('refuse %j : « %s »', async (payload, message) => {
    expect(refus(await enregistrer(payload))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it("refuse un libellé déjà pris, et toute modification du libellé ou du début d'activité", async () => {
    const s = await creer();
    expect(refus(await enregistrer({ libelle: s.libelle, dateDebut: '2024-01-01' }))).toEqual({
      statut: 409,
      errMsg: SECTEUR_MESSAGES.libelleExistant(s.libelle),
      code: 'DOUBLON',
    });
    expect(refus(await enregistrer({ ...s, libelle: 'Autre' }))).toEqual({
      statut: 400,
      errMsg: SECTEUR_MESSAGES.libelleNonModifiable,
      code: 'SAISIE_INVALIDE',
    });
    expect(refus(await enregistrer({ ...s, dateDebut: '2020-01-01' }))).toEqual({
      statut: 400,
      errMsg: SECTEUR_MESSAGES.dateDebutNonModifiable,
      code: 'SAISIE_INVALIDE',
    });
  });

  it('répond 404 INTROUVABLE pour un secteur inconnu', async () => {
    expect(refus(await t.en('admin', { url: '/webdeb/rest/secteur/999999' }))).toEqual({
      statut: 404,
      errMsg: ERREURS.introuvable(SECTEUR_MESSAGES.introuvable),
      code: 'INTROUVABLE',
    });
  });

  it('refuse une version périmée (CONFLIT_VERSION) et une modification sans version (SAISIE_INVALIDE), sans rien changer', async () => {
    const s = await creer();
    await enregistrer({ ...s, rive: 2 });
    const perimee = refus(await enregistrer({ ...s, rive: 3 }));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(/^Cet enregistrement a été modifié par admin le /);
    expect(refus(await enregistrer({ ...s, rive: 3, version: undefined }))).toEqual({
      statut: 400,
      errMsg: VERSION_MESSAGES.obligatoire,
      code: 'SAISIE_INVALIDE',
    });
    expect((await t.en('admin', { url: `/webdeb/rest/secteur/${s.idSecteur}` })).json()).toMatchObject({ rive: 2, version: 1 });
  });

  it('filtre par libellé et par rive, trie par libellé, et trie la colonne active par date de fin', async () => {
    const prefixe = unique('Tri');
    await unSecteur(t.base.db, { libelle: `${prefixe} B`, rive: 2 });
    await unSecteur(t.base.db, { libelle: `${prefixe} A`, rive: 1, dateFin: '2025-01-01' });
    await unSecteur(t.base.db, { libelle: `${prefixe} C`, rive: 2, dateFin: '2024-06-01' });
    const lister = async (q: string) =>
      (await t.en('admin', { url: `/webdeb/rest/secteur/?libelle=${encodeURIComponent(prefixe)}&${q}` }))
        .json()
        .map((s: { libelle: string }) => s.libelle.slice(-1));
    expect(await lister('')).toEqual(['A', 'B', 'C']);
    expect(await lister('rive=2')).toEqual(['B', 'C']);
    const accentue = await unSecteur(t.base.db, { libelle: unique('Pâquis-Sécheron') });
    const filtre = accentue.libelle.replace('Pâquis-Sécheron', 'PAQUIS-secheron');
    expect((await t.en('admin', { url: `/webdeb/rest/secteur/?libelle=${encodeURIComponent(filtre)}` })).json()).toEqual([
      expect.objectContaining({ idSecteur: accentue.idSecteur }),
    ]);
    expect(await lister('sort=actif,asc')).toEqual(['C', 'A', 'B']);
    expect(refus(await t.en('admin', { url: '/webdeb/rest/secteur/?rive=9' }))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
  });

  it('exporte avec les rives en toutes lettres et de vraies dates', async () => {
    const s = await unSecteur(t.base.db, { rive: 2, dateDebut: '2024-01-01' });
    const r = await t.en('admin', { url: `/webdeb/rest/secteur/export/?libelle=${encodeURIComponent(s.libelle)}` });
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet('Secteurs')!;
    expect(feuille.getRow(1).values).toEqual([undefined, 'Libellé', 'Rive', "Début d'activité", "Fin d'activité", 'Actif']);
    expect(feuille.getRow(2).getCell(2).value).toBe('Droite');
    expect(feuille.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2024, 0, 1)));
    expect(feuille.getRow(2).getCell(3).numFmt).toBe('dd.mm.yyyy');
  });
});
