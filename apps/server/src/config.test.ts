import { describe, expect, it } from 'vitest';
import { lireConfig } from './config.js';
import { ErreurApplication } from './erreurs.js';

describe('configuration', () => {
  it('a des valeurs par défaut pour un premier démarrage', () => {
    const c = lireConfig({});
    expect(c).toMatchObject({
      port: 8080,
      basePath: '/webdeb/',
      communeCode: 6621,
      cookieSecure: false,
      production: false,
      databaseUrl: undefined,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('normalise BASE_PATH avec une barre oblique au début et à la fin', () => {
    expect(lireConfig({ BASE_PATH: 'voirie/debarras' }).basePath).toBe('/voirie/debarras/');
    expect(lireConfig({ BASE_PATH: '/' }).basePath).toBe('/');
  });

  it('lit la production, le cookie sécurisé, la base PostgreSQL et la commune', () => {
    expect(
      lireConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'true', DATABASE_URL: 'postgres://x/y', COMMUNE_CODE: '6628' }),
    ).toMatchObject({
      production: true,
      cookieSecure: true,
      databaseUrl: 'postgres://x/y',
      communeCode: 6628,
      logLevel: 'info',
    });
  });

  it('refuse un nombre mal écrit avec un message qui nomme la variable', () => {
    let erreur: unknown;
    try {
      lireConfig({ PORT: 'huit' });
    } catch (e) {
      erreur = e;
    }
    expect(erreur).toBeInstanceOf(ErreurApplication);
    expect(erreur).toMatchObject({ code: 'SAISIE_INVALIDE', message: 'La variable PORT doit être un nombre entier (reçu « huit »).' });
  });
});
