import { CARTE, CARTE_MESSAGES, ERREURS } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lignes, type Tx } from '../../db/client.js';
import { adressesVille } from '../../seed/adresses.js';
import { SECTEURS_DEMO_ACTIFS } from '../../seed/demo.js';
import { appDeTest, refus } from '../../test/app.js';
import * as repo from './repo.js';
import { tracerRues } from './rues.js';
import { ADRESSES_RUES_MAX, enregistrer, type SaisieAdresse } from './service.js';

const t = appDeTest();
const VILLE = 'VILLE DE GENEVE';
/** The clicked point of the pick tests. */
const CLIC = { x: 2500100, y: 1117100 };

const adresse = (idpAdr: string, x: number, y: number, champs: Partial<SaisieAdresse> = {}): SaisieAdresse => ({
  idpAdr,
  typeVoie: 'Rue',
  liant: 'du',
  nomVoie: 'Rhône',
  noAdresse: idpAdr.replace(/\D/g, '') || '1',
  commune: 'Genève',
  noPostal: '1204',
  nomNpa: 'Genève',
  x,
  y,
  noCommune: 6621,
  secteur: null,
  gestionnaire: VILLE,
  ...champs,
});

beforeAll(async () => {
  await enregistrer(
    t.base.db,
    [
      adresse('T-ICI-1', CLIC.x + 0.3, CLIC.y + 0.4),
      adresse('T-PRES-2', CLIC.x + 1.9, CLIC.y),
      adresse('T-LOIN-3', CLIC.x, CLIC.y - 2.1),
      // in the 4 m square around the click, but 2.12 m away
      adresse('T-COIN-4', CLIC.x - 1.5, CLIC.y + 1.5),
      adresse('T-AUTRE-5', CLIC.x + 1, CLIC.y, { gestionnaire: 'COMMUNE DE CAROUGE' }),
      adresse('T-DEHORS-6', 2501000, 1118000),
      adresse('T-LAC-7', 2500400, 1117400, { nomVoie: 'Lac', secteur: 'Secteur du lac' }),
    ],
    'test',
  );
});

const points = (r: { json(): unknown }) => (r.json() as Array<{ idpAdr: string }>).map((a) => a.idpAdr).sort();

describe('adresses du registre par étendue (GET /adresse/extent)', () => {
  it("donne les points d'une vue, bords compris, avec libellé, gestionnaire et secteur", async () => {
    const r = await t.en('gestion', { url: '/webdeb/rest/adresse/extent?bbox=2500000,1117000,2500400,1117400' });
    expect(r.statusCode, r.body).toBe(200);
    expect(points(r)).toEqual(['T-AUTRE-5', 'T-COIN-4', 'T-ICI-1', 'T-LAC-7', 'T-LOIN-3', 'T-PRES-2']);
    expect(r.json()).toContainEqual({
      idpAdr: 'T-LAC-7',
      adresse: 'Rue du Lac 7',
      x: 2500400,
      y: 1117400,
      gestionnaire: VILLE,
      secteur: 'Secteur du lac',
    });
  });

  it("ne donne rien d'une vue sans adresse", async () => {
    const r = await t.en('admin', { url: '/webdeb/rest/adresse/extent?bbox=2510000,1130000,2510500,1130300' });
    expect(r.json()).toEqual([]);
  });

  it.each([
    ['', 'sans bbox'],
    ['?bbox=abc', 'illisible'],
    ['?bbox=2500000,1117000,2500400', 'à trois nombres'],
    ['?bbox=2500400,1117000,2500000,1117400', 'à l’envers'],
    ['?bbox=600000,200000,600500,200300', 'en MN03'],
  ])('refuse une étendue %s (%s)', async (requete) => {
    expect(refus(await t.en('gestion', { url: `/webdeb/rest/adresse/extent${requete}` }))).toEqual({
      statut: 400,
      errMsg: CARTE_MESSAGES.etendueInvalide,
      code: 'SAISIE_INVALIDE',
    });
  });

  it(`refuse une vue de plus de ${CARTE.pointsEtendueMax} adresses (ETENDUE_TROP_GRANDE) : il faut se rapprocher`, async () => {
    await t.base.db.execute(sql`insert into adresse (idp_adr, adresse, nom_voie, commune, no_postal, nom_npa, x, y, no_commune,
        recherche, tri_voie, created_by, last_modified_by)
      select 'T-NUEE-' || n, 'Nuée ' || n, 'Nuée', 'Meyrin', '1217', 'Meyrin', 2494000 + n % 100, 1121000 + n / 100, 6630,
        'nuee ' || n, 'nuee', 'test', 'test'
      from generate_series(0, ${CARTE.pointsEtendueMax}) n`);
    const url = (bbox: string) => `/webdeb/rest/adresse/extent?bbox=${bbox}`;
    expect(refus(await t.en('gestion', { url: url('2493900,1120900,2494200,1121200') }))).toEqual({
      statut: 400,
      errMsg: CARTE_MESSAGES.etendueTropGrande,
      code: 'ETENDUE_TROP_GRANDE',
    });
    expect((await t.en('gestion', { url: url('2493900,1120900,2494200,1121005') })).json()).toHaveLength(600);
  });

  it('est réservée aux rôles gestion, admin et technique', async () => {
    expect(refus(await t.en('lecture', { url: '/webdeb/rest/adresse/extent?bbox=2500000,1117000,2500400,1117400' }))).toEqual({
      statut: 403,
      errMsg: ERREURS.nonAutorise,
      code: 'NON_AUTORISE',
    });
    expect((await t.en('technique', { url: '/webdeb/rest/adresse/extent?bbox=2500000,1117000,2500400,1117400' })).statusCode).toBe(200);
  });
});

