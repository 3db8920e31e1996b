import { createHash } from 'node:crypto';
import { ERREURS, ROLES } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appDeTest, MOT_DE_PASSE_TEST, refus, unique } from '../test/app.js';
import { ajouterUtilisateur } from '../modules/utilisateur/service.js';
import { ECHECS_MAX, minuterie } from '../modules/session/service.js';

// Behind one reverse proxy (TRUST_PROXY=1), with the request limits on.
const t = appDeTest({ TRUST_PROXY: '1', REQUETES_PAR_MINUTE: '400', CONNEXIONS_PAR_MINUTE: '200' });
const REST = '/webdeb/rest';
const TROP_DE_TENTATIVES = { statut: 429, errMsg: ERREURS.tropDeTentatives, code: 'TROP_DE_REQUETES' };

/** A sign-in as the proxy forwards it: `client` is the address the proxy saw, `annoncees` what the client claimed before it. */
const connexion = (username: string, password: string, client: string, annoncees: string[] = []) =>
  t.app.inject({
    method: 'POST',
    url: `${REST}/login`,
    remoteAddress: '10.0.0.1',
    headers: { 'x-forwarded-for': [...annoncees, client].join(', ') },
    payload: { username, password },
  });

async function unUtilisateur() {
  const username = unique('cible');
  await ajouterUtilisateur(t.base.db, { username, displayName: 'Cible', roles: [ROLES.LECTURE], motDePasse: MOT_DE_PASSE_TEST }, 'test');
  return username;
}

let adresses = Math.floor(Math.random() * 60_000);
/** A client address no other test of this file uses (198.18.0.0/15, kept for tests). */
const adresseUnique = () => {
  adresses++;
  return `198.${18 + (adresses >> 16)}.${(adresses >> 8) & 255}.${adresses & 255}`;
};

describe('limites de connexion', () => {
  it('ne vérifie pas plus de 10 mots de passe quand 60 tentatives arrivent en même temps', async () => {
    const username = await unUtilisateur();
    const client = adresseUnique();
    const statuts = (await Promise.all(Array.from({ length: 60 }, () => connexion(username, 'faux', client)))).map((r) => r.statusCode);
    expect(statuts.filter((s) => s === 401)).toHaveLength(ECHECS_MAX.couple);
    expect(statuts.filter((s) => s === 429)).toHaveLength(60 - ECHECS_MAX.couple);
  });

  it("ne se contourne pas en changeant l'adresse annoncée dans X-Forwarded-For : seule compte celle que voit le proxy", async () => {
    const username = await unUtilisateur();
    const client = adresseUnique();
    for (let i = 0; i < ECHECS_MAX.couple; i++)
      expect((await connexion(username, 'faux', client, [`203.0.113.${i}`])).statusCode).toBe(401);
    expect(refus(await connexion(username, MOT_DE_PASSE_TEST, client, ['198.51.100.7']))).toEqual(TROP_DE_TENTATIVES);
    // the same user from another real address still signs in
    expect((await connexion(username, MOT_DE_PASSE_TEST, adresseUnique())).statusCode).toBe(200);
  });

  it("bloque une adresse qui essaie beaucoup d'utilisateurs ; un utilisateur essayé depuis beaucoup d'adresses reste ouvert aux autres", async () => {
    const client = adresseUnique();
    for (let i = 0; i < ECHECS_MAX.adresse; i++) await connexion(unique('inconnu'), 'faux', client);
    expect(refus(await connexion('lecture', MOT_DE_PASSE_TEST, client))).toEqual(TROP_DE_TENTATIVES);

    // slowed down, never locked: an address that has not failed on the account still signs in (modules/session)
    const username = await unUtilisateur();
    const pause = vi.spyOn(minuterie, 'attendre').mockResolvedValue(undefined);
    try {
      for (let i = 0; i < 50; i++) await connexion(username, 'faux', adresseUnique());
      expect((await connexion(username, MOT_DE_PASSE_TEST, adresseUnique())).statusCode).toBe(200);
    } finally {
      pause.mockRestore();
    }
  });
});

