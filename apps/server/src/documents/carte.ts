import { versPdf } from './pdf.js';
import { POLICE } from './polices.js';

/** A4 landscape in points, and the margins around the map. */
const PAGE = { largeur: 841.89, hauteur: 595.28 } as const;
const MARGE = 28;
const HAUTEUR_TITRE = 36;

/** The map printed on one A4 landscape page: its title at the top, the picture (a PNG data URL) fitted below, no legend. */
export const carteEnPdf = (titre: string, image: string) =>
  versPdf({
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGE, MARGE, MARGE, MARGE],
    info: { title: titre, author: 'Débarras' },
    defaultStyle: { font: POLICE },
    content: [
      { text: titre, bold: true, fontSize: 16, margin: [0, 0, 0, 8] },
      { image, fit: [PAGE.largeur - 2 * MARGE, PAGE.hauteur - 2 * MARGE - HAUTEUR_TITRE], alignment: 'center' },
    ],
  });
