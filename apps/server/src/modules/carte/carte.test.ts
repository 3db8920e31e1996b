import { execFileSync } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';
import { ERREURS, ETENDUE_CANTON, IMPRESSION_CARTE, IMPRESSION_CARTE_MESSAGES, SAISIE_MESSAGES } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { appDeTest, refus, unique } from '../../test/app.js';
import { uneSaisieAdresse } from '../../test/fabriques.js';
import { enregistrer } from '../adresse/index.js';
import { fondDeTournee } from './index.js';

const t = appDeTest();
const INTERDIT = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };

/** A 1 × 1 PNG, as a canvas's toDataURL gives it. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const bloc = (type: string, donnees: Buffer) => {
  const corps = Buffer.concat([Buffer.from(type, 'latin1'), donnees]);
  const fin = Buffer.alloc(4);
  fin.writeUInt32BE(crc32(corps));
  const longueur = Buffer.alloc(4);
  longueur.writeUInt32BE(donnees.length);
  return Buffer.concat([longueur, corps, fin]);
};
const ihdr = (largeur: number, hauteur: number) => {
  const e = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0]);
  e.writeUInt32BE(largeur, 0);
  e.writeUInt32BE(hauteur, 4);
  return bloc('IHDR', e);
};
/**
 * An RGBA PNG as a data URL: its IHDR says `largeur` × `hauteur`; its pixels are `brut` (by default
 * all rows, transparent black) compressed; `avant` are chunks put after the IHDR.
 */