describe('adresses pointées à 2 m (GET /adresse/proche)', () => {
  const proche = (x: number, y: number, compte: 'gestion' | 'lecture' = 'gestion') =>
    t.en(compte, { url: `/webdeb/rest/adresse/proche?x=${x}&y=${y}` });

  it('donne les adresses du gestionnaire carte.gestionnaire à 2 m au plus, la plus proche en premier', async () => {
    const r = await proche(CLIC.x, CLIC.y);
    expect(r.statusCode, r.body).toBe(200);
    // 0.5 m and 1.9 m; not 2.1 m, not 2.12 m in the square's corner, not another manager's at 1 m
    expect(r.json().map((a: { idpAdr: string }) => a.idpAdr)).toEqual(['T-ICI-1', 'T-PRES-2']);
  });

  it('ne donne rien loin de toute adresse', async () => {
    expect((await proche(2505000, 1125000)).json()).toEqual([]);
  });

  it('suit le paramètre carte.gestionnaire', async () => {
    await t.base.db.execute(sql`update parametre set valeur = 'COMMUNE DE CAROUGE' where cle = 'carte.gestionnaire'`);
    try {
      expect((await proche(CLIC.x, CLIC.y)).json().map((a: { idpAdr: string }) => a.idpAdr)).toEqual(['T-AUTRE-5']);
    } finally {
      await t.base.db.execute(sql`update parametre set valeur = ${VILLE} where cle = 'carte.gestionnaire'`);
    }
  });

  it('refuse un point hors du canton, et le rôle lecture', async () => {
    expect(refus(await proche(2600000, 1200000))).toEqual({ statut: 400, errMsg: CARTE_MESSAGES.horsCanton, code: 'SAISIE_INVALIDE' });
    expect(refus(await proche(CLIC.x, CLIC.y, 'lecture'))).toMatchObject({ statut: 403, code: 'NON_AUTORISE' });
  });
});

describe("recherche d'adresses de la carte (GET /adresse/?q=&bbox=&size=)", () => {
  const chercher = async (requete: string) => {
    const r = await t.en('gestion', { url: `/webdeb/rest/adresse/?${requete}` });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().map((a: { idpAdr: string }) => a.idpAdr);
  };

  it("ne garde que les adresses de l'étendue visible", async () => {
    expect(await chercher('q=rue+du+rhone')).toContain('T-DEHORS-6');
    expect(await chercher('q=rue+du+rhone&bbox=2500000,1117000,2500400,1117400')).not.toContain('T-DEHORS-6');
    expect(await chercher('q=rue+du+rhone&bbox=2500900,1117900,2501100,1118100')).toEqual(['T-DEHORS-6']);
  });

  it('rend au plus size adresses (200 par défaut), et refuse une taille hors de 1 à 200', async () => {
    expect(await chercher('q=rue+du+rhone&size=2')).toHaveLength(2);
    // the sixth « Rue du Rhône » has another manager: the type-ahead leaves it out
    expect(await chercher('q=rue+du+rhone')).toHaveLength(5);
    expect(refus(await t.en('gestion', { url: '/webdeb/rest/adresse/?q=rhone&size=201' }))).toMatchObject({
      statut: 400,
      code: 'SAISIE_INVALIDE',
    });
  });
});

