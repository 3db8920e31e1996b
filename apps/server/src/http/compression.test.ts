import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appDeTest, dans } from '../test/app.js';
import { uneLevee, unDebarras } from '../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';
/** What Chromium sends. */
const NAVIGATEUR = 'gzip, deflate, br, zstd';

describe('compression des réponses', () => {
  it("compresse en Brotli une réponse JSON pour un navigateur, en gzip pour qui n'accepte que gzip, et rend le même contenu", async () => {
    const url = `${REST}/objet/?size=50`;
    const brute = await t.en('admin', { url });
    expect(brute.headers['content-encoding']).toBeUndefined();
    expect(brute.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await t.en('admin', { url, headers: { 'accept-encoding': NAVIGATEUR } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['x-total-elements']).toBe(brute.headers['x-total-elements']);
    expect(brotli.rawPayload.length).toBeLessThan(brute.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(brute.json());

    const gzip = await t.en('admin', { url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(brute.json());
  });

  it("laisse tels quels les classeurs et les documents, compressés déjà : l'export et les feuilles de route restent lisibles", async () => {
    const levee = await uneLevee(t.base.db, { dateLevee: dans(7) });
    const d = await unDebarras(t.base.db, { idLevee: levee.idLevee });
    const documents = [
      `${REST}/debarras/export/`,
      `${REST}/levee/print/?date=${dans(7)}&type=Excel`,
      `${REST}/levee/print/?date=${dans(7)}&type=Word`,
      `${REST}/debarras/print/?id=${d.idDebarras}`,
    ];
    for (const url of documents) {
      const r = await t.en('gestion', { url, headers: { 'accept-encoding': NAVIGATEUR } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBeUndefined();
      // zip (xlsx, docx) or PDF signature: the bytes are the document itself
      expect(['PK', '%P'], url).toContain(r.rawPayload.subarray(0, 2).toString('latin1'));
    }
  });
});
