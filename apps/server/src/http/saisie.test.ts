import { DEBARRAS_MESSAGES, ERREURS, LIGNES_OBJETS_MAX, type DebarrasSaisie } from '@debarras/domain';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debarras, objet } from '../db/schema.js';
import { appDeTest, refus } from '../test/app.js';
import { uneAdresse, uneLevee } from '../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const NUL = '\u0000';
const CARACTERE_DE_CONTROLE = { statut: 400, errMsg: ERREURS.caractereDeControle, code: 'SAISIE_INVALIDE' };

let idObjets: number[];
let saisie: DebarrasSaisie;
beforeAll(async () => {
  idObjets = (
    await t.base.db
      .select({ id: objet.idObjet })
      .from(objet)
      .limit(LIGNES_OBJETS_MAX + 1)
  ).map((o) => o.id);
  const levee = await uneLevee(t.base.db);
  saisie = {
    typeDemande: 'TELEPHONE',
    sauvage: '0',
    adresse: { idpAdr: await uneAdresse(t.base.db) },
    levee: { idLevee: levee.idLevee },
    nomPersonne: 'Dupont',
    telephone: '022 418 00 00',
    debarrasObjets: [{ objet: { idObjet: idObjets[0]! }, quantite: 1 }],
  } as DebarrasSaisie;
});

const enregistrer = (corps: unknown) => t.en('gestion', { method: 'POST', url: `${REST}/debarras`, payload: corps as object });
const nombreDeDebarras = async () => (await t.base.db.select({ n: count() }).from(debarras))[0]!.n;

describe('caractères de contrôle', () => {
  it('refuse U+0000 dans un champ, un filtre, un chemin et à la connexion, avec un message en français (400)', async () => {
    const avant = await nombreDeDebarras();
    expect(refus(await enregistrer({ ...saisie, nomPersonne: `Du${NUL}pont` }))).toEqual(CARACTERE_DE_CONTROLE);
    expect(refus(await t.en('gestion', { url: `${REST}/debarras/?nomPersonne=a%00b` }))).toEqual(CARACTERE_DE_CONTROLE);
    expect(refus(await t.en('gestion', { url: `${REST}/adresse/%00` }))).toEqual(CARACTERE_DE_CONTROLE);
    const connexion = await t.app.inject({ method: 'POST', url: `${REST}/login`, payload: { username: `ad${NUL}min`, password: 'x' } });
    expect(refus(connexion)).toEqual(CARACTERE_DE_CONTROLE);
    expect(await nombreDeDebarras()).toBe(avant);
  });

  it("refuse les autres caractères de contrôle, jusque dans les clés, mais garde tabulation et retours à la ligne d'une remarque", async () => {
    for (const c of ['\u0001', '\u001B', '\u007F']) {
      expect(refus(await enregistrer({ ...saisie, remarqueGenerale: `a${c}b` }))).toEqual(CARACTERE_DE_CONTROLE);
    }
    expect(refus(await enregistrer({ ...saisie, [`cle${NUL}`]: 'x' }))).toEqual(CARACTERE_DE_CONTROLE);
    const r = await enregistrer({ ...saisie, remarqueGenerale: 'Sonner\tdeux fois\r\nau 2e' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().remarqueGenerale).toBe('Sonner\tdeux fois\r\nau 2e');
  });
});

describe('chemins illisibles', () => {
  it('refuse un segment de chemin trop long ou mal encodé dans la forme des refus de l’API (400)', async () => {
    for (const url of [`/webdeb/rest/debarras/${'1'.repeat(500)}`, '/webdeb/rest/debarras/%E0%A4%A']) {
      expect(refus(await t.en('gestion', { url }))).toEqual({ statut: 400, code: 'SAISIE_INVALIDE', errMsg: ERREURS.cheminInvalide });
    }
  });
});

describe('nombres bornés', () => {
  it("refuse un identifiant au-delà de l'entier de la base, dans le corps, le filtre et le chemin (400)", async () => {
    const trop = 2_147_483_648;
    expect((await enregistrer({ ...saisie, levee: { idLevee: trop } })).statusCode).toBe(400);
    expect((await enregistrer({ ...saisie, debarrasObjets: [{ objet: { idObjet: trop }, quantite: 1 }] })).statusCode).toBe(400);
    expect((await t.en('gestion', { url: `${REST}/debarras/?idLevee=${trop}` })).statusCode).toBe(400);
    expect((await t.en('gestion', { url: `${REST}/debarras/${trop}` })).statusCode).toBe(400);
    expect((await t.en('gestion', { url: `${REST}/debarras/?page=1e300` })).statusCode).toBe(400);
  });

  it('refuse un point de dépôt hors du canton et un kilométrage hors de 0 à 1000', async () => {
    expect((await enregistrer({ ...saisie, pointDepotX: 1e308, pointDepotY: 1117000 })).statusCode).toBe(400);
    expect((await enregistrer({ ...saisie, pointDepotX: 2500000, pointDepotY: -1 })).statusCode).toBe(400);
    const levee = await uneLevee(t.base.db);
    const km = (kilometrage: number) =>
      t.en('gestion', {
        method: 'POST',
        url: `${REST}/levee`,
        payload: { idLevee: levee.idLevee, nbDebarrasMax: 30, kilometrage, version: levee.version },
      });
    expect((await km(1e308)).statusCode).toBe(400);
    expect((await km(1001)).statusCode).toBe(400);
    expect((await km(1000)).statusCode).toBe(200);
  });
});

describe("lignes d'objets", () => {
  it(`refuse plus de ${LIGNES_OBJETS_MAX} lignes et un objet en double, sans rien écrire`, async () => {
    const avant = await nombreDeDebarras();
    const lignes = Array.from({ length: LIGNES_OBJETS_MAX + 1 }, (_, i) => ({ objet: { idObjet: i + 1 }, quantite: 1 }));
    expect(refus(await enregistrer({ ...saisie, debarrasObjets: lignes }))).toEqual({
      statut: 400,
      errMsg: DEBARRAS_MESSAGES.objetsTropNombreux(LIGNES_OBJETS_MAX),
      code: 'SAISIE_INVALIDE',
    });
    const double = [0, 0].map(() => ({ objet: { idObjet: idObjets[0]! }, quantite: 1 }));
    expect(refus(await enregistrer({ ...saisie, debarrasObjets: double }))).toEqual({
      statut: 400,
      errMsg: DEBARRAS_MESSAGES.objetEnDouble,
      code: 'SAISIE_INVALIDE',
    });
    expect(await nombreDeDebarras()).toBe(avant);
  });
});
