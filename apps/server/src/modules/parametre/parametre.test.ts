import { ERREURS, LISTE_MESSAGES, PARAMETRE_CLES, PARAMETRE_LIBELLES, PARAMETRE_MESSAGES, VERSION_MESSAGES } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parametre } from '../../db/schema.js';
import { appDeTest, type Compte, refus, unique } from '../../test/app.js';

const t = appDeTest();
const URL_LISTE = '/webdeb/rest/parametre/';

/** Creates a parameter as the technical user and answers it as the API did. */
async function unParametre(champs: Partial<{ cle: string; valeur: string; description: string | null }> = {}) {
  const r = await t.en('technique', {
    method: 'POST',
    url: '/webdeb/rest/parametre',
    payload: { cle: unique('test'), valeur: 'valeur', description: 'description', ...champs },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const enregistrer = (payload: unknown, compte: Compte = 'technique') =>
  t.en(compte, { method: 'POST', url: '/webdeb/rest/parametre', payload: payload as object });

describe('droits sur les paramètres', () => {
  it.each(['lecture', 'gestion', 'admin'] as const)(
    "refuse la liste, le détail, l'export et l'enregistrement au rôle %s (403)",
    async (compte) => {
      const p = await unParametre();
      for (const url of [URL_LISTE, `/webdeb/rest/parametre/${p.idParametre}`, '/webdeb/rest/parametre/export/']) {
        expect(refus(await t.en(compte, { url }))).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
      }
      expect(refus(await enregistrer({ cle: unique('x'), valeur: 'v' }, compte))).toEqual({
        statut: 403,
        errMsg: ERREURS.nonAutorise,
        code: 'NON_AUTORISE',
      });
    },
  );

  it('répond 401 sans session, avant même de lire la requête', async () => {
    const sansSession = { statut: 401, errMsg: ERREURS.nonAuthentifie, code: 'NON_AUTHENTIFIE' };
    expect(refus(await t.app.inject({ url: URL_LISTE }))).toEqual(sansSession);
    expect(refus(await t.app.inject({ method: 'POST', url: '/webdeb/rest/parametre', payload: { cle: '' } }))).toEqual(sansSession);
  });

  const valeurLue = (compte: Compte, cle: string) =>
    t.en(compte, { url: `/webdeb/rest/parametre/getStringValue?cle=${encodeURIComponent(cle)}` });

  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)(
    'laisse le rôle %s lire avec getStringValue la valeur d’un paramètre que les écrans lisent',
    async (compte) => {
      const r = await valeurLue(compte, PARAMETRE_CLES.impressionPdfActif);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).toBe('true');
    },
  );

  it('ne donne aucune autre clé par getStringValue, même existante, même au rôle technique (404)', async () => {
    for (const compte of ['lecture', 'technique'] as const) {
      for (const cle of [PARAMETRE_CLES.leveeMaxDebarras, PARAMETRE_CLES.anonymisationMois, 'nexiste.pas']) {
        expect(refus(await valeurLue(compte, cle)), `${compte} ${cle}`).toEqual({
          statut: 404,
          errMsg: PARAMETRE_MESSAGES.cleNonLisible(cle),
          code: 'INTROUVABLE',
        });
      }
    }
  });

  it('ne sème aucune clé que rien ne lit : plan.url, orthophoto.url, adresse.url, impression.url', async () => {
    const cles = (await t.base.db.select({ cle: parametre.cle }).from(parametre)).map((p) => p.cle);
    expect(cles).toContain(PARAMETRE_CLES.cartePlanUrl);
    for (const cle of ['plan.url', 'orthophoto.url', 'adresse.url', 'impression.url']) expect(cles).not.toContain(cle);
  });

  it('répond 404 pour une clé des écrans absente de la base, et 400 sans clé', async () => {
    const [retire] = await t.base.db.delete(parametre).where(eq(parametre.cle, PARAMETRE_CLES.carteInitiale)).returning();
    try {
      expect(refus(await valeurLue('lecture', PARAMETRE_CLES.carteInitiale))).toEqual({
        statut: 404,
        errMsg: PARAMETRE_MESSAGES.cleInconnue(PARAMETRE_CLES.carteInitiale),
        code: 'INTROUVABLE',
      });
    } finally {
      await t.base.db.insert(parametre).values(retire!);
    }
    expect(refus(await t.en('lecture', { url: '/webdeb/rest/parametre/getStringValue' }))).toEqual({
      statut: 400,
      errMsg: PARAMETRE_MESSAGES.cleManquante,
      code: 'SAISIE_INVALIDE',
    });
  });
});

describe('création et modification', () => {
  it('crée un paramètre avec son audit et en donne le détail', async () => {
    const cle = unique('creation');
    const cree = await unParametre({ cle, valeur: ' 42 ', description: '  ' });
    expect(cree).toMatchObject({ cle, valeur: '42', description: null, createdBy: 'technique', lastModifiedBy: 'technique', version: 0 });
    const detail = await t.en('technique', { url: `/webdeb/rest/parametre/${cree.idParametre}` });
    expect(detail.json()).toEqual(cree);
  });

  it('modifie la valeur et la description, et incrémente la version', async () => {
    const p = await unParametre();
    const r = await enregistrer({ ...p, valeur: 'nouvelle', description: 'autre' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ idParametre: p.idParametre, valeur: 'nouvelle', description: 'autre', version: 1 });
  });

  it.each([
    [{ valeur: 'v' }, PARAMETRE_MESSAGES.cleObligatoire],
    [{ cle: '  ', valeur: 'v' }, PARAMETRE_MESSAGES.cleObligatoire],
    [{ cle: 'k'.repeat(256), valeur: 'v' }, PARAMETRE_MESSAGES.cleTropLongue],
    [{ cle: 'k' }, PARAMETRE_MESSAGES.valeurObligatoire],
    [{ cle: 'k', valeur: 'v'.repeat(256) }, PARAMETRE_MESSAGES.valeurTropLongue],
    [{ cle: 'k', valeur: 'v', description: 'd'.repeat(256) }, PARAMETRE_MESSAGES.descriptionTropLongue],
  ])("refuse %j avec le message « %s » et n'écrit rien", async (payload, message) => {
    const avant = (await t.en('technique', { url: `${URL_LISTE}?size=1` })).headers['x-total-elements'];
    expect(refus(await enregistrer(payload))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
    expect((await t.en('technique', { url: `${URL_LISTE}?size=1` })).headers['x-total-elements']).toBe(avant);
  });

  it('refuse une deuxième clé identique (409 DOUBLON)', async () => {
    const p = await unParametre();
    expect(refus(await enregistrer({ cle: p.cle, valeur: 'autre' }))).toEqual({
      statut: 409,
      errMsg: PARAMETRE_MESSAGES.cleExistante(p.cle),
      code: 'DOUBLON',
    });
  });

  it('refuse une version périmée avec un 409 CONFLIT_VERSION qui dit qui a modifié et quand', async () => {
    const p = await unParametre();
    expect((await enregistrer({ ...p, valeur: 'premier' })).statusCode).toBe(200);
    const r = refus(await enregistrer({ ...p, valeur: 'second' }));
    expect(r).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(r.errMsg).toMatch(
      /^Cet enregistrement a été modifié par technique le \d{2}\.\d{2}\.\d{4} - \d{2}:\d{2}:\d{2}\. Veuillez le recharger\.$/,
    );
    expect((await t.en('technique', { url: `/webdeb/rest/parametre/${p.idParametre}` })).json().valeur).toBe('premier');
  });

  it('refuse une modification sans version (400), sans rien écrire', async () => {
    const p = await unParametre();
    expect(refus(await enregistrer({ ...p, valeur: 'sans version', version: undefined }))).toEqual({
      statut: 400,
      errMsg: VERSION_MESSAGES.obligatoire,
      code: 'SAISIE_INVALIDE',
    });
    expect((await t.en('technique', { url: `/webdeb/rest/parametre/${p.idParametre}` })).json()).toEqual(p);
  });

  it("ne laisse pas changer la clé d'un paramètre existant", async () => {
    const p = await unParametre();
    expect(refus(await enregistrer({ ...p, cle: unique('autre') }))).toEqual({
      statut: 400,
      errMsg: PARAMETRE_MESSAGES.cleNonModifiable,
      code: 'SAISIE_INVALIDE',
    });
  });

  it('répond 404 pour un identifiant inconnu et 400 pour un identifiant invalide', async () => {
    const introuvable = { statut: 404, errMsg: ERREURS.introuvable(PARAMETRE_MESSAGES.introuvable), code: 'INTROUVABLE' };
    expect(refus(await t.en('technique', { url: '/webdeb/rest/parametre/999999' }))).toEqual(introuvable);
    expect(refus(await enregistrer({ idParametre: 999999, cle: 'x', valeur: 'y', version: 0 }))).toEqual(introuvable);
    expect(refus(await t.en('technique', { url: '/webdeb/rest/parametre/abc' }))).toEqual({
      statut: 400,
      errMsg: "L'identifiant doit être un nombre entier.",
      code: 'SAISIE_INVALIDE',
    });
  });

  it('répond 400, jamais 500, à un corps illisible', async () => {
    const r = await t.en('technique', {
      method: 'POST',
      url: '/webdeb/rest/parametre',
      headers: { 'content-type': 'application/json' },
      payload: '{pas du json',
    });
    expect(refus(r)).toEqual({ statut: 400, errMsg: ERREURS.corpsInvalide, code: 'SAISIE_INVALIDE' });
  });
});

describe('liste paginée', () => {
  const prefixe = unique('liste');
  const creerSerie = async () => {
    for (const [i, lettre] of ['c', 'a', 'e', 'b', 'd'].entries()) {
      await unParametre({ cle: `${prefixe}.${lettre}`, valeur: `v${i % 2}`, description: i === 2 ? 'Spécial' : 'ordinaire' });
    }
  };
  const lister = async (query: string) => {
    const r = await t.en('technique', { url: `${URL_LISTE}?cle=${prefixe}&${query}` });
    expect(r.statusCode, r.body).toBe(200);
    return { cles: r.json().map((p: { cle: string }) => p.cle.slice(prefixe.length + 1)), total: Number(r.headers['x-total-elements']) };
  };

  it('trie par clé croissante par défaut et pagine à partir de la page zéro', async () => {
    await creerSerie();
    expect(await lister('size=2')).toEqual({ cles: ['a', 'b'], total: 5 });
    expect(await lister('size=2&page=2')).toEqual({ cles: ['e'], total: 5 });
    expect(await lister('size=2&page=3')).toEqual({ cles: [], total: 5 });
  });

  it('trie sur plusieurs champs', async () => {
    expect((await lister('sort=valeur,asc&sort=cle,asc')).cles).toEqual(['c', 'd', 'e', 'a', 'b']);
    expect((await lister('sort=valeur,desc&sort=cle,desc')).cles).toEqual(['b', 'a', 'e', 'd', 'c']);
    expect((await lister('sort=cle,desc')).cles).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('filtre sans tenir compte de la casse sur chaque colonne filtrable', async () => {
    expect((await lister('description=spéc')).cles).toEqual(['e']);
    // nor of accents, on either side
    expect((await lister('description=SPEC')).cles).toEqual(['e']);
    expect((await lister('description=ördïnaire')).cles).toEqual(['a', 'b', 'c', 'd']);
    expect((await lister('valeur=V1')).cles).toEqual(['a', 'b']);
    expect((await lister('lastModifiedBy=techn')).total).toBe(5);
    expect((await lister('lastModifiedBy=gestion')).total).toBe(0);
  });

  it('traite % et _ comme des caractères ordinaires', async () => {
    expect((await lister('valeur=%25')).total).toBe(0);
    expect((await lister('description=_')).total).toBe(0);
  });

  it('accepte ensemble tous les filtres, la page, la taille et les tris de la liste', async () => {
    const r = await t.en('technique', {
      url: `${URL_LISTE}?cle=a&valeur=b&description=c&lastModifiedBy=d&page=0&size=5&sort=cle,asc&sort=valeur,desc`,
    });
    expect(r.statusCode, r.body).toBe(200);
  });

  it.each([
    ['sort=motDePasse,asc', LISTE_MESSAGES.tri('motDePasse,asc')],
    ['sort=cle,haut', LISTE_MESSAGES.tri('cle,haut')],
    ['page=-1', LISTE_MESSAGES.page],
    ['size=0', LISTE_MESSAGES.taille],
    ['size=abc', LISTE_MESSAGES.taille],
    ['cles=a', LISTE_MESSAGES.filtreInconnu('cles')],
    ['cle=a&Valeur=b', LISTE_MESSAGES.filtreInconnu('Valeur')],
  ])('refuse %s avec un 400 explicite', async (query, message) => {
    expect(refus(await t.en('technique', { url: `${URL_LISTE}?${query}` }))).toEqual({
      statut: 400,
      errMsg: message,
      code: 'SAISIE_INVALIDE',
    });
  });
});

describe('export', () => {
  it('produit un classeur .xlsx des lignes filtrées, avec des en-têtes français et de vraies dates', async () => {
    const prefixe = unique('export');
    await unParametre({ cle: `${prefixe}.b`, valeur: 'deux', description: 'Deuxième' });
    await unParametre({ cle: `${prefixe}.a`, valeur: 'un', description: null });
    const r = await t.en('technique', { url: `/webdeb/rest/parametre/export/?cle=${prefixe}&sort=cle,asc` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="parametres_\d{4}-\d{2}-\d{2}\.xlsx"$/);

    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet('Paramètres')!;
    expect(feuille.getRow(1).values).toEqual([undefined, 'Clé', 'Valeur', 'Description', 'Dernière modification', 'Par']);
    expect(feuille.rowCount).toBe(3);
    expect(feuille.getRow(2).getCell(1).value).toBe(`${prefixe}.a`);
    expect(feuille.getRow(2).getCell(3).value).toBeNull();
    expect(feuille.getRow(3).getCell(2).value).toBe('deux');
    const date = feuille.getRow(2).getCell(4);
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe('dd.mm.yyyy" - "hh:mm:ss');
    // the wall-clock time in Geneva, within a minute of now
    const attendu = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Zurich' }));
    expect(
      Math.abs(
        (date.value as Date).getTime() -
          Date.UTC(
            attendu.getFullYear(),
            attendu.getMonth(),
            attendu.getDate(),
            attendu.getHours(),
            attendu.getMinutes(),
            attendu.getSeconds(),
          ),
      ),
    ).toBeLessThan(60_000);
  });

  it("exporte toutes les lignes, au-delà de deux lots, chacune une fois et dans l'ordre", async () => {
    // db/liste.ts reads an export 1 000 rows at a time: two full batches and a partial third
    const n = 2_500;
    const prefixe = unique('lots');
    const cle = (i: number) => `${prefixe}.${String(i).padStart(4, '0')}`;
    await t.base.db
      .insert(parametre)
      .values(Array.from({ length: n }, (_, i) => ({ cle: cle(i + 1), valeur: `v${i + 1}`, createdBy: 'test', lastModifiedBy: 'test' })));
    const r = await t.en('technique', { url: `/webdeb/rest/parametre/export/?cle=${prefixe}&sort=cle,asc` });
    expect(r.statusCode).toBe(200);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet(PARAMETRE_LIBELLES.titre)!;
    expect(feuille.rowCount).toBe(n + 1);
    expect([feuille.getRow(2).getCell(1).value, feuille.getRow(2).getCell(2).value]).toEqual([cle(1), 'v1']);
    expect([feuille.getRow(n + 1).getCell(1).value, feuille.getRow(n + 1).getCell(2).value]).toEqual([cle(n), `v${n}`]);
    const cles = Array.from({ length: n }, (_, i) => feuille.getRow(i + 2).getCell(1).value);
    expect(cles).toEqual(Array.from({ length: n }, (_, i) => cle(i + 1)));
  });
});
