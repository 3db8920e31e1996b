import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appDeTest, MOT_DE_PASSE_TEST, unique } from '../../test/app.js';
import { ajouterUtilisateur, changerActivation } from '../utilisateur/service.js';
import { CONNEXION_MESSAGES, ERREURS, ROLES } from '@debarras/domain';

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
