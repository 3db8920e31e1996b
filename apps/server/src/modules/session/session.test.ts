import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDeTest, MOT_DE_PASSE_TEST, refus, unique } from '../../test/app.js';
import { ajouterUtilisateur, changerActivation } from '../utilisateur/service.js';
import { CONNEXION_MESSAGES, ERREURS, ROLES } from '@debarras/domain';
import { adresseComptee } from '../../adresseClient.js';
import { ECHECS_MAX, minuterie, RALENTISSEMENT } from './service.js';

const t = appDeTest();
const SANS_SESSION = { errMsg: ERREURS.nonAuthentifie, code: 'NON_AUTHENTIFIE' };
const IDENTIFICATION_INVALIDE = { errMsg: ERREURS.identificationInvalide, code: 'NON_AUTHENTIFIE' };
const formulaire = (username: string, password: string) => ({
  method: 'POST' as const,
  url: '/webdeb/rest/login',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ username, password }).toString(),
});

describe('POST /login', () => {
  it("ouvre une session avec un cookie HttpOnly, SameSite=Lax, limité à l'API (jamais envoyé à la réservation en ligne)", async () => {
    const r = await t.app.inject(formulaire('gestion', MOT_DE_PASSE_TEST));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ username: 'gestion', displayName: 'Test gestion', authorities: [{ authority: ROLES.GESTION }] });
    const cookie = r.cookies[0]!;
    expect(cookie).toMatchObject({ name: 'debarras_session', path: '/webdeb/rest', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.secure).toBeUndefined();
  });

  it('refuse un mauvais mot de passe avec le message de la spécification', async () => {
    const r = await t.app.inject(formulaire('gestion', 'faux'));
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual(IDENTIFICATION_INVALIDE);
    expect(r.cookies).toHaveLength(0);
  });

  it('refuse un utilisateur inconnu ou désactivé de la même manière', async () => {
    const inconnu = await t.app.inject(formulaire('personne', MOT_DE_PASSE_TEST));
    expect(inconnu.statusCode).toBe(401);
    expect(inconnu.json()).toEqual(IDENTIFICATION_INVALIDE);
    const username = unique('inactif');
    await ajouterUtilisateur(
      t.base.db,
      { username, displayName: 'Inactif', roles: [ROLES.LECTURE], motDePasse: MOT_DE_PASSE_TEST },
      'test',
    );
    await changerActivation(t.base.db, username, false, 'test');
    const desactive = await t.app.inject(formulaire(username, MOT_DE_PASSE_TEST));
    expect(desactive.statusCode).toBe(401);
    expect(desactive.json()).toEqual(IDENTIFICATION_INVALIDE);
  });

  it('bloque après 10 échecs en 15 minutes pour un utilisateur et une adresse (429)', async () => {
    const username = unique('cible');
    await ajouterUtilisateur(t.base.db, { username, displayName: 'Cible', roles: [ROLES.LECTURE], motDePasse: MOT_DE_PASSE_TEST }, 'test');
    for (let i = 0; i < 10; i++) {
      const echec = await t.app.inject(formulaire(username, 'faux'));
      expect([echec.statusCode, echec.json()]).toEqual([401, IDENTIFICATION_INVALIDE]);
    }
    const bloque = await t.app.inject(formulaire(username, MOT_DE_PASSE_TEST));
    expect(bloque.statusCode).toBe(429);
    expect(bloque.json()).toEqual({ errMsg: ERREURS.tropDeTentatives, code: 'TROP_DE_REQUETES' });
    // another user from the same address is not affected
    expect((await t.app.inject(formulaire('lecture', MOT_DE_PASSE_TEST))).statusCode).toBe(200);
  });

  it("exige le nom d'utilisateur et le mot de passe", async () => {
    const r = await t.app.inject(formulaire('', ''));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ errMsg: CONNEXION_MESSAGES.utilisateurObligatoire, code: 'SAISIE_INVALIDE' });
  });

  it('refuse une connexion envoyée depuis un autre site', async () => {
    const r = await t.app.inject({
      ...formulaire('gestion', MOT_DE_PASSE_TEST),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://malveillant.example' },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ errMsg: ERREURS.origineRefusee, code: 'NON_AUTORISE' });
  });
});

