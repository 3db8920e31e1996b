import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERREURS } from '@debarras/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTest } from '../test/app.js';

/**
 * Requests Node's HTTP parser refuses before Fastify reads them: `inject` skips that parser, so these
 * go over a real connection to the listening app.
 */
const journal: string[] = [];
const t = appDeTest({ LOG_LEVEL: 'debug' }, { journal: { write: (ligne) => void journal.push(ligne) } });
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** The raw request sent, and the answer read until the server closes the connection. */
function envoyerBrut(requete: string): Promise<{ statut: number; entetes: Record<string, string>; corps: string }> {
  return new Promise((resoudre, rejeter) => {
    const morceaux: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(requete));
    socket.on('data', (morceau) => morceaux.push(morceau));
    socket.on('error', rejeter);
    socket.on('close', () => {
      const texte = Buffer.concat(morceaux).toString('utf8');
      const [tete = '', corps = ''] = texte.split('\r\n\r\n');
      const [ligneStatut = '', ...lignes] = tete.split('\r\n');
      const entetes = Object.fromEntries(lignes.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resoudre({ statut: Number(ligneStatut.split(' ')[1]), entetes, corps });
    });
  });
}

const ENTETES_DE_SECURITE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'content-security-policy': expect.stringContaining("default-src 'self'"),
};

describe('requêtes refusées par le parseur HTTP', () => {
  it('répond 431 à des en-têtes trop grands, dans la forme des refus de l’API et avec les en-têtes de sécurité', async () => {
    const r = await envoyerBrut(`GET /webdeb/rest/session HTTP/1.1\r\nHost: x\r\nX-Long: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(r.statut).toBe(431);
    expect(r.entetes).toMatchObject({ ...ENTETES_DE_SECURITE, 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(r.corps)).toEqual({ errMsg: ERREURS.entetesTropGrands, code: 'SAISIE_INVALIDE' });
  });

  it('répond 400 à un caractère interdit dans un en-tête ou à une ligne de requête mal formée, sans rien en garder au journal', async () => {
    for (const requete of [
      'GET /webdeb/rest/session HTTP/1.1\r\nHost: x\r\nX-Marque: ab\u0001cd\r\n\r\n',
      'GET /webdeb/rest/session HTTP/1.1\r\nHost: x\r\nX Marque: abcd\r\n\r\n',
      'GET /webdeb/ rest HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const r = await envoyerBrut(requete);
      expect(r.statut, requete).toBe(400);
      expect(r.entetes).toMatchObject(ENTETES_DE_SECURITE);
      expect(JSON.parse(r.corps)).toEqual({ errMsg: ERREURS.requeteIllisible, code: 'SAISIE_INVALIDE' });
    }
    expect(journal.join('')).toContain('requête refusée par le parseur HTTP');
    expect(journal.join('')).not.toMatch(/Marque|abcd/);
  });

  it('répond normalement à une requête bien formée sur la même écoute', async () => {
    const r = await envoyerBrut('GET /webdeb/en-ligne/api/inconnue HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(r.statut).toBe(404);
    expect(r.entetes).toMatchObject(ENTETES_DE_SECURITE);
  });
});
