import { OBJET_MESSAGES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { appDeTest, type Compte, unique } from '../../test/app.js';

const t = appDeTest();
const nouvelObjet = (champs: Record<string, unknown> = {}) => ({
  libelle: unique('Objet'),
  libelleExt: 'En ligne',
  url: 'icones/sofa.svg',
  ordre: 5,
  type: 'Objet',
  actif: 1,
  ...champs,
});
const enregistrer = (payload: object, compte: Compte = 'technique') => t.en(compte, { method: 'POST', url: '/webdeb/rest/objet', payload });

describe('objets', () => {
  it("donne le catalogue à tout rôle connecté, filtré sur les actifs et trié par ordre d'affichage", async () => {
    const r = await t.en('lecture', { url: '/webdeb/rest/objet/?actif=1&type=Objet&size=3' });
    expect(r.statusCode).toBe(200);
    expect(r.json().map((o: { libelle: string }) => o.libelle)).toEqual(['Canapé', 'Fauteuil', 'Chaise']);
    const interdits = await t.en('gestion', { url: '/webdeb/rest/objet/?type=Interdit&libelle=pneu' });
    expect(interdits.json()[0]).toMatchObject({
      libelle: 'Pneus',
      urlInterdit: expect.stringMatching(/^https:\/\//),
      url: 'icones/circle-dot.svg',
    });
  });

  it("réserve l'ajout au rôle technique (403 pour admin, même par l'API)", async () => {
    const refuse = await enregistrer(nouvelObjet(), 'admin');
    expect(refuse.statusCode).toBe(403);
    expect(refuse.json().errMsg).toBe(OBJET_MESSAGES.reserveTechnique);
    expect((await enregistrer(nouvelObjet(), 'gestion')).statusCode).toBe(403);
    const cree = await enregistrer(nouvelObjet({ urlInterdit: '  ' }));
    expect(cree.statusCode).toBe(200);
    expect(cree.json()).toMatchObject({ actif: 1, urlInterdit: null, createdBy: 'technique' });
  });

  it("laisse l'admin modifier un objet, mais pas son libellé en ligne ni son image", async () => {
    const o = (await enregistrer(nouvelObjet())).json();
    const modifie = await enregistrer({ ...o, libelle: 'Renommé', ordre: 7, actif: 0 }, 'admin');
    expect(modifie.statusCode).toBe(200);
    expect(modifie.json()).toMatchObject({ libelle: 'Renommé', ordre: 7, actif: 0, version: 1 });
    const libelleExt = await enregistrer({ ...modifie.json(), libelleExt: 'Changé' }, 'admin');
    expect(libelleExt.statusCode).toBe(403);
    expect((await enregistrer({ ...modifie.json(), url: 'icones/bed.svg' }, 'admin')).statusCode).toBe(403);
    expect((await t.en('admin', { url: `/webdeb/rest/objet/${o.idObjet}` })).json().libelleExt).toBe('En ligne');
    expect((await enregistrer({ ...modifie.json(), libelleExt: 'Changé' })).statusCode).toBe(200);
  });

  it.each([
    [{ libelle: '' }, 'La saisie du libellé est obligatoire'],
    [{ libelle: 'x'.repeat(256) }, 'Le champ est trop long. Maximum 255 caractères'],
    [{ libelleExt: ' ' }, 'La saisie du libellé en ligne est obligatoire'],
    [{ url: '' }, "La saisie de l'image est obligatoire"],
    [{ ordre: undefined }, "La saisie de l'ordre d'affichage est obligatoire"],
    [{ ordre: 1000 }, 'Maximum 3 caractères'],
    [{ type: '' }, "La saisie de type d'objet est obligatoire"],
    [{ actif: true }, 'Le statut doit valoir 0 ou 1.'],
  ])('refuse %j : « %s »', async (champs, message) => {
    const r = await enregistrer(nouvelObjet(champs));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: message });
  });

  it('sert les icônes du catalogue', async () => {
    const r = await t.app.inject({ url: '/webdeb/icones/sofa.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.body).toContain('<svg');
    expect((await t.app.inject({ url: '/webdeb/icones/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