describe('POST /login : une devinette répartie sur plusieurs adresses', () => {
  const TROP_DE_TENTATIVES = { statut: 429, errMsg: ERREURS.tropDeTentatives, code: 'TROP_DE_REQUETES' };
  let adresses = 0;
  /** A client address no other test of this file uses (198.18.0.0/15, kept for tests). */
  const adresseUnique = () => `198.18.${++adresses >> 8}.${adresses & 255}`;
  const depuis = (username: string, password: string, adresse: string) =>
    t.app.inject({ ...formulaire(username, password), remoteAddress: adresse });
  /** The account's failures, as if they had been `secondes` older. */
  const vieillirEchecs = (username: string, secondes: number) =>
    t.base.db.execute(sql`update echec_connexion set date = date - make_interval(secs => ${secondes}) where username = ${username}`);
  const nouvelUtilisateur = async () => {
    const username = unique('devine');
    await ajouterUtilisateur(
      t.base.db,
      { username, displayName: 'Devinée', roles: [ROLES.LECTURE], motDePasse: MOT_DE_PASSE_TEST },
      'test',
    );
    return username;
  };

  // the pause is recorded, not waited: the tests stay fast, and say how long a sign-in would have waited
  let pauses: number[] = [];
  beforeEach(() => {
    pauses = [];
    vi.spyOn(minuterie, 'attendre').mockImplementation(async (ms) => pauses.push(ms));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.base.db.execute(sql`delete from echec_connexion where username = 'lecture'`);
  });

  it('laisse entrer `lecture` depuis une autre adresse, en 2 s au plus, après 50 mauvais mots de passe depuis 5 adresses', async () => {
    const attaquantes = Array.from({ length: 5 }, adresseUnique);
    const statuts: number[] = [];
    for (const adresse of attaquantes) {
      for (let i = 0; i < 10; i++) statuts.push((await depuis('lecture', 'faux', adresse)).statusCode);
    }
    // the guesser is still held: 10 passwords checked before the account counts as guessed, then one per new address
    expect(statuts.filter((s) => s === 401)).toHaveLength(RALENTISSEMENT.seuil + 4);
    expect(statuts.filter((s) => s === 429)).toHaveLength(50 - RALENTISSEMENT.seuil - 4);

    const debut = performance.now();
    const r = await depuis('lecture', MOT_DE_PASSE_TEST, adresseUnique());
    const duree = performance.now() - debut;
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ username: 'lecture' });
    // the only deliberate wait is the pause, at most 2 s; the rest is the check itself
    expect(pauses).toHaveLength(5);
    expect(pauses.at(-1)).toBeGreaterThan(0);
    expect(pauses.at(-1)).toBeLessThanOrEqual(RALENTISSEMENT.pauseMaxMs);
    expect(duree).toBeLessThan(1_500);

    // an attacking address that failed 10 times stays refused for 15 minutes; one that failed once waits its turn
    expect(refus(await depuis('lecture', MOT_DE_PASSE_TEST, attaquantes[0]!))).toEqual(TROP_DE_TENTATIVES);
    expect(refus(await depuis('lecture', MOT_DE_PASSE_TEST, attaquantes[1]!))).toEqual({
      ...TROP_DE_TENTATIVES,
      errMsg: ERREURS.connexionRalentie,
    });
    await vieillirEchecs('lecture', RALENTISSEMENT.intervalleMs / 1000 + 1);
    expect((await depuis('lecture', MOT_DE_PASSE_TEST, attaquantes[1]!)).statusCode).toBe(200);
    expect(refus(await depuis('lecture', MOT_DE_PASSE_TEST, attaquantes[0]!))).toEqual(TROP_DE_TENTATIVES);
  });

  it("laisse entrer le bon mot de passe d'une adresse sans échec quand le compte en a déjà 50 de 5 adresses", async () => {
    // the state the issue left: 50 failures of `lecture`, 10 from each of 5 addresses, all in the last minute
    for (let a = 0; a < 5; a++) {
      const adresse = adresseUnique();
      await t.base.db.execute(
        sql`insert into echec_connexion (username, adresse_ip) select 'lecture', ${adresse} from generate_series(1, ${ECHECS_MAX.couple})`,
      );
    }
    expect((await depuis('lecture', MOT_DE_PASSE_TEST, adresseUnique())).statusCode).toBe(200);
    expect(pauses).toEqual([RALENTISSEMENT.pauseMaxMs]);
  });

  it("ne vérifie, pour les adresses qui ont déjà échoué sur un compte deviné, qu'une tentative toutes les 30 secondes", async () => {
    const username = await nouvelUtilisateur();
    const adresses = Array.from({ length: 20 }, adresseUnique);
    const statuts: number[] = [];
    for (const adresse of adresses) {
      for (let i = 0; i < 2; i++) statuts.push((await depuis(username, 'faux', adresse)).statusCode);
    }
    // 5 addresses × 2 before the threshold, then the first attempt of each of the 15 others
    expect(statuts.filter((s) => s === 401)).toHaveLength(25);

    // 20 attempts at once from addresses that failed: one checked, whoever sends it
    await vieillirEchecs(username, RALENTISSEMENT.intervalleMs / 1000 + 1);
    const ensemble = await Promise.all(adresses.map((adresse) => depuis(username, 'faux', adresse)));
    expect(ensemble.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(ensemble.filter((r) => r.statusCode === 429)).toHaveLength(19);
    // the pause grows with the failures: 100 ms per failure beyond the threshold, 2 s at most
    expect(pauses.slice(0, 3)).toEqual([100, 200, 300]);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(RALENTISSEMENT.pauseMaxMs);
  });
});

