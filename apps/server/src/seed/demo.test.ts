import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import { horlogeFixee } from '../horloge.js';
import { ajouterUtilisateur } from '../modules/utilisateur/index.js';
import { baseDeTest, INSTANT_DE_TEST } from '../test/app.js';
import { desactiverComptesDemo, motDePasseDemo, semerComptesDemo } from './demo.js';
import { semerReference } from './reference.js';

describe('mot de passe des comptes de démonstration', () => {
  it('est DEMO_PASSWORD quand il est défini', () => {
    expect(motDePasseDemo('choisi-par-moi', mkdtempSync(path.join(tmpdir(), 'demo-')))).toBe('choisi-par-moi');
  });

  it('est généré une fois, gardé dans DATA_DIR et redonné aux démarrages suivants', () => {
    const dossier = mkdtempSync(path.join(tmpdir(), 'demo-'));
    const premier = motDePasseDemo(undefined, dossier);
    expect(premier.length).toBeGreaterThanOrEqual(12);
    expect(motDePasseDemo(undefined, dossier)).toBe(premier);
    expect(readFileSync(path.join(dossier, 'mot-de-passe-demo.txt'), 'utf8').trim()).toBe(premier);
  });
});

describe('comptes de démonstration en production', () => {
  it('sont désactivés au démarrage, leurs sessions fermées ; un compte créé par la commande users garde son accès', async () => {
    const motDePasse = 'demo-1234-demo';
    const base = await baseDeTest();
    const app = await construireApp({
      config: lireConfig({
        NODE_ENV: 'test',
        DATA_DIR: path.join('/tmp', 'inutilise'),
        REQUETES_PAR_MINUTE: '0',
        CONNEXIONS_PAR_MINUTE: '0',
      }),
      base,
      dossierWeb: '/nonexistent',
      horloge: horlogeFixee(INSTANT_DE_TEST),
    });
    try {
      // a database first started without NODE_ENV=production, then given its staff's accounts
      await semerReference(base.db);
      await semerComptesDemo(base.db, motDePasse);
      await ajouterUtilisateur(
        base.db,
        { username: 'mdupont', displayName: 'Marie Dupont', roles: [ROLES.TECHNIQUE], motDePasse },
        'cli:root',
      );
      const connexion = (username: string) =>
        app.inject({ method: 'POST', url: '/webdeb/rest/login', payload: { username, password: motDePasse } });
      const ouverte = await connexion('technique');
      expect(ouverte.statusCode).toBe(200);
      const cookie = `${ouverte.cookies[0]!.name}=${ouverte.cookies[0]!.value}`;

      expect(await desactiverComptesDemo(base.db)).toEqual(['lecture', 'gestion', 'admin', 'technique']);
      expect((await app.inject({ url: '/webdeb/rest/tache', headers: { cookie } })).statusCode).toBe(401);
      for (const compte of ['lecture', 'gestion', 'admin', 'technique']) expect((await connexion(compte)).statusCode).toBe(401);
      expect((await connexion('mdupont')).statusCode).toBe(200);
      // the next start finds nothing more to disable
      expect(await desactiverComptesDemo(base.db)).toEqual([]);
    } finally {
      await app.close();
      await base.fermer();
    }
  });
});
