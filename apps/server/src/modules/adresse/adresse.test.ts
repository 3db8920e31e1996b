import { ADRESSE_MESSAGES, ERREURS } from '@debarras/domain';
import { describe, expect, it, beforeAll } from 'vitest';
import { appDeTest, type Compte, refus } from '../../test/app.js';
import { uneSaisieAdresse } from '../../test/fabriques.js';
import { enregistrer } from './service.js';

const t = appDeTest();

const adresse = uneSaisieAdresse;

beforeAll(async () => {
  await enregistrer(
    t.base.db,
    [
      ...['10', '2', '10A', '120', '12', '1'].map((no, i) => adresse(`T-SERV-${i}`, { noAdresse: no })),
      adresse('T-ECOLE', { typeVoie: 'Rue', liant: "de l'", nomVoie: 'École-de-Médecine', noAdresse: '3', secteur: null }),
      adresse('T-CARL', { typeVoie: 'Boulevard', liant: null, nomVoie: 'Carl-Vogt', noAdresse: '50' }),
      adresse('T-GRAND', { typeVoie: null, liant: null, nomVoie: 'Grand-Rue', noAdresse: '8' }),
      adresse('T-CAROUGE', { nomVoie: 'Desserte-Essai', commune: 'Carouge', noCommune: 6608, gestionnaire: 'COMMUNE DE CAROUGE' }),
      adresse('T-ETAT', { nomVoie: 'Desserte-Essai', noAdresse: '2', gestionnaire: 'ETAT DE GENEVE' }),
      adresse('T-SANS', { nomVoie: 'Desserte-Essai', noAdresse: '3', gestionnaire: null }),
      ...Array.from({ length: 230 }, (_, i) =>
        adresse(`T-LONG-${i}`, { typeVoie: 'Avenue', liant: 'de', nomVoie: 'Longueville', noAdresse: String(i + 1) }),
      ),
    ],
    'test',
  );
});

