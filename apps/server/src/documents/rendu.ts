/**
 * The documents' worker thread (travailleur.ts): every document is laid out and packed here, off
 * the event loop (docs/performance.md « Aucune requête ne bloque les autres »). A day's route sheets
 * in PDF take a second or more, the first one of a process longer still (the fonts), and a map's
 * picture of 4000 × 4000 pixels several seconds.
 */
import { IMPRESSION_CARTE_MESSAGES } from '@debarras/domain';
import { saisieInvalide } from '../erreurs.js';
import { carteEnPdf } from './carte.js';
import { feuillesEnExcel } from './excel.js';
import { ficheEnPdf } from './ficheDebarras.js';
import type { Rendu } from './index.js';
import { feuillesEnPdf } from './pdf.js';
import { lireEntetePng, pixelsLisibles } from './png.js';
import { servir } from './travailleur.js';
import { feuillesEnWord } from './word.js';

const FEUILLES = { Word: feuillesEnWord, Excel: feuillesEnExcel, Pdf: feuillesEnPdf } as const;

async function rendre(r: Rendu): Promise<Buffer> {
  switch (r.quoi) {
    case 'feuilles':
      return FEUILLES[r.format](r.feuilles);
    case 'fiche':
      return ficheEnPdf(r.debarras, r.instant);
    case 'carte': {
      // the header was read by the caller; the pixels are unpacked here first, bounded, before the PDF library does
      const octets = Buffer.from(r.png.buffer, r.png.byteOffset, r.png.byteLength);
      const entete = lireEntetePng(octets);
      if (!entete || !pixelsLisibles(entete)) throw saisieInvalide(IMPRESSION_CARTE_MESSAGES.imageIllisible);
      return carteEnPdf(r.titre, `data:image/png;base64,${octets.toString('base64')}`);
    }
  }
}

servir<Rendu, Uint8Array>(
  // a copy of its own, handed over whole to the main thread rather than copied once more
  async (r) => new Uint8Array(await rendre(r)),
  (document) => [document.buffer as ArrayBuffer],
);
