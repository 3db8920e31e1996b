import { PARAMETRE_MESSAGES } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, type Compte, unique } from '../../test/app.js';

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
        const r = await t.en(compte, { url });
        expect(r.statusCode).toBe(403);
        expect(r.json().errMsg).toBe("Vous n'êtes pas autorisé à effectuer cette action.");
      }
      expect((await enregistrer({ cle: unique('x'), valeur: 'v' }, compte)).statusCode).toBe(403);
    },
  );

  it('répond 401 sans session, avant même de lire la requête', async () => {
    expect((await t.app.inject({ url: URL_LISTE })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'POST', url: '/webdeb/rest/parametre', payload: { cle: '' } });
    expect(r.statusCode).toBe(401);
  });

  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)(
    'laisse le rôle %s lire une valeur avec getStringValue',
    async (compte) => {
      const r = await t.en(compte, { url: '/webdeb/rest/parametre/getStringValue?cle=levee.max.debarras' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/plain/);
      expect(r.body).toBe('30');
    },
  );

  it('répond 404 pour une clé inconnue et 400 sans clé', async () => {
    const inconnue = await t.en('lecture', { url: '/webdeb/rest/parametre/getStringValue?cle=nexiste.pas' });
    expect(inconnue.statusCode).toBe(404);
    expect(inconnue.json().errMsg).toBe("Le paramètre « nexiste.pas » n'existe pas.");
    expect((await t.en('lecture', { url: '/webdeb/rest/parametre/getStringValue' })).statusCode).toBe(400);
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
    [{ cle: '  ', valeur: 'v' }, 'La saisie de la clé est obligatoire'],
    [{ cle: 'k'.repeat(256), valeur: 'v' }, 'La clé est trop longue. Maximum 255 caratères.'],
    [{ cle: 'k' }, 'La saisie de la valeur est obligatoire'],
    [{ cle: 'k', valeur: 'v'.repeat(256) }, 'La valeur est trop longue...'],
    [{ cle: 'k', valeur: 'v', description: 'd'.repeat(256) }, 'La description est trop longue...'],
  ])("refuse %j avec le message « %s » et n'écrit rien", async (payload, message) => {
    const avant = (await t.en('technique', { url: `${URL_LISTE}?size=1` })).headers['x-total-elements'];
    const r = await enregistrer(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: message });
    expect((await t.en('technique', { url: `${URL_LISTE}?size=1` })).headers['x-total-elements']).toBe(avant);
  });

  it('refuse une deuxième clé identique avec un 409 clair', async () => {
    const p = await unParametre();
    const r = await enregistrer({ cle: p.cle, valeur: 'autre' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ errMsg: `Un paramètre avec la clé « ${p.cle} » existe déjà.` });
  });

  it('refuse une version périmée avec un 409 qui dit qui a modifié et quand', async () => {
    const p = await unParametre();
    expect((await enregistrer({ ...p, valeur: 'premier' })).statusCode).toBe(200);
    const r = await enregistrer({ ...p, valeur: 'second' });
    expect(r.statusCode).toBe(409);
    expect(r.json().errMsg).toMatch(
      /^Cet enregistrement a été modifié par technique le \d{2}\.\d{2}\.\d{4} - \d{2}:\d{2}:\d{2}\. Veuillez le recharger\.$/,
    );
    expect((await t.en('technique', { url: `/webdeb/rest/parametre/${p.idParametre}` })).json().valeur).toBe('premier');
  });

  it("ne laisse pas changer la clé d'un paramètre existant", async () => {
    const p = await unParametre();
    const r = await enregistrer({ ...p, cle: unique('autre') });
    expect(r.statusCode).toBe(400);
    expect(r.json().errMsg).toBe("La clé d'un paramètre existant ne peut pas être modifiée.");
  });

  it('répond 404 pour un identifiant inconnu et 400 pour un identifiant invalide', async () => {
    const inconnu = await t.en('technique', { url: '/webdeb/rest/parametre/999999' });
    expect(inconnu.statusCode).toBe(404);
    expect(inconnu.json().errMsg).toBe('Le paramètre est introuvable. Il a peut-être été supprimé.');
    expect((await enregistrer({ idParametre: 999999, cle: 'x', valeur: 'y', version: 0 })).statusCode).toBe(404);
    const invalide = await t.en('technique', { url: '/webdeb/rest/parametre/abc' });
    expect(invalide.statusCode).toBe(400);
    expect(invalide.json().errMsg).toBe("L'identifiant doit être un nombre entier.");
  });

  it('répond 400, jamais 500, à un corps illisible', async () => {
    const r = await t.en('technique', {
      method: 'POST',
      url: '/webdeb/rest/parametre',
      headers: { 'content-type': 'application/json' },
      payload: '{pas du json',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: 'Le contenu de la requête est illisible.' });
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
    expect((await lister('valeur=V1')).cles).toEqual(['a', 'b']);
    expect((await lister('lastModifiedBy=techn')).total).toBe(5);
    expect((await lister('lastModifiedBy=gestion')).total).toBe(0);
  });

  it('traite % et _ comme des caractères ordinaires', async () => {
    expect((await lister('valeur=%25')).total).toBe(0);
    expect((await lister('description=_')).total).toBe(0);
  });

  it.each([
    ['sort=motDePasse,asc', 'Tri inconnu : « motDePasse,asc ».'],
    ['sort=cle,haut', 'Tri inconnu : « cle,haut ».'],
    ['page=-1', 'Le numéro de page doit être un entier positif ou nul.'],
    ['size=0', 'La taille de page doit être un entier entre 1 et 500.'],
    ['size=abc', 'La taille de page doit être un entier entre 1 et 500.'],
  ])('refuse %s avec un 400 explicite', async (query, message) => {
    const r = await t.en('technique', { url: `${URL_LISTE}?${query}` });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: message });
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
    expect(date.numFmt).toBe('dd.mm.yyyy hh:mm:ss');
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

  it("exporte toutes les lignes, au-delà d'un lot", async () => {
    const r = await t.en('technique', { url: '/webdeb/rest/parametre/export/' });
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const total = Number((await t.en('technique', { url: `${URL_LISTE}?size=1` })).headers['x-total-elements']);
    expect(classeur.getWorksheet('Paramètres')!.rowCount).toBe(total + 1);
  });
});