describe('rues tracées depuis le registre (GET /adresse/rues)', () => {
  /** Two streets of the demo register, in the Pâquis (1201): 34 and 47 addresses. */
  const demo = adressesVille(SECTEURS_DEMO_ACTIFS).filter((a) => a.nomVoie === 'Fribourg' || a.nomVoie === 'Berne');
  const rues = (bbox: string, compte: 'gestion' | 'lecture' | 'technique' = 'gestion') =>
    t.en(compte, { url: `/webdeb/rest/adresse/rues?bbox=${bbox}` });
  const dans = (bbox: string) => {
    const [xMin, yMin, xMax, yMax] = bbox.split(',').map(Number) as [number, number, number, number];
    return ([x, y]: [number, number]) => x >= xMin && x <= xMax && y >= yMin && y <= yMax;
  };

  beforeAll(() => enregistrer(t.base.db, demo, 'test'));

  it('donne chaque rue de la vue, son nom et ses lignes tirées de ses adresses dans l’ordre des numéros', async () => {
    // the Pâquis quarter of the demo, whole
    const r = await rues('2499900,1118000,2501000,1119200');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().map((rue: { rue: string }) => rue.rue)).toEqual(['Rue de Berne', 'Rue de Fribourg']);
    expect(r.json()).toEqual(tracerRues(demo));
  });

  it("ne trace que les adresses de l'étendue : une rue coupée par le bord n'en montre que sa part", async () => {
    const bbox = '2499900,1118000,2500100,1118200';
    const r = await rues(bbox);
    expect(r.json().map((rue: { rue: string }) => rue.rue)).toEqual(['Rue de Fribourg']);
    const sommets: [number, number][] = r.json()[0].lignes.flat();
    expect(sommets.length).toBeGreaterThan(1);
    expect(sommets.filter((s) => !dans(bbox)(s))).toEqual([]);
    expect((await rues('2510000,1130000,2510500,1130300')).json()).toEqual([]);
  });

  it('refuse une étendue illisible, et le rôle lecture', async () => {
    expect(refus(await rues('2499900,1118000,2501000'))).toEqual({
      statut: 400,
      errMsg: CARTE_MESSAGES.etendueInvalide,
      code: 'SAISIE_INVALIDE',
    });
    expect(refus(await rues('2499900,1118000,2501000,1119200', 'lecture'))).toMatchObject({ statut: 403, code: 'NON_AUTORISE' });
    expect((await rues('2499900,1118000,2501000,1119200', 'technique')).statusCode).toBe(200);
  });

  it(`refuse une vue de plus de ${ADRESSES_RUES_MAX} adresses numérotées (ETENDUE_TROP_GRANDE) plutôt que de couper des rues`, async () => {
    await t.base.db.execute(sql`insert into adresse (idp_adr, adresse, nom_voie, no_adresse, commune, no_postal, nom_npa, x, y,
        no_commune, recherche, tri_voie, created_by, last_modified_by)
      select 'T-FOULE-' || n, 'Foule ' || n, 'Foule', n::text, 'Bernex', '1233', 'Bernex', 2490000 + n % 100, 1114000 + n / 100,
        6607, 'foule ' || n, 'foule', 'test', 'test'
      from generate_series(1, ${ADRESSES_RUES_MAX + 1}) n`);
    expect(refus(await rues('2489900,1113900,2490200,1114200'))).toEqual({
      statut: 400,
      errMsg: CARTE_MESSAGES.etendueTropGrande,
      code: 'ETENDUE_TROP_GRANDE',
    });
    expect((await rues('2489900,1113900,2490200,1114050')).statusCode).toBe(200);
  });
});

describe('index des points (adresse_point_idx)', () => {
  /** The plan the engine would choose if the table were big: sequential scans are made to look dear. */
  const plan = (requete: (tx: Tx) => Parameters<typeof sql>[1]) =>
    t.base.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await lignes<{ 'QUERY PLAN': string }>(tx, sql`explain ${requete(tx)}`)).map((l) => l['QUERY PLAN']).join('\n');
    });

  it("sert l'étendue et le pointage", async () => {
    expect(await plan((tx) => repo.dansEtendue(tx, { xMin: 2500000, yMin: 1117000, xMax: 2500400, yMax: 1117400 }, 10))).toContain(
      'adresse_point_idx',
    );
    expect(await plan((tx) => repo.proches(tx, CLIC.x, CLIC.y, 2, VILLE))).toContain('adresse_point_idx');
  });

  it('sert les rues de la vue', async () => {
    expect(await plan((tx) => repo.adressesDeRues(tx, { xMin: 2499900, yMin: 1118000, xMax: 2501000, yMax: 1119200 }, 10))).toContain(
      'adresse_point_idx',
    );
  });
});
