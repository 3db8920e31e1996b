import { SECTEUR_MESSAGES } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, unique } from '../../test/app.js';

const t = appDeTest();

async function unSecteur(champs: Record<string, unknown> = {}) {
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
      expect((await t.en(compte, { url: '/webdeb/rest/secteur/' })).statusCode).toBe(403);
      expect((await t.en(compte, { method: 'POST', url: '/webdeb/rest/secteur', payload: {} })).statusCode).toBe(403);
    }
    const s = await unSecteur();
    expect((await t.en('technique', { url: `/webdeb/rest/secteur/${s.idSecteur}` })).statusCode).toBe(200);
    const libelles = await t.en('lecture', { url: '/webdeb/rest/secteur/labels' });
    expect(libelles.statusCode).toBe(200);
    expect(libelles.json()).toContain(s.libelle);
  });

  it("crée un secteur sans fin d'activité, puis lui donne une fin et l'efface vraiment", async () => {
    const s = await unSecteur({ rive: 3 });
    expect(s).toMatchObject({ rive: 3, dateDebut: '2024-01-01', dateFin: null, createdBy: 'admin', version: 0 });
    const inactif = await enregistrer({ ...s, dateFin: '2025-06-30' });
    expect(inactif.json()).toMatchObject({ dateFin: '2025-06-30', version: 1 });
    const reactive = await enregistrer({ ...inactif.json(), dateFin: '' });
    expect(reactive.statusCode).toBe(200);
    expect(reactive.json().dateFin).toBeNull();
    expect((await t.en('admin', { url: `/webdeb/rest/secteur/${s.idSecteur}` })).json().dateFin).toBeNull();
  });

  it.each([
    [{ dateDebut: '2024-01-01' }, 'La saisie du libellé est obligatoire'],
    [{ libelle: 'x'.repeat(256), dateDebut: '2024-01-01' }, 'Le libellé est trop long. Maximum 255 caratères'],
    [{ libelle: 'Nouveau' }, "La saisie du début d'activité est obligatoire"],
    [{ libelle: 'Nouveau', dateDebut: '' }, "La saisie du début d'activité est obligatoire"],
    [{ libelle: 'Nouveau', dateDebut: '2024-01-01', rive: 4 }, 'La rive doit être Gauche (1), Droite (2) ou Mixte (3).'],
    [
      { libelle: 'Nouveau', dateDebut: '2024-01-01', dateFin: '2023-12-31' },
      "La fin d'activité doit être postérieure ou égale au début d'activité.",
    ],
  ])('refuse %j : « %s »', async (payload, message) => {
    const r = await enregistrer(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: message });
  });

  it("refuse un libellé déjà pris, et toute modification du libellé ou du début d'activité", async () => {
    const s = await unSecteur();
    expect((await enregistrer({ libelle: s.libelle, dateDebut: '2024-01-01' })).statusCode).toBe(409);
    expect((await enregistrer({ ...s, libelle: 'Autre' })).json().errMsg).toBe(SECTEUR_MESSAGES.libelleNonModifiable);
    expect((await enregistrer({ ...s, dateDebut: '2020-01-01' })).json().errMsg).toBe(SECTEUR_MESSAGES.dateDebutNonModifiable);
  });

  it('refuse une version périmée', async () => {
    const s = await unSecteur();
    await enregistrer({ ...s, rive: 2 });
    const r = await enregistrer({ ...s, rive: 3 });
    expect(r.statusCode).toBe(409);
    expect(r.json().errMsg).toMatch(/^Cet enregistrement a été modifié par admin le /);
  });

  it('filtre par libellé et par rive, trie par libellé, et trie la colonne active par date de fin', async () => {
    const prefixe = unique('Tri');
    await unSecteur({ libelle: `${prefixe} B`, rive: 2 });
    await unSecteur({ libelle: `${prefixe} A`, rive: 1, dateFin: '2025-01-01' });
    await unSecteur({ libelle: `${prefixe} C`, rive: 2, dateFin: '2024-06-01' });
    const lister = async (q: string) =>
      (await t.en('admin', { url: `/webdeb/rest/secteur/?libelle=${encodeURIComponent(prefixe)}&${q}` }))
        .json()
        .map((s: { libelle: string }) => s.libelle.slice(-1));
    expect(await lister('')).toEqual(['A', 'B', 'C']);
    expect(await lister('rive=2')).toEqual(['B', 'C']);
    expect(await lister('sort=actif,asc')).toEqual(['C', 'A', 'B']);
    expect((await t.en('admin', { url: '/webdeb/rest/secteur/?rive=9' })).statusCode).toBe(400);
  });

  it('exporte avec les rives en toutes lettres et de vraies dates', async () => {
    const s = await unSecteur({ rive: 2 });
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