function png(largeur: number, hauteur: number, options: { brut?: Buffer; avant?: Buffer[]; idat?: Buffer } = {}) {
  const idat = options.idat ?? deflateSync(options.brut ?? Buffer.alloc(hauteur * (1 + 4 * largeur)));
  const octets = Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    ihdr(largeur, hauteur),
    ...(options.avant ?? []),
    bloc('IDAT', idat),
    bloc('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${octets.toString('base64')}`;
}

interface Entite {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}
const positions = (e: Entite) => (JSON.stringify(e.geometry.coordinates).match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('fond de carte intégré (GET /carte/fond)', () => {
  it('donne les 45 communes du canton et le Léman, en MN95 arrondies au mètre', async () => {
    const r = await t.en('gestion', { url: '/webdeb/rest/carte/fond' });
    expect(r.statusCode, r.body).toBe(200);
    const { communes, lacs } = r.json() as { communes: { features: Entite[] }; lacs: { features: Entite[] } };
    expect(communes.features).toHaveLength(45);
    expect(communes.features.map((c) => c.properties.noCommune)).toEqual(Array.from({ length: 45 }, (_, i) => 6601 + i));
    expect(communes.features.find((c) => c.properties.noCommune === 6621)?.properties.nom).toBe('Genève');
    expect(lacs.features.map((l) => l.properties.nom)).toContain('Lac Léman');
    for (const commune of communes.features) {
      const [xs, ys] = [positions(commune).filter((_, i) => i % 2 === 0), positions(commune).filter((_, i) => i % 2 === 1)];
      expect(xs.every((x) => Number.isInteger(x) && x >= ETENDUE_CANTON.xMin && x <= ETENDUE_CANTON.xMax)).toBe(true);
      expect(ys.every((y) => Number.isInteger(y) && y >= ETENDUE_CANTON.yMin && y <= ETENDUE_CANTON.yMax)).toBe(true);
    }
  });

  it("se garde un jour dans le navigateur, et répond 304 à qui l'a déjà", async () => {
    const r = await t.en('admin', { url: '/webdeb/rest/carte/fond', headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers['cache-control']).toBe('private, max-age=86400');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.rawPayload.length).toBeLessThan(400 * 1024);
    const etag = String(r.headers.etag);
    const encore = await t.en('admin', { url: '/webdeb/rest/carte/fond', headers: { 'if-none-match': etag } });
    expect(encore.statusCode).toBe(304);
    expect(encore.body).toBe('');
  });

  it('est réservé aux rôles gestion, admin et technique', async () => {
    expect(refus(await t.en('lecture', { url: '/webdeb/rest/carte/fond' }))).toEqual(INTERDIT);
  });
});

describe('impression de la carte (POST /carte/impression)', () => {
  const imprimer = (payload: object, compte: 'gestion' | 'lecture' = 'gestion') =>
    t.en(compte, { method: 'POST', url: '/webdeb/rest/carte/impression', payload });
  const texte = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();

  it('rend un PDF A4 paysage titré, nommé comme la carte, accents compris', async () => {
    const titre = 'Rue de l’École-de-Médecine 3';
    const r = await imprimer({ titre, image: PNG });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Rue de l_Ecole-de-Medecine 3.pdf"; filename*=UTF-8''Rue%20de%20l%E2%80%99%C3%89cole-de-M%C3%A9decine%203.pdf`,
    );
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(texte(r.rawPayload).trim()).toBe(titre);
    const pages = execFileSync('pdfinfo', ['-'], { input: r.rawPayload }).toString();
    expect(pages).toMatch(/Pages:\s+1\n/);
    expect(pages).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
  });

  it.each([
    [{ image: PNG }, IMPRESSION_CARTE_MESSAGES.titreObligatoire],
    [{ titre: '  ', image: PNG }, IMPRESSION_CARTE_MESSAGES.titreObligatoire],
    [{ titre: 'x'.repeat(256), image: PNG }, IMPRESSION_CARTE_MESSAGES.titreTropLong],
    [{ titre: 'Carte\nVOTRE COMPTE EST SUSPENDU', image: PNG }, SAISIE_MESSAGES.uneLigne],
    [{ titre: 'Carte' }, IMPRESSION_CARTE_MESSAGES.imageInvalide],
    [{ titre: 'Carte', image: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }, IMPRESSION_CARTE_MESSAGES.imageInvalide],
    [{ titre: 'Carte', image: 'https://example.org/carte.png' }, IMPRESSION_CARTE_MESSAGES.imageInvalide],
  ])('refuse %j : « %s »', async (payload, message) => {
    expect(refus(await imprimer(payload))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it('refuse une image de plus de 8 Mo', async () => {
    const image = `${PNG}${'A'.repeat(Math.ceil(IMPRESSION_CARTE.imageMaxOctets / 3) * 4)}`;
    expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual({
      statut: 400,
      errMsg: IMPRESSION_CARTE_MESSAGES.imageTropGrande,
      code: 'SAISIE_INVALIDE',
    });
    expect(refus(await imprimer({ titre: 'Carte', image: `${image}${'A'.repeat(4 * 1024 * 1024)}` }))).toEqual({
      statut: 413,
      errMsg: ERREURS.corpsInvalide,
      code: 'SAISIE_INVALIDE',
    });
  });

  it('est réservée aux rôles gestion, admin et technique', async () => {
    expect(refus(await imprimer({ titre: 'Carte', image: PNG }, 'lecture'))).toEqual(INTERDIT);
  });

  const refusee = (message: string) => ({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });

  it('refuse un PNG de 12 000 × 12 000 pixels sur la foi de son en-tête, sans le décompresser', async () => {
    // a few hundred bytes: what the IHDR announces is enough to refuse
    const image = png(12_000, 12_000, { brut: Buffer.alloc(1000) });
    expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual(refusee(IMPRESSION_CARTE_MESSAGES.imageTropDePixels));
    expect(refus(await imprimer({ titre: 'Carte', image: png(4001, 10, { brut: Buffer.alloc(10) }) }))).toEqual(
      refusee(IMPRESSION_CARTE_MESSAGES.imageTropDePixels),
    );
  });

  it('refuse une image JPEG, même de 12 000 × 12 000 pixels annoncés', async () => {
    // SOI, then a baseline SOF0: 8 bits, 12 000 lines of 12 000 pixels, 3 components
    const sof = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x2e, 0xe0, 0x2e, 0xe0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    for (const image of [`data:image/jpeg;base64,${sof.toString('base64')}`, `data:image/png;base64,${sof.toString('base64')}`]) {
      expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual(refusee(IMPRESSION_CARTE_MESSAGES.imageInvalide));
    }
  });

  it('refuse un PNG dont un second IHDR annonce plus que le premier, ou tronqué', async () => {
    const image = png(10, 10, { avant: [ihdr(12_000, 12_000)] });
    expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual(refusee(IMPRESSION_CARTE_MESSAGES.imageIllisible));
    const entier = Buffer.from(png(10, 10).split(',')[1]!, 'base64');
    for (const tronque of [entier.subarray(0, entier.length - 12), entier.subarray(0, 40)]) {
      expect(refus(await imprimer({ titre: 'Carte', image: `data:image/png;base64,${tronque.toString('base64')}` }))).toEqual(
        refusee(IMPRESSION_CARTE_MESSAGES.imageIllisible),
      );
    }
  });

  it('refuse un PNG dont les pixels se décompressent bien au-delà de sa taille', async () => {
    // 10 × 10 pixels announced, 64 Mo of zeros packed in 64 Ko
    const image = png(10, 10, { brut: Buffer.alloc(64 * 1024 * 1024) });
    expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual(refusee(IMPRESSION_CARTE_MESSAGES.imageIllisible));
  });

  it('refuse un PNG aux pixels corrompus, et le serveur imprime encore la carte suivante', async () => {
    const image = png(10, 10, { idat: Buffer.from('pas un flux deflate', 'latin1') });
    expect(refus(await imprimer({ titre: 'Carte', image }))).toEqual(refusee(IMPRESSION_CARTE_MESSAGES.imageIllisible));
    expect((await imprimer({ titre: 'Carte', image: PNG })).statusCode).toBe(200);
  });

  it('imprime une image de 4000 × 4000 pixels, la plus grande acceptée', async () => {
    const r = await imprimer({ titre: 'Grande carte', image: png(4000, 4000) });
    expect(r.statusCode, r.body).toBe(200);
    const images = execFileSync('pdfimages', ['-list', '-'], { input: r.rawPayload }).toString();
    expect(images).toMatch(/\bimage\s+4000\s+4000\b/);
  });
});

describe('fond de la carte d’une tournée (feuilles de route)', () => {
  it('donne les communes et le lac du cadre, et les seules rues des arrêts, tracées depuis le registre et gardées jusqu’à ce qu’il change', async () => {
    const db = t.base.db;
    const rue = (nomVoie: string, y: number) =>
      [1, 3, 5].map((n) =>
        uneSaisieAdresse(unique('F').slice(0, 30), { nomVoie, noAdresse: String(n), x: 2_500_000 + n * 20, y, secteur: null }),
      );
    const [visitee, voisine] = [rue(unique('Visitée'), 1_117_000), rue(unique('Voisine'), 1_117_100)];
    await enregistrer(db, [...visitee, ...voisine], 'test');
    // the city, to the lake's end
    const etendue = { xMin: 2_499_000, xMax: 2_502_000, yMin: 1_116_800, yMax: 1_119_000 };
    const fond = await fondDeTournee(db, etendue, [visitee[0]!.idpAdr]);
    expect(fond.communes.length).toBeGreaterThan(0);
    expect(fond.lacs.length).toBe(1);
    expect(fond.rues).toHaveLength(1);
    expect(fond.rues[0]!.every(([, y]) => y === 1_117_000)).toBe(true);
    expect(await fondDeTournee(db, etendue, [])).toMatchObject({ rues: [] });
    // the streets kept for the next print are forgotten when the register changes
    const bout = (f: typeof fond) => Math.max(...f.rues[0]!.map(([x]) => x));
    expect(bout(await fondDeTournee(db, etendue, [visitee[0]!.idpAdr]))).toBe(bout(fond));
    await enregistrer(db, [{ ...visitee[2]!, idpAdr: unique('F').slice(0, 30), noAdresse: '9', x: 2_500_300 }], 'test');
    expect(bout(await fondDeTournee(db, etendue, [visitee[0]!.idpAdr]))).toBeGreaterThan(bout(fond));
  });
});
