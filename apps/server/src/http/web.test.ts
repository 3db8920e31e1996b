import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ERREURS } from '@debarras/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import type { Base } from '../db/client.js';
import { baseDeTest } from '../test/app.js';

/** Marks the build's compressed copies, to tell them from a compression on the fly. */
const COPIE = 'console.log("copie compressée à la construction")';

/** A built web app in miniature: index.html, en-ligne.html, one asset with its compressed copies, one without, the favicons. */
function dossierWeb() {
  const dossier = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(dossier, 'assets'));
  mkdirSync(path.join(dossier, 'favicons'));
  writeFileSync(path.join(dossier, 'index.html'), '<html><head><base href="/" /></head><body>app</body></html>');
  writeFileSync(path.join(dossier, 'en-ligne.html'), '<html lang="fr"><head><base href="/" /></head><body>pages publiques</body></html>');
  writeFileSync(path.join(dossier, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(dossier, 'assets', 'index-abc.js.br'), brotliCompressSync(COPIE));
  writeFileSync(path.join(dossier, 'assets', 'index-abc.js.gz'), gzipSync(COPIE));
  writeFileSync(path.join(dossier, 'assets', 'style-abc.css'), '.ligne { color: #333; }\n'.repeat(100));
  writeFileSync(path.join(dossier, 'favicons', '6621.svg'), '<svg id="geneve"/>');
  writeFileSync(path.join(dossier, 'favicons', 'defaut.svg'), '<svg id="defaut"/>');
  return dossier;
}

async function servir(env: NodeJS.ProcessEnv, base: Base) {
  const app = await construireApp({ config: lireConfig({ NODE_ENV: 'test', ...env }), base, dossierWeb: dossierWeb() });
  await app.ready();
  return app;
}

describe("service de l'application web", () => {
  let base: Base;
  let app: FastifyInstance;
  beforeAll(async () => {
    base = await baseDeTest();
    app = await servir({ BASE_PATH: '/voirie/' }, base);
  });
  afterAll(async () => {
    await app.close();
    await base.fermer();
  });

  it('écrit BASE_PATH dans <base href> et sert index.html pour les routes du client', async () => {
    for (const url of ['/voirie/', '/voirie/parametreListe', '/voirie/debarrasDetail/12']) {
      const r = await app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<base href="/voirie/" />');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sert les pages des habitants sous en-ligne/, en anglais avec ?lang=en, sans toucher à leur API', async () => {
    for (const url of ['/voirie/en-ligne/', '/voirie/en-ligne/validation/abc', '/voirie/en-ligne/reservation/abc?lang=fr']) {
      const r = await app.inject({ url });
      expect(r.statusCode).toBe(200);
      expect(r.body).toBe('<html lang="fr"><head><base href="/voirie/" /></head><body>pages publiques</body></html>');
    }
    expect((await app.inject({ url: '/voirie/en-ligne/?lang=en' })).body).toContain('<html lang="en">');
    expect(await app.inject({ url: '/voirie/en-ligne?lang=en' })).toMatchObject({
      statusCode: 302,
      headers: { location: '/voirie/en-ligne/?lang=en' },
    });
    const inconnue = await app.inject({ url: '/voirie/en-ligne/api/inconnue' });
    expect(inconnue.statusCode).toBe(404);
    expect(inconnue.json()).toMatchObject({ code: 'INTROUVABLE' });
  });

  it('répond 404 en JSON, jamais la page, sous sante/ et metrics : un contrôle de santé mal écrit ne lit pas un 200', async () => {
    for (const url of ['/voirie/sante/ready', '/voirie/sante/', '/voirie/metrics/x']) {
      const r = await app.inject({ url });
      expect([r.statusCode, r.json().code]).toEqual([404, 'INTROUVABLE']);
    }
    expect((await app.inject({ url: '/voirie/sante/pret' })).json()).toEqual({ statut: 'pret' });
  });

  it('redirige / vers BASE_PATH', async () => {
    const r = await app.inject({ url: '/' });
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('/voirie/');
  });

  it('redirige BASE_PATH sans sa barre finale vers BASE_PATH, requête comprise', async () => {
    for (const [url, location] of [
      ['/voirie', '/voirie/'],
      ['/voirie?debut=1', '/voirie/?debut=1'],
    ]) {
      expect(await app.inject({ url })).toMatchObject({ statusCode: 302, headers: { location } });
    }
  });

  it('sert les fichiers construits avec un cache long, et 404 pour un fichier absent', async () => {
    const r = await app.inject({ url: '/voirie/assets/index-abc.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
    const absent = await app.inject({ url: '/voirie/assets/absent.js' });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ errMsg: ERREURS.routeInconnue, code: 'INTROUVABLE' });
  });

  it("envoie la copie Brotli ou gzip écrite à la construction selon ce qu'accepte le navigateur, le fichier lui-même sinon", async () => {
    const url = '/voirie/assets/index-abc.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': expect.stringContaining('javascript') });
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(COPIE);

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(COPIE);

    const brut = await app.inject({ url });
    expect(brut.headers['content-encoding']).toBeUndefined();
    expect(brut.body).toBe('console.log(1)');
    // the copies are no files of the app of their own
    expect((await app.inject({ url: `${url}.br` })).statusCode).toBe(404);
  });

  it('compresse à la volée un fichier construit sans copie compressée', async () => {
    const r = await app.inject({ url: '/voirie/assets/style-abc.css', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(r.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe('.ligne { color: #333; }\n'.repeat(100));
  });

  it('choisit la favicon de la commune, ou la favicon neutre pour une autre commune', async () => {
    expect((await app.inject({ url: '/voirie/favicon.svg' })).body).toBe('<svg id="geneve"/>');
    const autre = await servir({ BASE_PATH: '/voirie/', COMMUNE_CODE: '6628' }, base);
    expect((await autre.inject({ url: '/voirie/favicon.svg' })).body).toBe('<svg id="defaut"/>');
    await autre.close();
  });

  it('ajoute les en-têtes de sécurité', async () => {
    const r = await app.inject({ url: '/voirie/' });
    expect(r.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin' });
  });
});
