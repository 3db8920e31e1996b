import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
} from 'docx';
import { COLONNES_FEUILLE, COULEURS, type FeuillesDeRoute, type LigneFeuille } from './modele.js';
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
    children: contenus.map((c, index) => cellule(c, { index, fond: index === 5 && l.alertes.length ? COULEURS.alerte : undefined })),
  });
}

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

/** The route sheets as a Word document: one section per levée, its heading in the page header, fonts embedded. */
export async function feuillesEnWord(f: FeuillesDeRoute): Promise<Buffer> {
  const police = octetsPolice();
  const document = new Document({
    title: f.titre,
    creator: 'Débarras',
    fonts: [{ name: POLICE, data: police.normal, bold: police.bold, italic: police.italics, boldItalic: police.bolditalics }],
    styles: { default: { document: { run: { font: POLICE, size: 18 } } } },
    sections: f.levees.map((l) => ({
      properties: {
        page: {
          size: { width: A4.largeur, height: A4.hauteur, orientation: PageOrientation.LANDSCAPE },
          margin: { top: MARGE + 300, bottom: MARGE, left: MARGE, right: MARGE, header: 400, footer: 300 },
        },
      },
      headers: { default: new Header({ children: paragraphes([l.titre], { bold: true, size: 26 }) }) },
      footers: { default: pied(f.edition) },
      children: [
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
