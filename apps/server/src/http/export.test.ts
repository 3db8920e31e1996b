import type { FastifyReply } from 'fastify';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXPORT_LIGNES_MAX } from '@debarras/domain';
import { borne, parLots, parLotsDIdentifiants } from '../db/liste.js';
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

  it("lit les identifiants une fois, puis les lignes 250 par 250 dans l'ordre de la liste, sans celles disparues entre-temps", async () => {
    const ids = Array.from({ length: 600 }, (_, i) => 600 - i);
    let lecturesDesIds = 0;
    const demandes: number[][] = [];
    const lots: number[][] = [];
    for await (const lot of parLotsDIdentifiants(
      async () => (lecturesDesIds++, ids),
      // the base answers in its own order, and no longer has row 300
      async (lot) => (
        demandes.push(lot),
        [...lot]
          .sort((a, b) => a - b)
          .filter((id) => id !== 300)
          .map((id) => ({ id }))
      ),
      (ligne) => ligne.id,
    )) {
      lots.push(lot.map((l) => l.id));
    }
    expect(lecturesDesIds).toBe(1);
    expect(demandes.map((d) => d.length)).toEqual([250, 250, 100]);
    expect(lots.flat()).toEqual(ids.filter((id) => id !== 300));
  });

  it("refuse un export de plus de 100 000 lignes avant d'en lire une, en disant de filtrer la liste", async () => {
    let lotsLus = 0;
    async function* lots() {
      lotsLus++;
      yield [1];
    }
    await expect(borne(async () => EXPORT_LIGNES_MAX + 1, lots()).next()).rejects.toMatchObject({
      code: 'ETENDUE_TROP_GRANDE',
      message:
        "L'export est limité à 100 000 lignes, et cette liste en compte 100 001. Filtrez-la (par exemple sur une période) et exportez-la en plusieurs fois.",
    });
    expect(lotsLus).toBe(0);
    expect((await borne(async () => EXPORT_LIGNES_MAX, lots()).next()).value).toEqual([1]);
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
