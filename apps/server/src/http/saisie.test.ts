import {
  DEBARRAS_CHAMPS_TRIABLES,
  DEBARRAS_MESSAGES,
  ERREURS,
  LEVEE_MESSAGES,
  LIGNES_OBJETS_MAX,
  LISTE_MESSAGES,
  texteEnLigne,
  type DebarrasSaisie,
} from '@debarras/domain';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debarras, objet } from '../db/schema.js';
import { PROFONDEUR_MAX } from './caracteres.js';
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

/** `niveaux` arrays one in the other, or objects: `[[…]]`, `{"a":{"a":…}}`. */
const imbrique = (niveaux: number, objet = false): unknown => {
  let valeur: unknown = objet ? {} : [];
  for (let i = 1; i < niveaux; i++) valeur = objet ? { a: valeur } : [valeur];
  return valeur;
};

describe('imbrication', () => {
  const TROP_PROFOND = { statut: 400, errMsg: ERREURS.imbricationTropProfonde(PROFONDEUR_MAX), code: 'SAISIE_INVALIDE' };
  const json = (corps: string) => ({ payload: corps, headers: { 'content-type': 'application/json' } });

  it('refuse un corps de 5 000 tableaux ou objets imbriqués en 400, en français, sur une route du personnel et à la connexion', async () => {
    const avant = await nombreDeDebarras();
    for (const corps of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)]) {
      expect(refus(await t.en('gestion', { method: 'POST', url: `${REST}/debarras`, ...json(corps) }))).toEqual(TROP_PROFOND);
      expect(refus(await t.app.inject({ method: 'POST', url: `${REST}/login`, ...json(corps) }))).toEqual(TROP_PROFOND);
    }
    expect(await nombreDeDebarras()).toBe(avant);
  });

  it('refuse un corps trop imbriqué sur la réservation en ligne, dans la langue du résident', async () => {
    const corps = json('['.repeat(5000) + ']'.repeat(5000));
    const api = '/webdeb/en-ligne/api';
    for (const [url, langue] of [
      [`${api}/reservations`, 'fr'],
      [`${api}/validations/abc?lang=en`, 'en'],
    ] as const) {
      expect(refus(await t.app.inject({ method: 'POST', url, ...corps }))).toEqual({
        statut: 400,
        errMsg: texteEnLigne(langue, 'saisieInvalide'),
        code: 'SAISIE_INVALIDE',
      });
    }
  });

  it(`laisse passer ${PROFONDEUR_MAX} niveaux jusqu'au schéma, et refuse le suivant avant lui`, async () => {
    for (const objet of [false, true]) {
      // the body itself is the first level
      const limite = refus(await enregistrer({ ...saisie, remarqueGenerale: imbrique(PROFONDEUR_MAX - 1, objet) }));
      expect(limite.statut).toBe(400);
      expect(limite.errMsg).not.toBe(TROP_PROFOND.errMsg);
      expect(refus(await enregistrer({ ...saisie, remarqueGenerale: imbrique(PROFONDEUR_MAX, objet) }))).toEqual(TROP_PROFOND);
    }
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

  it("refuse avant la base un identifiant au-delà de l'entier de la base pour supprimer, réactiver et lier des débarras", async () => {
    const trop = 2_147_483_648;
    const ecrire = (url: string, payload: object) => t.en('gestion', { method: 'POST', url: `${REST}/debarras/${url}`, payload });
    // the schema's message, not ERREURS.valeurHorsLimites: the answer of a value the database refused
    const idDebarras = "L'identifiant du débarras doit être un nombre entier positif.";
    for (const [r, errMsg] of [
      [await ecrire('supprimer', { idDebarras: trop, version: 0 }), idDebarras],
      [await ecrire('reactiver', { idDebarras: trop, version: 0 }), idDebarras],
      [await ecrire('link', { idDebarras: [1], idLevee: trop }), LEVEE_MESSAGES.identifiantInvalide],
    ] as const) {
      expect(refus(r)).toEqual({ statut: 400, code: 'SAISIE_INVALIDE', errMsg });
    }
  });
});

describe('tailles bornées', () => {
  it("refuse un identifiant d'adresse de plus de 30 caractères à la recherche de doublons", async () => {
    const r = await t.en('gestion', {
      method: 'POST',
      url: `${REST}/debarras/doublons`,
      payload: { adresse: { idpAdr: 'x'.repeat(1_000_000) } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.body.length).toBeLessThan(1000);
  });

  it('refuse plus de critères de tri que la liste n’a de champs triables, et accepte chacun une fois', async () => {
    const tri = (champs: readonly string[]) =>
      t.en('gestion', { url: `${REST}/debarras/?${champs.map((c) => `sort=${encodeURIComponent(`${c},desc`)}`).join('&')}` });
    expect(refus(await tri(Array.from({ length: 200 }, () => 'numero')))).toEqual({
      statut: 400,
      errMsg: LISTE_MESSAGES.tropDeTris(DEBARRAS_CHAMPS_TRIABLES.length),
      code: 'SAISIE_INVALIDE',
    });
    expect((await tri(DEBARRAS_CHAMPS_TRIABLES)).statusCode).toBe(200);
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
