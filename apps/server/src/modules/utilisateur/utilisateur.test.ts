import { ERREURS, ROLES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { ErreurApplication } from '../../erreurs.js';
import { appDeTest, refus, unique } from '../../test/app.js';
import { ajouterUtilisateur, changerActivation, changerMotDePasse, changerRoles, ErreurUtilisateur, lireRoles } from './service.js';

const t = appDeTest();
const connexion = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/webdeb/rest/login', payload: { username, password } });

describe('gestion des utilisateurs (outil en ligne de commande)', () => {
  it('lit les rôles par leur nom court', () => {
    expect(lireRoles('gestion, admin')).toEqual([ROLES.GESTION, ROLES.ADMIN]);
    expect(lireRoles('ROLE_VVP_WEBDEB_LECTURE')).toEqual([ROLES.LECTURE]);
    expect(() => lireRoles('chef')).toThrow(/Rôles invalides/);
    expect(() => lireRoles('')).toThrow(/Rôles invalides/);
  });

  it('enregistre une empreinte argon2id, jamais le mot de passe', async () => {
    const u = await ajouterUtilisateur(
      t.base.db,
      { username: unique('u'), displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'secret-solide' },
      'test',
    );
    // the production cost (OWASP): m=19 MiB, t=2, p=1
    expect(u.motDePasse).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(u.motDePasse).not.toContain('secret-solide');
  });

  it('refuse un mot de passe trop court et un utilisateur en double', async () => {
    const username = unique('u');
    await expect(
      ajouterUtilisateur(t.base.db, { username, displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'court' }, 'test'),
    ).rejects.toThrow(/au moins 8/);
    await ajouterUtilisateur(t.base.db, { username, displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'assez-long' }, 'test');
    await expect(
      ajouterUtilisateur(t.base.db, { username, displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'assez-long' }, 'test'),
    ).rejects.toMatchObject({ code: 'DOUBLON', message: `L'utilisateur « ${username} » existe déjà.` });
  });

  it('refuse par une ErreurUtilisateur, qui est une ErreurApplication (la ligne de commande en affiche le message)', async () => {
    const refus = await changerRoles(t.base.db, 'personne', [ROLES.LECTURE], 'test').catch((e: unknown) => e);
    expect(refus).toBeInstanceOf(ErreurUtilisateur);
    expect(refus).toBeInstanceOf(ErreurApplication);
    expect(refus).toMatchObject({ code: 'INTROUVABLE', message: "L'utilisateur « personne » n'existe pas." });
    expect(() => lireRoles('chef')).toThrow(expect.objectContaining({ code: 'SAISIE_INVALIDE' }));
  });

  it('change le mot de passe et les rôles, effectifs à la connexion suivante', async () => {
    const username = unique('u');
    await ajouterUtilisateur(t.base.db, { username, displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'ancien-mdp' }, 'test');
    await changerMotDePasse(t.base.db, username, 'nouveau-mdp', 'test');
    await changerRoles(t.base.db, username, [ROLES.TECHNIQUE], 'test');
    expect(refus(await connexion(username, 'ancien-mdp'))).toEqual({
      statut: 401,
      errMsg: ERREURS.identificationInvalide,
      code: 'NON_AUTHENTIFIE',
    });
    const r = await connexion(username, 'nouveau-mdp');
    expect(r.json().authorities).toEqual([{ authority: ROLES.TECHNIQUE }]);
  });

  describe('sessions ouvertes', () => {
    const SANS_SESSION = { statut: 401, errMsg: ERREURS.nonAuthentifie, code: 'NON_AUTHENTIFIE' };
    const ouvrir = async (username: string, password: string) => {
      const r = await connexion(username, password);
      expect(r.statusCode).toBe(200);
      return `debarras_session=${r.cookies[0]!.value}`;
    };
    const moi = (cookie: string) => t.app.inject({ url: '/webdeb/rest/user', headers: { cookie } });
    const unUtilisateur = async () => {
      const username = unique('u');
      await ajouterUtilisateur(t.base.db, { username, displayName: 'U', roles: [ROLES.LECTURE], motDePasse: 'ancien-mdp' }, 'test');
      return username;
    };

    it('prennent toutes fin au changement de mot de passe (npm run users -- passwd), celles des autres non', async () => {
      const username = await unUtilisateur();
      const sessions = [await ouvrir(username, 'ancien-mdp'), await ouvrir(username, 'ancien-mdp')];
      const autre = await t.cookie('lecture');
      await changerMotDePasse(t.base.db, username, 'nouveau-mdp', 'test');
      for (const cookie of sessions) expect(refus(await moi(cookie))).toEqual(SANS_SESSION);
      expect((await moi(autre)).statusCode).toBe(200);
      expect((await moi(await ouvrir(username, 'nouveau-mdp'))).statusCode).toBe(200);
    });

    it('prennent fin pour de bon à la désactivation (disable) : la réactivation (enable) n’en rend aucune', async () => {
      const username = await unUtilisateur();
      const cookie = await ouvrir(username, 'ancien-mdp');
      await changerActivation(t.base.db, username, false, 'test');
      expect(refus(await moi(cookie))).toEqual(SANS_SESSION);
      await changerActivation(t.base.db, username, true, 'test');
      expect(refus(await moi(cookie))).toEqual(SANS_SESSION);
      expect((await moi(await ouvrir(username, 'ancien-mdp'))).statusCode).toBe(200);
    });

    it('restent ouvertes à un changement de rôles, qui vaut dès la requête suivante', async () => {
      const username = await unUtilisateur();
      const cookie = await ouvrir(username, 'ancien-mdp');
      await changerRoles(t.base.db, username, [ROLES.GESTION], 'test');
      expect((await moi(cookie)).json().authorities).toEqual([{ authority: ROLES.GESTION }]);
    });
  });
});