describe('limite de requêtes', () => {
  it('répond 429 TROP_DE_REQUETES en français au-delà de la limite par minute, aux autres adresses non', async () => {
    const client = adresseUnique();
    const requete = (adresse: string) =>
      t.app.inject({ url: `${REST}/commune`, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': adresse } });
    const statuts = [];
    for (let i = 0; i < 401; i++) statuts.push((await requete(client)).statusCode);
    expect(statuts.slice(0, 400).every((s) => s === 200)).toBe(true);
    expect(refus(await requete(client))).toEqual({ statut: 429, errMsg: ERREURS.tropDeRequetes, code: 'TROP_DE_REQUETES' });
    expect((await requete(adresseUnique())).statusCode).toBe(200);
  });

  it('limite aussi la tournée des équipes, avant même de lire le jeton', async () => {
    const client = adresseUnique();
    const requete = () =>
      t.app.inject({
        url: '/webdeb/tournee/api/tournee',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client, authorization: 'Bearer faux' },
      });
    for (let i = 0; i < 400; i++) expect((await requete()).statusCode).toBe(401);
    expect(refus(await requete())).toEqual({ statut: 429, errMsg: ERREURS.tropDeRequetes, code: 'TROP_DE_REQUETES' });
  });
});

describe('session', () => {
  const ouvrir = async () => {
    const r = await connexion('admin', MOT_DE_PASSE_TEST, adresseUnique());
    const jeton = r.cookies[0]!.value;
    return { jeton, cookie: `debarras_session=${jeton}`, idSession: createHash('sha256').update(jeton).digest('hex') };
  };
  const moi = (cookie: string) => t.app.inject({ url: `${REST}/user`, headers: { cookie } });

  it('prend fin 12 heures après la connexion, même active', async () => {
    const { cookie, idSession } = await ouvrir();
    const ouverteIlYa = (intervalle: string) =>
      t.base.db.execute(sql`update session set cree_le = now() - ${intervalle}::interval where id_session = ${idSession}`);
    await ouverteIlYa('11 hours 59 minutes');
    expect((await moi(cookie)).statusCode).toBe(200);
    await ouverteIlYa('12 hours 1 minute');
    expect((await moi(cookie)).statusCode).toBe(401);
  });

  it('refuse la déconnexion demandée par un autre site, et garde la session', async () => {
    const { cookie } = await ouvrir();
    const r = await t.app.inject({ url: `${REST}/logout`, headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(refus(r)).toEqual({ statut: 403, errMsg: ERREURS.origineRefusee, code: 'NON_AUTORISE' });
    const autreOrigine = await t.app.inject({ url: `${REST}/logout`, headers: { cookie, origin: 'https://malveillant.example' } });
    expect(autreOrigine.statusCode).toBe(403);
    expect((await moi(cookie)).statusCode).toBe(200);
  });

  it("compare le schéma, l'hôte et le port de l'origine d'une écriture", async () => {
    const { cookie } = await ouvrir();
    const ecrire = (origin: string, proto = 'http') =>
      t.app.inject({
        method: 'POST',
        url: `${REST}/parametre`,
        remoteAddress: '10.0.0.1',
        headers: { cookie, origin, host: 'debarras.example', 'x-forwarded-proto': proto, 'x-forwarded-for': '192.0.2.1' },
        payload: {},
      });
    expect((await ecrire('https://debarras.example')).statusCode).toBe(403);
    expect((await ecrire('http://debarras.example:8443')).statusCode).toBe(403);
    // same scheme, host and port: past the origin check (then refused for the role or the body, not the origin)
    expect(refus(await ecrire('https://debarras.example', 'https')).errMsg).not.toBe(ERREURS.origineRefusee);
  });

  it("ne croit pas X-Forwarded-Host, même d'un proxy de confiance : l'origine est celle de PUBLIC_URL ou de l'hôte contacté", async () => {
    const { cookie } = await ouvrir();
    const ecrire = (origin: string, entetes: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${REST}/parametre`,
        remoteAddress: '10.0.0.1',
        headers: { cookie, origin, host: 'interne:8080', 'x-forwarded-for': '192.0.2.1', ...entetes },
        payload: {},
      });
    const forgee = await ecrire('https://evil.example', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(refus(forgee).errMsg).toBe(ERREURS.origineRefusee);
    expect(refus(await ecrire(new URL(t.config.publicUrl).origin)).errMsg).not.toBe(ERREURS.origineRefusee);
  });
});

describe('en-têtes de sécurité', () => {
  it('envoie une politique de contenu sans script en ligne, et HSTS seulement en HTTPS', async () => {
    const http = await t.app.inject({ url: `${REST}/commune`, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '192.0.2.9' } });
    expect(http.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(http.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const https = await t.app.inject({
      url: `${REST}/commune`,
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.9', 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