describe('POST /login : adresses IPv6', () => {
  it('compte une adresse IPv6 par son réseau /64, une adresse IPv4 telle quelle', () => {
    expect(adresseComptee('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(adresseComptee('2001:DB8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(adresseComptee('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(adresseComptee('::1')).toBe('0:0:0:0::/64');
    expect(adresseComptee('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(adresseComptee('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(adresseComptee('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(adresseComptee('192.0.2.1')).toBe('192.0.2.1');
  });

  it("bloque un utilisateur essayé 10 fois depuis un même réseau /64, quelle qu'en soit l'adresse", async () => {
    const username = unique('v6');
    await ajouterUtilisateur(t.base.db, { username, displayName: 'V6', roles: [ROLES.LECTURE], motDePasse: MOT_DE_PASSE_TEST }, 'test');
    const depuis = (password: string, adresse: string) => t.app.inject({ ...formulaire(username, password), remoteAddress: adresse });
    for (let i = 1; i <= ECHECS_MAX.couple; i++) expect((await depuis('faux', `2001:db8:a:b::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await depuis(MOT_DE_PASSE_TEST, '2001:db8:a:b:ffff::1')).statusCode).toBe(429);
    expect((await depuis(MOT_DE_PASSE_TEST, '2001:db8:a:c::1')).statusCode).toBe(200);
  });
});

describe('GET /user et GET /logout', () => {
  it('répond 401 sans session', async () => {
    const r = await t.app.inject({ url: '/webdeb/rest/user' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual(SANS_SESSION);
  });

  it("rend l'utilisateur connecté puis ferme la session à la déconnexion", async () => {
    const connexion = await t.app.inject(formulaire('admin', MOT_DE_PASSE_TEST));
    const cookie = `debarras_session=${connexion.cookies[0]!.value}`;
    const moi = await t.app.inject({ url: '/webdeb/rest/user', headers: { cookie } });
    expect(moi.json()).toMatchObject({ username: 'admin', authorities: [{ authority: ROLES.ADMIN }] });
    const sortie = await t.app.inject({ url: '/webdeb/rest/logout', headers: { cookie } });
    expect(sortie.statusCode).toBe(204);
    expect(sortie.cookies[0]).toMatchObject({ name: 'debarras_session', value: '' });
    const apres = await t.app.inject({ url: '/webdeb/rest/user', headers: { cookie } });
    expect([apres.statusCode, apres.json()]).toEqual([401, SANS_SESSION]);
  });

  it('expire une session inactive depuis plus de 8 heures', async () => {
    const connexion = await t.app.inject(formulaire('lecture', MOT_DE_PASSE_TEST));
    const jeton = connexion.cookies[0]!.value;
    const cookie = `debarras_session=${jeton}`;
    const idSession = createHash('sha256').update(jeton).digest('hex');
    const vieillir = (intervalle: string) =>
      t.base.db.execute(sql`update session set derniere_activite = now() - ${intervalle}::interval where id_session = ${idSession}`);
    await vieillir('7 hours 59 minutes');
    expect((await t.app.inject({ url: '/webdeb/rest/user', headers: { cookie } })).statusCode).toBe(200);
    await vieillir('8 hours 1 minute');
    const expiree = await t.app.inject({ url: '/webdeb/rest/user', headers: { cookie } });
    expect([expiree.statusCode, expiree.json()]).toEqual([401, SANS_SESSION]);
  });

  it('ignore un cookie de session inventé', async () => {
    const r = await t.app.inject({ url: '/webdeb/rest/user', headers: { cookie: 'debarras_session=invente' } });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual(SANS_SESSION);
  });
});

describe('GET /commune', () => {
  it('donne la commune configurée sans être connecté', async () => {
    const r = await t.app.inject({ url: '/webdeb/rest/commune' });
    expect(r.json()).toEqual({ label: 'Genève', exists: true, code: 6621 });
  });
});

describe('erreurs communes à toutes les routes', () => {
  it('répondent 404 INTROUVABLE en JSON sous /rest pour une route inconnue', async () => {
    const r = await t.en('gestion', { url: '/webdeb/rest/nexistepas' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ errMsg: ERREURS.routeInconnue, code: 'INTROUVABLE' });
  });

  it("répondent SAISIE_INVALIDE, avec le statut de Fastify, à un type de contenu qu'aucune route ne lit (415)", async () => {
    const xml = await t.en('gestion', {
      method: 'POST',
      url: '/webdeb/rest/debarras',
      headers: { 'content-type': 'application/xml' },
      payload: '<debarras/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ errMsg: ERREURS.corpsInvalide, code: 'SAISIE_INVALIDE' });
  });
});
