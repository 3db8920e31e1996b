import { describe, expect, it } from 'vitest';
import { appDeTest, unique } from '../../test/app.js';

const t = appDeTest();
const nouveau = (champs: Record<string, unknown> = {}) => ({
  destinataire: unique('Chef'),
  email: 'chef@example.org',
  description: 'Planning',
  type: 'Pdf',
  actif: 1,
  ...champs,
});
const enregistrer = (payload: object) => t.en('admin', { method: 'POST', url: '/webdeb/rest/destinataire', payload });

describe('destinataires planning', () => {
  it('est réservé aux rôles admin et technique', async () => {
    for (const compte of ['lecture', 'gestion'] as const) {
      expect((await t.en(compte, { url: '/webdeb/rest/destinataire/' })).statusCode).toBe(403);
      expect((await t.en(compte, { method: 'DELETE', url: '/webdeb/rest/destinataire/1' })).statusCode).toBe(403);
    }
    expect((await t.en('technique', { url: '/webdeb/rest/destinataire/' })).statusCode).toBe(200);
  });

  it('crée, modifie puis supprime un destinataire', async () => {
    const cree = await enregistrer(nouveau());
    expect(cree.statusCode).toBe(200);
    const d = cree.json();
    expect((await enregistrer({ ...d, type: 'Word', actif: 0 })).json()).toMatchObject({ type: 'Word', actif: 0, version: 1 });
    const supprime = await t.en('admin', { method: 'DELETE', url: `/webdeb/rest/destinataire/${d.idDestinataire}` });
    expect(supprime.statusCode).toBe(200);
    expect(supprime.json().destinataire).toBe(d.destinataire);
    expect((await t.en('admin', { url: `/webdeb/rest/destinataire/${d.idDestinataire}` })).statusCode).toBe(404);
    expect((await t.en('admin', { method: 'DELETE', url: `/webdeb/rest/destinataire/${d.idDestinataire}` })).statusCode).toBe(404);
  });

  it.each([
    [{ destinataire: '' }, 'La saisie du nom est obligatoire'],
    [{ destinataire: 'n'.repeat(256) }, 'Le nom est trop long. Maximum 255 caratères'],
    [{ email: '' }, "La saisie de l'e-mail est obligatoire"],
    [{ email: 'pas-un-email' }, 'Veuillez saisir un e-mail valide'],
    [{ description: ' ' }, 'La saisie de la description est obligatoire'],
    [{ description: 'd'.repeat(256) }, 'La description est trop longue. Maximum 255 caratères'],
    [{ type: 'Papier' }, 'La saisie du type est obligatoire'],
  ])('refuse %j : « %s »', async (champs, message) => {
    const r = await enregistrer(nouveau(champs));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: message });
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
  });
});