const chercher = async (q: string, compte: Compte = 'gestion') => {
  const r = await t.en(compte, { url: `/webdeb/rest/adresse/?q=${encodeURIComponent(q)}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Array<{ idpAdr: string; adresse: string; secteur: string | null }>;
};

describe("recherche d'adresses", () => {
  it('trouve une adresse par le début de chaque mot, et donne son libellé et son secteur', async () => {
    const [premiere] = await chercher('servette 12');
    expect(premiere).toMatchObject({ adresse: 'Rue de la Servette 12', secteur: 'Secteur 2 - Servette / Saint-Jean / Charmilles' });
  });

  it("trie par numéro dans l'ordre naturel (2 < 10 < 10A < 12 < 120)", async () => {
    expect((await chercher('rue de la servette')).map((a) => a.adresse.replace('Rue de la Servette ', ''))).toEqual([
      '1',
      '2',
      '10',
      '10A',
      '12',
      '120',
    ]);
  });

  it('ignore la casse, les accents et la ponctuation', async () => {
    expect((await chercher("l'ecole MEDECINE")).map((a) => a.adresse)).toEqual(["Rue de l'École-de-Médecine 3"]);
    expect((await chercher('carl vogt 50')).map((a) => a.adresse)).toEqual(['Boulevard Carl-Vogt 50']);
    expect((await chercher('grand-rue')).map((a) => a.adresse)).toEqual(['Grand-Rue 8']);
  });

  it("exige que chaque mot commence un mot de l'adresse, à une faute de frappe près", async () => {
    expect(await chercher('ervette 99')).toEqual([]);
    expect(await chercher('servette 99')).toEqual([]);
    expect(await chercher('quartz')).toEqual([]);
  });

  it('ne propose que les adresses de la commune desservie et du gestionnaire de `carte.gestionnaire` (ou sans gestionnaire)', async () => {
    expect((await chercher('desserte-essai')).map((a) => a.idpAdr)).toEqual(['T-SANS']);
  });

  it('rend au plus 200 adresses', async () => {
    expect(await chercher('longueville')).toHaveLength(200);
  });

  it('demande au moins 3 caractères', async () => {
    const r = await t.en('gestion', { url: '/webdeb/rest/adresse/?q=se' });
    expect(refus(r)).toEqual({ statut: 400, errMsg: ADRESSE_MESSAGES.rechercheTropCourte, code: 'SAISIE_INVALIDE' });
  });

  it('est ouverte aux rôles de gestion, pas à la lecture seule (403) ni sans session (401)', async () => {
    for (const compte of ['gestion', 'admin', 'technique'] as const) expect(await chercher('servette 1', compte)).not.toHaveLength(0);
    for (const url of ['/webdeb/rest/adresse/?q=servette', '/webdeb/rest/adresse/T-CARL']) {
      expect(refus(await t.en('lecture', { url })), url).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
    }
    expect(refus(await t.app.inject({ url: '/webdeb/rest/adresse/?q=servette' }))).toEqual({
      statut: 401,
      errMsg: ERREURS.nonAuthentifie,
      code: 'NON_AUTHENTIFIE',
    });
  });

  it('donne une adresse par son idpAdr, 404 sinon', async () => {
    expect((await t.en('gestion', { url: '/webdeb/rest/adresse/T-CARL' })).json()).toMatchObject({
      adresse: 'Boulevard Carl-Vogt 50',
      x: 2499000,
    });
    expect(refus(await t.en('gestion', { url: '/webdeb/rest/adresse/INCONNUE' }))).toEqual({
      statut: 404,
      errMsg: ERREURS.introuvable(ADRESSE_MESSAGES.introuvable),
      code: 'INTROUVABLE',
    });
  });

  it('met à jour une adresse déjà connue au lieu de la dupliquer', async () => {
    await enregistrer(
      t.base.db,
      [adresse('T-CARL', { typeVoie: 'Boulevard', liant: null, nomVoie: 'Carl-Vogt', noAdresse: '52' })],
      'test',
    );
    expect((await chercher('carl vogt')).map((a) => a.adresse)).toEqual(['Boulevard Carl-Vogt 52']);
  });
});

describe("recherche d'adresses comme on les dit ou les colle", () => {
  beforeAll(async () => {
    const ici = (idpAdr: string, typeVoie: string | null, liant: string | null, nomVoie: string, noAdresse: string, champs = {}) =>
      adresse(idpAdr, { typeVoie, liant, nomVoie, noAdresse, noPostal: '1207', ...champs });
    await enregistrer(
      t.base.db,
      [
        ici('T-EV-R10', 'Rue', 'des', 'Eaux-Vives', '10'),
        ici('T-EV-R100', 'Rue', 'des', 'Eaux-Vives', '100'),
        ici('T-EV-P10', 'Place', 'des', 'Eaux-Vives', '10'),
        ici('T-EV-P100', 'Place', 'des', 'Eaux-Vives', '100'),
        ici('T-MINES', 'Chemin', 'des', 'Mines', '5'),
        ici('T-AMINES', 'Rue', 'des', 'Anciennes-Mines', '5'),
        ici('T-PHILO', 'Boulevard', 'des', 'Philosophes', '7'),
        ici('T-STJ', 'Rue', 'de', 'Saint-Jean', '3'),
        ici('T-STAND', 'Rue', 'du', 'Stand', '3'),
        ici('T-MALA', 'Route', 'de', 'Malagnou', '10'),
        ici('T-CH-LANCY', 'Route', 'de', 'Chancy', '10', { commune: 'Lancy', noPostal: '1212', nomNpa: 'Grand-Lancy' }),
        ici('T-CH-ONEX', 'Route', 'de', 'Chancy', '10', { commune: 'Onex', noPostal: '1213', nomNpa: 'Onex' }),
        ici('T-LAUS', 'Rue', 'de', 'Lausanne', '12', { noPostal: '1201' }),
      ],
      'test',
    );
  });

  const libelles = async (q: string) => (await chercher(q)).map((a) => a.adresse);
  const communes = async (q: string) =>
    (await t.en('gestion', { url: `/webdeb/rest/adresse/?q=${encodeURIComponent(q)}` })).json().map((a: { commune: string }) => a.commune);

  it('comprend les abréviations usuelles des types de voie et de « saint »', async () => {
    expect(await libelles('bd philosophes 7')).toEqual(['Boulevard des Philosophes 7']);
    expect(await libelles('rte malagnou 10')).toEqual(['Route de Malagnou 10']);
    expect(await libelles('r st jean')).toEqual(['Rue de Saint-Jean 3']);
    // the abbreviation is still looked for as typed, and « Stand » is named more completely than « Saint-Jean »
    expect(await libelles('st 3')).toEqual(['Rue du Stand 3', 'Rue de Saint-Jean 3']);
  });

  it("trouve une ligne postale collée, l'adresse de ce NPA en tête", async () => {
    expect(await libelles('Rue de Lausanne 12, 1201 Genève')).toEqual(['Rue de Lausanne 12']);
    expect(await communes('Route de Chancy 10, 1213 Onex')).toEqual(['Onex', 'Lancy']);
    expect(await communes('Route de Chancy 10, CH-1212 Grand-Lancy')).toEqual(['Lancy', 'Onex']);
  });

  it('corrige une faute de frappe quand rien ne commence par les mots tapés, jamais un numéro', async () => {
    expect(await libelles('malagnu 10')).toEqual(['Route de Malagnou 10']);
    expect(await libelles('rte de malganou')).toEqual(['Route de Malagnou 10']);
    expect(await libelles('servete 12')).toEqual(['Rue de la Servette 12', 'Rue de la Servette 120']);
    expect(await libelles('malagnou 11')).toEqual([]);
  });

  it('classe en tête le numéro exact, puis la rue nommée le plus complètement', async () => {
    expect(await libelles('eaux-vives 10')).toEqual([
      'Rue des Eaux-Vives 10',
      'Place des Eaux-Vives 10',
      'Rue des Eaux-Vives 100',
      'Place des Eaux-Vives 100',
    ]);
    expect(await libelles('mines 5')).toEqual(['Chemin des Mines 5', 'Rue des Anciennes-Mines 5']);
  });

  it('ne passe une place avant la rue du même nom que si la recherche le dit', async () => {
    expect(await libelles('place eaux-vives 10')).toEqual(['Place des Eaux-Vives 10', 'Place des Eaux-Vives 100']);
    expect(await libelles('pl eaux vives 10')).toEqual(['Place des Eaux-Vives 10', 'Place des Eaux-Vives 100']);
    expect(await libelles('eaux vives')).toEqual([
      'Rue des Eaux-Vives 10',
      'Rue des Eaux-Vives 100',
      'Place des Eaux-Vives 10',
      'Place des Eaux-Vives 100',
    ]);
  });
});
