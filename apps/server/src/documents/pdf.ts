import { IMPRESSION_LIBELLES } from '@debarras/domain';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake';
import { COLONNES_FEUILLE, COULEURS, type FeuillesDeRoute, type LigneFeuille } from './modele.js';
import { DOSSIER_POLICES, FICHIERS_POLICE, POLICE } from './polices.js';

export type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

pdfmake.setFonts({ [POLICE]: FICHIERS_POLICE });
// A document is built from our own data only: no image or font is ever fetched from elsewhere.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((chemin) => chemin.startsWith(DOSSIER_POLICES));

const MARGE = 28;
/** A4 landscape, in points, less the margins. */
const LARGEUR_UTILE = 841.89 - 2 * MARGE;

export const pied =
  (edition: string) =>
  (page: number, total: number): Content => ({
    columns: [
      { text: edition, fontSize: 7, color: '#555555' },
      { text: IMPRESSION_LIBELLES.page(page, total), alignment: 'right', fontSize: 8 },
    ],
    margin: [MARGE, 12, MARGE, 0],
  });

const lignes = (textes: string[], options: Record<string, unknown> = {}): Content[] => textes.map((text) => ({ text, ...options }));

function cellules(l: LigneFeuille): TableCell[] {
  const adresse: Content[] = [{ text: l.adresse, bold: true }];
  if (l.precisions) adresse.push({ text: l.precisions, italics: true });
  for (const acces of [l.pointDepot, l.travaux]) if (acces) adresse.push({ text: acces, color: `#${COULEURS.acces}` });
  return [
    { text: l.numero, bold: true },
    { stack: adresse },
    { stack: lignes(l.demandeur) },
    { stack: lignes(l.objets) },
    { stack: lignes(l.remarques, { fontSize: 8 }) },
    l.alertes.length
      ? { stack: lignes(l.alertes, { bold: true, color: `#${COULEURS.texteAlerte}` }), fillColor: `#${COULEURS.alerte}` }
      : { text: '' },
    { text: '' },
  ];
}

/** The route sheets as a PDF: one section per levée, its heading on every page, fonts embedded. */
export function definitionFeuilles(f: FeuillesDeRoute): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGE, 48, MARGE, 40],
    info: { title: f.titre, author: 'Débarras', subject: f.titre },
    defaultStyle: { font: POLICE, fontSize: 9, lineHeight: 1.1 },
    footer: pied(f.edition),
    content: f.levees.map((l) => ({
      header: { text: l.titre, bold: true, fontSize: 13, margin: [MARGE, 18, MARGE, 0] },
      section: {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: COLONNES_FEUILLE.map((c) => c.part * LARGEUR_UTILE - 8),
          body: [COLONNES_FEUILLE.map((c) => ({ text: c.titre, bold: true, fillColor: `#${COULEURS.entete}` })), ...l.lignes.map(cellules)],
        },
        layout: { paddingTop: () => 4, paddingBottom: () => 6, hLineWidth: () => 0.6, vLineWidth: () => 0.6 },
      },
    })),
  };
}

export const versPdf = (definition: TDocumentDefinitions): Promise<Buffer> => pdfmake.createPdf(definition).getBuffer();

export const feuillesEnPdf = (f: FeuillesDeRoute) => versPdf(definitionFeuilles(f));
