import { describe, expect, it } from 'vitest';
import { lireConfig } from './config.js';
import { ErreurApplication } from './erreurs.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://debarras.example.ch/webdeb/' };

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
    expect(lireConfig({ ...PRODUCTION, COOKIE_SECURE: 'true', DATABASE_URL: 'postgres://x/y', COMMUNE_CODE: '6628' })).toMatchObject({
      production: true,
      cookieSecure: true,
      databaseUrl: 'postgres://x/y',
      communeCode: 6628,
      logLevel: 'info',
    });
  });

  it('lit TRUST_PROXY comme un nombre de proxies ou une liste d’adresses, et refuse « true »', () => {
    expect(lireConfig({}).trustProxy).toBe(false);
    expect(lireConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(lireConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.0/24' }).trustProxy).toEqual(['10.0.0.5', '10.0.0.0/24']);
    expect(() => lireConfig({ TRUST_PROXY: 'true' })).toThrow(/nombre de reverse proxies/);
  });

  it('lit la taille du pool PostgreSQL (BASE_CONNEXIONS, 10 par défaut, de 2 à 200)', () => {
    expect(lireConfig({}).connexionsBase).toBe(10);
    expect(lireConfig({ BASE_CONNEXIONS: '25' }).connexionsBase).toBe(25);
    expect(() => lireConfig({ BASE_CONNEXIONS: '1' })).toThrow('BASE_CONNEXIONS doit être comprise entre 2 et 200');
  });

  it('lit METRICS_TOKEN, et refuse au démarrage un jeton de moins de 16 caractères ou avec une espace', () => {
    expect(lireConfig({}).metricsToken).toBeUndefined();
    expect(lireConfig({ METRICS_TOKEN: 'un-jeton-assez-long' }).metricsToken).toBe('un-jeton-assez-long');
    expect(() => lireConfig({ METRICS_TOKEN: 'court' })).toThrow('METRICS_TOKEN doit compter au moins 16 caractères');
    expect(() => lireConfig({ METRICS_TOKEN: 'un jeton avec espaces' })).toThrow('sans espace');
  });

  it('rend le cookie Secure par défaut en production, sauf COOKIE_SECURE=false', () => {
    expect(lireConfig(PRODUCTION).cookieSecure).toBe(true);
    expect(lireConfig({ ...PRODUCTION, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(lireConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  it('construit les liens sur PUBLIC_URL, obligatoire en production, et sur l’adresse du serveur ailleurs', () => {
    expect(lireConfig({}).publicUrl).toBe('http://localhost:8080/webdeb/');
    expect(lireConfig({ PORT: '9000', BASE_PATH: 'voirie' }).publicUrl).toBe('http://localhost:9000/voirie/');
    expect(lireConfig(PRODUCTION).publicUrl).toBe('https://debarras.example.ch/webdeb/');
    expect(lireConfig({ PUBLIC_URL: 'https://Debarras.Example.ch' }).publicUrl).toBe('https://debarras.example.ch/');
    expect(() => lireConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL est obligatoire en production/);
    for (const refusee of ['debarras.example.ch', 'ftp://x.ch/', 'https://a:b@x.ch/', 'https://x.ch/?y=1', 'https://x.ch/#z']) {
      expect(() => lireConfig({ PUBLIC_URL: refusee }), refusee).toThrow(/PUBLIC_URL doit être une adresse/);
    }
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
