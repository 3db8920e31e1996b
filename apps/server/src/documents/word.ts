import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type IRunOptions,
} from 'docx';
import { IMPRESSION_LIBELLES } from '@debarras/domain';
import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { svgDeTournee, TAILLE_CARTE } from './carteTournee.js';
import { COLONNES_FEUILLE, COULEURS, type FeuillesDeRoute, type LeveeFeuille, type LigneFeuille } from './modele.js';
import { octetsPolice, POLICE } from './polices.js';

/** A4 in twentieths of a point; docx turns it for the landscape orientation. */
const A4 = { largeur: 11906, hauteur: 16838 };
const MARGE = 567;
const LARGEUR_UTILE = A4.hauteur - 2 * MARGE;

/** One paragraph per text; a text's own line breaks stay (Word ignores a newline inside a run's text). */
const paragraphes = (textes: string[], options: IRunOptions = {}) =>
  textes.map(
    (texte) =>
      new Paragraph({
        children: texte.split('\n').map((ligne, i) => new TextRun({ text: ligne, ...(i > 0 ? { break: 1 } : {}), ...options })),
      }),
  );

function cellule(contenu: Paragraph[], options: { fond?: string; index: number }) {
  return new TableCell({
    children: contenu.length ? contenu : [new Paragraph('')],
    width: { size: Math.round(COLONNES_FEUILLE[options.index]!.part * LARGEUR_UTILE), type: WidthType.DXA },
    margins: { top: 60, bottom: 80, left: 80, right: 80 },
    ...(options.fond ? { shading: { type: ShadingType.CLEAR, fill: options.fond, color: 'auto' } } : {}),
  });
}

function rangee(l: LigneFeuille) {
  const adresse = [
    ...paragraphes([l.adresse], { bold: true }),
    ...paragraphes(l.precisions ? [l.precisions] : [], { italics: true }),
    ...paragraphes(
      [l.pointDepot, l.travaux].filter((t): t is string => t !== null),
      { color: COULEURS.acces },
    ),
  ];
  const contenus = [
    [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: l.ordre, bold: true, size: 22 })] })],
    paragraphes([l.numero], { bold: true }),
    adresse,
    paragraphes(l.demandeur),
    paragraphes(l.objets),
    paragraphes(l.remarques, { size: 16 }),
    paragraphes(l.alertes, { bold: true, color: COULEURS.texteAlerte }),
    [],
  ];
  return new TableRow({
    cantSplit: true,
    children: contenus.map((c, index) =>
      cellule(c, { index, fond: index === INDEX_ALERTES && l.alertes.length ? COULEURS.alerte : undefined }),
    ),
  });
}

const INDEX_ALERTES = COLONNES_FEUILLE.findIndex((c) => c.titre === IMPRESSION_LIBELLES.colonnes.alertes);

const enTetes = () =>
  new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: COLONNES_FEUILLE.map((c, index) => cellule(paragraphes([c.titre], { bold: true }), { index, fond: COULEURS.entete })),
  });

const pied = (edition: string) =>
  new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({ text: `${edition}    `, size: 14, color: '555555' }),
          new TextRun({ children: ['page ', PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 16 }),
        ],
      }),
    ],
  });

/** Word counts a picture's size in pixels at 96 per inch; the map is drawn in points, at 72. */
const PIXELS_PAR_POINT = 96 / 72;
const TAILLE_IMAGE = {
  width: Math.round(TAILLE_CARTE.largeur * PIXELS_PAR_POINT),
  height: Math.round(TAILLE_CARTE.hauteur * PIXELS_PAR_POINT),
};

/**
 * The map as a PNG, for a word processor that does not draw SVG: a pixel of the picture per point of the page, enough
 * to read it on screen and on paper; Word since 2016 and LibreOffice print the SVG itself.
 */
function pngDeCarte(svg: string): Buffer {
  const rendu = new Resvg(svg, {
    fitTo: { mode: 'width', value: TAILLE_CARTE.largeur },
    // its words are outlines already (glyphes.ts)
    font: { loadSystemFonts: false },
  });
  return rendu.render().asPng();
}

/** The crews' link's QR code, 2.5 cm across (72 points): read by a phone's camera from arm's length. */
const TAILLE_QR = Math.round(72 * PIXELS_PAR_POINT);
const SANS_BORDURE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

