import { ERREURS, OBJET_MESSAGES, VERSION_MESSAGES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { appDeTest, type Compte, refus, unique } from '../../test/app.js';

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
    const sansAccent = await t.en('lecture', { url: '/webdeb/rest/objet/?libelle=CANAPE' });
    expect(sansAccent.json().map((o: { libelle: string }) => o.libelle)).toEqual(['Canapé']);
    const interdits = await t.en('gestion', { url: '/webdeb/rest/objet/?type=Interdit&libelle=pneu' });
    expect(interdits.json()[0]).toMatchObject({
      libelle: 'Pneus',
      urlInterdit: expect.stringMatching(/^https:\/\//),
      url: 'icones/circle-dot.svg',
    });
  });

  it("réserve l'ajout au rôle technique (403 pour admin, même par l'API)", async () => {
    const reserve = { statut: 403, errMsg: OBJET_MESSAGES.reserveTechnique, code: 'NON_AUTORISE' };
    expect(refus(await enregistrer(nouvelObjet(), 'admin'))).toEqual(reserve);
    expect(refus(await enregistrer(nouvelObjet(), 'gestion'))).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
    const cree = await enregistrer(nouvelObjet({ urlInterdit: '  ' }));
    expect(cree.statusCode).toBe(200);
    expect(cree.json()).toMatchObject({ actif: 1, urlInterdit: null, createdBy: 'technique' });
  });

  it("laisse l'admin modifier un objet, mais pas son libellé en ligne ni son image", async () => {
    const o = (await enregistrer(nouvelObjet())).json();
    const modifie = await enregistrer({ ...o, libelle: 'Renommé', ordre: 7, actif: 0 }, 'admin');
    expect(modifie.statusCode).toBe(200);
    expect(modifie.json()).toMatchObject({ libelle: 'Renommé', ordre: 7, actif: 0, version: 1 });
    const reserve = { statut: 403, errMsg: OBJET_MESSAGES.reserveTechnique, code: 'NON_AUTORISE' };
    expect(refus(await enregistrer({ ...modifie.json(), libelleExt: 'Changé' }, 'admin'))).toEqual(reserve);
    expect(refus(await enregistrer({ ...modifie.json(), url: 'icones/bed.svg' }, 'admin'))).toEqual(reserve);
    expect((await t.en('admin', { url: `/webdeb/rest/objet/${o.idObjet}` })).json().libelleExt).toBe('En ligne');
    expect((await enregistrer({ ...modifie.json(), libelleExt: 'Changé' })).statusCode).toBe(200);
  });

  it('garde un libellé et un lien en anglais, le libellé réservé au rôle technique, et les pages en ligne les reçoivent', async () => {
    const o = (await enregistrer(nouvelObjet({ type: 'Interdit', urlInterdit: 'https://exemple.ch/fr' }))).json();
    expect(o).toMatchObject({ libelleExtEn: null, urlInterditEn: null });
    const reserve = { statut: 403, errMsg: OBJET_MESSAGES.reserveTechnique, code: 'NON_AUTORISE' };
    expect(refus(await enregistrer({ ...o, libelleExtEn: 'Online' }, 'admin'))).toEqual(reserve);
    const lien = await enregistrer({ ...o, urlInterditEn: 'https://exemple.ch/en' }, 'admin');
    expect(lien.json()).toMatchObject({ urlInterditEn: 'https://exemple.ch/en', version: 1 });
    const libelle = await enregistrer({ ...lien.json(), libelleExtEn: '  Online  ' });
    expect(libelle.json()).toMatchObject({ libelleExtEn: 'Online', version: 2 });
    const enLigne = (await t.app.inject({ url: '/webdeb/en-ligne/api/objets' })).json<Array<{ idObjet: number }>>();
    expect(enLigne.find((e) => e.idObjet === o.idObjet)).toEqual({
      idObjet: o.idObjet,
      libelle: 'En ligne',
      libelleEn: 'Online',
      image: 'icones/sofa.svg',
      type: 'Interdit',
      lien: 'https://exemple.ch/fr',
      lienEn: 'https://exemple.ch/en',
    });
  });

  it('refuse une modification sans version (400) ou à une version périmée (409 CONFLIT_VERSION)', async () => {
    const o = (await enregistrer(nouvelObjet())).json();
    expect(refus(await enregistrer({ ...o, ordre: 8, version: undefined }))).toEqual({
      statut: 400,
      errMsg: VERSION_MESSAGES.obligatoire,
      code: 'SAISIE_INVALIDE',
    });
    expect((await enregistrer({ ...o, ordre: 9 })).statusCode).toBe(200);
    expect(refus(await enregistrer({ ...o, ordre: 10 }))).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect((await t.en('technique', { url: `/webdeb/rest/objet/${o.idObjet}` })).json()).toMatchObject({ ordre: 9, version: 1 });
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
    expect(refus(await enregistrer(nouvelObjet(champs)))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it('sert les icônes du catalogue', async () => {
    const r = await t.app.inject({ url: '/webdeb/icones/sofa.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.body).toContain('<svg');
    expect(refus(await t.app.inject({ url: '/webdeb/icones/..%2Fpackage.json' }))).toEqual({
      statut: 404,
      errMsg: ERREURS.routeInconnue,
      code: 'INTROUVABLE',
    });
  });
});
