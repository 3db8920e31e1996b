import { inflateSync } from 'node:zlib';

/** What a PNG's header says of its picture, read without unpacking a pixel. */
export interface EntetePng {
  largeur: number;
  hauteur: number;
  /** Bits per sample. */
  profondeur: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  couleur: number;
  entrelace: boolean;
  /** The IDAT chunks' bytes, together: the compressed pixels. */
  donnees: Buffer;
}

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** Samples per pixel, and the bit depths the PNG specification allows, by colour type. */
const TYPES_COULEUR: Record<number, { canaux: number; profondeurs: number[] }> = {
  0: { canaux: 1, profondeurs: [1, 2, 4, 8, 16] },
  2: { canaux: 3, profondeurs: [8, 16] },
  3: { canaux: 1, profondeurs: [1, 2, 4, 8] },
  4: { canaux: 2, profondeurs: [8, 16] },
  6: { canaux: 4, profondeurs: [8, 16] },
};

/**
 * The PNG's header, its chunks walked by their lengths only (a few milliseconds for 8 Mo): undefined
 * when the file is not a well-formed PNG (IHDR, IDAT, IEND). IHDR must come first and only once: the decoder takes the
 * last one it meets, so a second one could announce a picture larger than the first one said.
 */
export function lireEntetePng(octets: Buffer): EntetePng | undefined {
  if (octets.length < SIGNATURE.length || !octets.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return undefined;
  let entete: Omit<EntetePng, 'donnees'> | undefined;
  const idat: Buffer[] = [];
  let fin = false;
  let position = SIGNATURE.length;
  while (position + 12 <= octets.length) {
    const longueur = octets.readUInt32BE(position);
    const type = octets.toString('latin1', position + 4, position + 8);
    const debut = position + 8;
    if (longueur > octets.length - debut - 4) return undefined;
    if ((type === 'IHDR') !== (entete === undefined)) return undefined;
    if (type === 'IHDR') {
      if (longueur !== 13) return undefined;
      entete = {
        largeur: octets.readUInt32BE(debut),
        hauteur: octets.readUInt32BE(debut + 4),
        profondeur: octets[debut + 8]!,
        couleur: octets[debut + 9]!,
        entrelace: octets[debut + 12] === 1,
      };
      const type = TYPES_COULEUR[entete.couleur];
      const valide =
        entete.largeur > 0 &&
        entete.hauteur > 0 &&
        type?.profondeurs.includes(entete.profondeur) &&
        octets[debut + 10] === 0 &&
        octets[debut + 11] === 0 &&
        octets[debut + 12]! <= 1;
      if (!valide) return undefined;
    } else if (type === 'IDAT') idat.push(octets.subarray(debut, debut + longueur));
    else if (type === 'IEND') {
      fin = true;
      break;
    }
    position = debut + longueur + 4;
  }
  // without IEND the decoder reads past the end and fails
  if (!entete || !idat.length || !fin) return undefined;
  return { ...entete, donnees: Buffer.concat(idat) };
}

/**
 * The most bytes the pixels may unpack to: a filter byte and the samples of each row, and for an
 * interlaced picture the rows of its seven passes (under two per row of the picture, each rounded up).
 */
export function octetsBrutsMax(e: Omit<EntetePng, 'donnees'>): number {
  const ligne = Math.ceil((e.largeur * TYPES_COULEUR[e.couleur]!.canaux * e.profondeur) / 8);
  const brut = e.hauteur * (1 + ligne);
  return e.entrelace ? brut + 4 * e.hauteur + 64 : brut;
}

/**
 * Whether the compressed pixels unpack, to no more than the header's size allows: a few hundred
 * kilobytes of zeros unpack to gigabytes, and the PDF library crashes the process on a corrupt
 * stream. Unpacking costs time (about 0.1 s at 4000 × 4000): it runs where the rendering does.
 */
export function pixelsLisibles(e: EntetePng): boolean {
  try {
    inflateSync(e.donnees, { maxOutputLength: octetsBrutsMax(e) });
    return true;
  } catch {
    return false;
  }
}
