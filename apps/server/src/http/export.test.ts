import type { FastifyReply } from 'fastify';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parLots } from '../db/liste.js';
import { envoyerExport } from './export.js';

/** Just what envoyerExport uses of a reply: it answers the stream it was given. */
const reponse = () => {
  const r = { header: () => r, send: (flux: PassThrough) => flux, log: { error: () => {} } };
  return r as unknown as FastifyReply;
};

describe('export .xlsx (http/export.ts)', () => {
  it("lit la liste par lots de 250 lignes jusqu'au dernier, incomplet", async () => {
    const demandes: Array<[number, number]> = [];
    const lots: number[][] = [];
    for await (const lot of parLots(async (page, taille) => {
      demandes.push([page, taille]);
      return Array.from({ length: Math.max(0, Math.min(taille, 600 - page * taille)) }, (_, i) => page * taille + i);
    })) {
      lots.push(lot);
    }
    expect(demandes).toEqual([
      [0, 250],
      [1, 250],
      [2, 250],
    ]);
    expect(lots.flat()).toEqual(Array.from({ length: 600 }, (_, i) => i));
  });

  it('rend la main aux autres requêtes entre deux lots, même quand la base répond dans le même tour de boucle', async () => {
    // the embedded database resolves its queries without waiting on any I/O: only microtasks
    let autreRequeteServie = false;
    const vuesAvantLeLot: boolean[] = [];
    async function* lots() {
      for (let n = 0; n < 3; n++) {
        vuesAvantLeLot.push(autreRequeteServie);
        yield [{ numero: `N-${n}` }];
      }
    }
    setImmediate(() => (autreRequeteServie = true));
    const flux = (await envoyerExport(reponse(), {
      fichier: 'essai',
      feuille: 'Essai',
      colonnes: [{ entete: 'Numéro', valeur: (l: { numero: string }) => l.numero }],
      lots: lots(),
      jour: '2026-11-18',
    })) as unknown as PassThrough;
    const octets: Buffer[] = [];
    for await (const morceau of flux) octets.push(morceau as Buffer);
    expect(Buffer.concat(octets).subarray(0, 2).toString()).toBe('PK');
    // the first batch is read before anything is sent; the next ones after the other request's turn
    expect(vuesAvantLeLot).toEqual([false, true, true]);
  });
});
