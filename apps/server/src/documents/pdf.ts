import { IMPRESSION_LIBELLES } from '@debarras/domain';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake';
import { COULEURS_CARTE, dessinDeTournee, type CarteTournee } from './carteTournee.js';
import { ascendant, largeurTexte } from './glyphes.js';
import { COLONNES_FEUILLE, COULEURS, type FeuillesDeRoute, type LeveeFeuille, type LigneFeuille } from './modele.js';
import { DOSSIER_POLICES, FICHIERS_POLICE, POLICE } from './polices.js';

export type TDocumentDefinitions = Parameters<typeof pdfmake.createPdf>[0];

pdfmake.setFonts({ [POLICE]: FICHIERS_POLICE });
// A document is built from our own data only: no image or font is ever fetched from elsewhere.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((chemin) => chemin.startsWith(DOSSIER_POLICES));

const MARGE = 28;
/** Above the content: room for the levée's heading. */
const MARGE_HAUT = 48;
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
    { text: l.ordre, bold: true, fontSize: 11, alignment: 'center' },
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

/** Where the map's page starts its content: every levée's section opens on a new page with its map. */
const ORIGINE_CARTE = { x: MARGE, y: MARGE_HAUT } as const;
/** The crews' link's QR code, 2.5 cm across: read by a phone's camera from arm's length. */
const TAILLE_QR = 72;
/** The height of the crews' link above the map: its QR code and the space under it. */
const HAUTEUR_LIEN = TAILLE_QR + 6;

/**
 * A round's map as pdfmake's vector drawing: the PDF library draws lines and fills itself, far faster than it reads
 * an SVG. Its words are texts placed on the page, where the map begins.
 */
function carteVectorielle(c: CarteTournee, decalage: number): Content[] {
  const point = ([x, y]: [number, number]) => ({ x, y });
  const traces = dessinDeTournee(c);
  const canvas = traces.flatMap((t): object[] => {
    switch (t.type) {
      case 'polygone':
        return [
          {
            type: 'polyline',
            points: t.points.map(point),
            closePath: true,
            color: t.fond,
            lineColor: t.trait,
            lineWidth: t.epaisseur ?? 0,
            lineJoin: 'round',
          },
        ];
      case 'ligne':
        return [
          {
            type: 'polyline',
            points: t.points.map(point),
            lineColor: t.trait,
            lineWidth: t.epaisseur,
            lineJoin: 'round',
            lineCap: 'round',
          },
        ];
      case 'rect':
        return [
          {
            type: 'rect',
            x: t.x,
            y: t.y,
            w: t.largeur,
            h: t.hauteur,
            r: t.rayon,
            color: t.fond,
            lineColor: t.trait,
            lineWidth: t.epaisseur ?? 0,
          },
        ];
      case 'texte':
        return [];
    }
  });
  const textes = traces.flatMap((t): Content[] => {
    if (t.type !== 'texte') return [];
    const graisse = t.gras ? 'gras' : 'normal';
    const x = t.ancre === 'milieu' ? t.x - largeurTexte(t.texte, t.taille, graisse) / 2 : t.x;
    return [
      {
        text: t.texte,
        bold: t.gras,
        fontSize: t.taille,
        lineHeight: 1,
        color: COULEURS_CARTE.texte,
        absolutePosition: { x: ORIGINE_CARTE.x + x, y: ORIGINE_CARTE.y + decalage + t.y - ascendant(graisse) * t.taille },
      },
    ];
  });
  return [{ canvas } as Content, ...textes];
}

/** The crews' link at the top of the levée's first page: its QR code, and the address to type when a camera fails. */
const lienEquipe = (l: LeveeFeuille): Content[] => {
  if (!l.equipe) return [];
  const [titre, consigne, url, validite] = l.equipe.textes;
  return [
    {
      columns: [
        { qr: l.equipe.url, fit: TAILLE_QR, eccLevel: 'M', margin: [0, 0, 0, 0], width: TAILLE_QR + 4 },
        {
          width: '*',
          margin: [8, 6, 0, 0],
          stack: [
            { text: titre!, bold: true, fontSize: 11 },
            { text: consigne!, fontSize: 9, margin: [0, 3, 0, 0] },
            { text: url!, fontSize: 9, bold: true, margin: [0, 2, 0, 0] },
            { text: validite!, fontSize: 8, color: '#555555', margin: [0, 3, 0, 0] },
          ],
        },
      ],
      margin: [0, 0, 0, 6],
    } as Content,
  ];
};

/**
 * A levée's first page: the crews' link, then its map on a page of its own before its list, with its legend (the link
 * stays above the list when the levée has no map).
 */
const pageCarte = (l: LeveeFeuille): Content[] =>
  l.carte
    ? [
        ...lienEquipe(l),
        ...carteVectorielle(l.carte, l.equipe ? HAUTEUR_LIEN : 0),
        ...lignes(l.legende, { fontSize: 8, margin: [0, 4, 0, 0] }),
        { text: '', pageBreak: 'after' },
      ]
    : lienEquipe(l);

const enTete = (l: LeveeFeuille): Content => ({
  columns: [
    { text: l.titre, bold: true, fontSize: 13, width: '*' },
    { text: l.tournee, fontSize: 9, alignment: 'right', width: 'auto', margin: [0, 3, 0, 0] },
  ],
  margin: [MARGE, 18, MARGE, 0],
});

/** The route sheets as a PDF: one section per levée, its map then its list, its heading on every page, fonts embedded. */
export function definitionFeuilles(f: FeuillesDeRoute): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGE, MARGE_HAUT, MARGE, 40],
    info: { title: f.titre, author: 'Débarras', subject: f.titre },
    defaultStyle: { font: POLICE, fontSize: 9, lineHeight: 1.1 },
    footer: pied(f.edition),
    content: f.levees.map((l) => ({
      header: enTete(l),
      section: [
        ...pageCarte(l),
        {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: COLONNES_FEUILLE.map((c) => c.part * LARGEUR_UTILE - 8),
            body: [
              COLONNES_FEUILLE.map((c) => ({ text: c.titre, bold: true, fillColor: `#${COULEURS.entete}` })),
              ...l.lignes.map(cellules),
            ],
          },
          layout: { paddingTop: () => 4, paddingBottom: () => 6, hLineWidth: () => 0.6, vLineWidth: () => 0.6 },
        },
      ],
    })),
  };
}

export const versPdf = (definition: TDocumentDefinitions): Promise<Buffer> => pdfmake.createPdf(definition).getBuffer();

export const feuillesEnPdf = (f: FeuillesDeRoute) => versPdf(definitionFeuilles(f));
