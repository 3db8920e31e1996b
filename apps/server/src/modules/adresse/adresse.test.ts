import { ADRESSE_MESSAGES, ERREURS } from '@debarras/domain';
import { describe, expect, it, beforeAll } from 'vitest';
import { appDeTest, refus } from '../../test/app.js';
import { enregistrer, type SaisieAdresse } from './service.js';

const t = appDeTest();

const adresse = (idpAdr: string, champs: Partial<SaisieAdresse>): SaisieAdresse => ({
  idpAdr,
  typeVoie: 'Rue',
  liant: 'de la',
  nomVoie: 'Servette',
  noAdresse: '1',
  commune: 'Genève',
  noPostal: '1202',
  nomNpa: 'Genève',
  x: 2499000,
  y: 1119000,
  noCommune: 6621,
  secteur: 'Secteur 2 - Servette / Saint-Jean / Charmilles',
  gestionnaire: 'VILLE DE GENEVE',
  ...champs,
});

beforeAll(async () => {
  await enregistrer(
    t.base.db,
    [
      ...['10', '2', '10A', '120', '12', '1'].map((no, i) => adresse(`T-SERV-${i}`, { noAdresse: no })),
      adresse('T-ECOLE', { typeVoie: 'Rue', liant: "de l'", nomVoie: 'École-de-Médecine', noAdresse: '3', secteur: null }),
      adresse('T-CARL', { typeVoie: 'Boulevard', liant: null, nomVoie: 'Carl-Vogt', noAdresse: '50' }),
      adresse('T-GRAND', { typeVoie: null, liant: null, nomVoie: 'Grand-Rue', noAdresse: '8' }),
      ...Array.from({ length: 230 }, (_, i) =>
        adresse(`T-LONG-${i}`, { typeVoie: 'Avenue', liant: 'de', nomVoie: 'Longueville', noAdresse: String(i + 1) }),
      ),
    ],
    'test',
  );
});

const chercher = async (q: string, compte: 'lecture' | 'gestion' = 'gestion') => {
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

  it("exige que chaque mot commence un mot de l'adresse", async () => {
    expect(await chercher('ervette')).toEqual([]);
    expect(await chercher('servette 99')).toEqual([]);
  });

  it('rend au plus 200 adresses', async () => {
    expect(await chercher('longueville')).toHaveLength(200);
  });

  it('demande au moins 3 caractères', async () => {
    const r = await t.en('gestion', { url: '/webdeb/rest/adresse/?q=se' });
    expect(refus(r)).toEqual({ statut: 400, errMsg: ADRESSE_MESSAGES.rechercheTropCourte, code: 'SAISIE_INVALIDE' });
  });

  it('est ouverte à tout rôle connecté, pas sans session', async () => {
    expect(await chercher('servette 1', 'lecture')).not.toHaveLength(0);
    expect(refus(await t.app.inject({ url: '/webdeb/rest/adresse/?q=servette' }))).toEqual({
      statut: 401,
      errMsg: ERREURS.nonAuthentifie,
      code: 'NON_AUTHENTIFIE',
    });
  });

  it('donne une adresse par son idpAdr, 404 sinon', async () => {
    expect((await t.en('lecture', { url: '/webdeb/rest/adresse/T-CARL' })).json()).toMatchObject({
      adresse: 'Boulevard Carl-Vogt 50',
      x: 2499000,
    });
    expect(refus(await t.en('lecture', { url: '/webdeb/rest/adresse/INCONNUE' }))).toEqual({
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