/** The crews' link at the top of the levée's first page: its QR code, and the address to type when a camera fails. */
async function lienEquipe(l: LeveeFeuille): Promise<Array<Paragraph | Table>> {
  if (!l.equipe) return [];
  const [titre, consigne, url, validite] = l.equipe.textes as [string, string, string, string];
  const qr = await QRCode.toBuffer(l.equipe.url, { errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  const largeurQr = Math.round(80 * 20);
  return [
    new Table({
      width: { size: LARGEUR_UTILE, type: WidthType.DXA },
      columnWidths: [largeurQr, LARGEUR_UTILE - largeurQr],
      borders: {
        top: SANS_BORDURE,
        bottom: SANS_BORDURE,
        left: SANS_BORDURE,
        right: SANS_BORDURE,
        insideHorizontal: SANS_BORDURE,
        insideVertical: SANS_BORDURE,
      },
      rows: [
        new TableRow({
          children: [
            new TableCell({
              width: { size: largeurQr, type: WidthType.DXA },
              children: [
                new Paragraph({
                  children: [
                    new ImageRun({
                      type: 'png',
                      data: qr,
                      transformation: { width: TAILLE_QR, height: TAILLE_QR },
                      altText: { name: titre, title: titre, description: url },
                    }),
                  ],
                }),
              ],
            }),
            new TableCell({
              width: { size: LARGEUR_UTILE - largeurQr, type: WidthType.DXA },
              margins: { left: 160, top: 80 },
              children: [
                ...paragraphes([titre], { bold: true, size: 22 }),
                ...paragraphes([consigne]),
                ...paragraphes([url], { bold: true }),
                ...paragraphes([validite], { size: 16, color: '555555' }),
              ],
            }),
          ],
        }),
      ],
    }),
    new Paragraph({ children: [], spacing: { after: 60 } }),
  ];
}

/** A levée's map before its list, with its legend, then a new page. */
function pageCarte(l: LeveeFeuille): Paragraph[] {
  if (!l.carte) return [];
  const svg = svgDeTournee(l.carte);
  return [
    new Paragraph({
      children: [
        new ImageRun({
          type: 'svg',
          data: Buffer.from(svg),
          fallback: { type: 'png', data: pngDeCarte(svg) },
          transformation: TAILLE_IMAGE,
          altText: { name: l.legende[0]!, title: l.titre, description: l.legende.join(' ') },
        }),
      ],
    }),
    ...paragraphes(l.legende, { size: 16 }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}

/** The levée's heading, and its round's length at the right margin. */
const enTete = (l: LeveeFeuille) =>
  new Header({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: LARGEUR_UTILE }],
        children: [new TextRun({ text: l.titre, bold: true, size: 26 }), new TextRun({ children: [new Tab(), l.tournee], size: 18 })],
      }),
    ],
  });

/** The route sheets as a Word document: one section per levée, its map then its list, its heading in the page header, fonts embedded. */
export async function feuillesEnWord(f: FeuillesDeRoute): Promise<Buffer> {
  const police = octetsPolice();
  const liens = await Promise.all(f.levees.map(lienEquipe));
  const document = new Document({
    title: f.titre,
    creator: 'Débarras',
    fonts: [{ name: POLICE, data: police.normal, bold: police.bold, italic: police.italics, boldItalic: police.bolditalics }],
    styles: { default: { document: { run: { font: POLICE, size: 18 } } } },
    sections: f.levees.map((l, i) => ({
      properties: {
        page: {
          size: { width: A4.largeur, height: A4.hauteur, orientation: PageOrientation.LANDSCAPE },
          margin: { top: MARGE + 300, bottom: MARGE, left: MARGE, right: MARGE, header: 400, footer: 300 },
        },
      },
      headers: { default: enTete(l) },
      footers: { default: pied(f.edition) },
      children: [
        ...liens[i]!,
        ...pageCarte(l),
        new Table({
          width: { size: LARGEUR_UTILE, type: WidthType.DXA },
          columnWidths: COLONNES_FEUILLE.map((c) => Math.round(c.part * LARGEUR_UTILE)),
          rows: [enTetes(), ...l.lignes.map(rangee)],
        }),
      ],
    })),
  });
  return Packer.toBuffer(document);
}
