import {
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_LIBELLES,
  formatDateHeure,
  formatJourSemaine,
  IMPRESSION_LIBELLES,
  libelleSecteurLevee,
  libelleStatutDebarras,
  TYPE_DEMANDE_LIBELLES,
  type Debarras,
} from '@debarras/domain';
import type { Content, TableCell } from 'pdfmake';
import { COULEURS } from './modele.js';
import { pied, versPdf, type TDocumentDefinitions } from './pdf.js';
import { POLICE } from './polices.js';

const F = IMPRESSION_LIBELLES.fiche;
const vide = (texte: string | null | undefined) => !texte?.trim();

const champ = (libelle: string, valeur: string | null | undefined): TableCell[] => [
  { text: libelle, color: '#555555' },
  { text: vide(valeur) ? '—' : valeur! },
];

const quand = (instant: string | null) => (instant ? formatDateHeure(new Date(instant)) : '—');

function indicateur(libelle: string, actif: boolean): Content {
  return actif
    ? { text: ` ${libelle.toUpperCase()} `, bold: true, color: `#${COULEURS.texteAlerte}`, background: `#${COULEURS.alerte}` }
    : { text: `${libelle} : ${F.non}`, color: '#555555' };
}

/** One débarras on one A4 page, for the counter or the file (docs/regles.md « Feuilles de route »). */
export function definitionFiche(d: Debarras, instant: Date): TDocumentDefinitions {
  const en = (texte: string): Content => ({ text: texte, bold: true, fontSize: 11, margin: [0, 12, 0, 4] });
  const precisions = vide(d.precisionLieu) ? null : `${d.precisionLieu}${d.inclurePrecisionLieu === '1' ? '' : ` ${F.precisionsExclues}`}`;
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: F.titre(d.numero), author: 'Débarras' },
    defaultStyle: { font: POLICE, fontSize: 10 },
    footer: pied(IMPRESSION_LIBELLES.edition(formatDateHeure(instant))),
    content: [
      { text: F.titre(d.numero), bold: true, fontSize: 18 },
      {
        text: [libelleStatutDebarras(d.statut), TYPE_DEMANDE_LIBELLES[d.typeDemande], d.recurrent ? F.recurrent : null]
          .filter(Boolean)
          .join(' - '),
        margin: [0, 2, 0, 8],
      },
      {
        layout: 'noBorders',
        table: {
          widths: [130, '*'],
          body: [
            champ(F.levee, `${formatJourSemaine(d.levee.dateLevee)} — ${libelleSecteurLevee(d.levee)}`),
            champ(F.adresse, d.adresse.adresse),
            champ(DEBARRAS_DETAIL_LIBELLES.precisionLieu, precisions),
            champ(DEBARRAS_DETAIL_LIBELLES.travaux, d.travaux),
          ],
        },
      },
      en(F.demandeur),
      {
        layout: 'noBorders',
        table: {
          widths: [130, '*'],
          body: [champ(DEBARRAS_LIBELLES.nomPersonne, d.nomPersonne), champ(F.telephone, d.telephone), champ(F.email, d.email)],
        },
      },
      en(F.objets),
      d.debarrasObjets.length
        ? {
            table: {
              headerRows: 1,
              widths: [60, 180, '*'],
              body: [
                [F.quantite, F.objet, F.remarque].map((t) => ({ text: t, bold: true, fillColor: `#${COULEURS.entete}` })),
                ...d.debarrasObjets.map((o) => [
                  { text: String(o.quantite), alignment: 'right' as const },
                  o.objet.libelle,
                  o.remarque ?? '',
                ]),
              ],
            },
          }
        : { text: F.aucunObjet, italics: true },
      en(F.remarques),
      {
        layout: 'noBorders',
        table: {
          widths: [130, '*'],
          body: [
            champ(DEBARRAS_DETAIL_LIBELLES.remarqueObjet, d.remarqueObjet),
            champ(DEBARRAS_DETAIL_LIBELLES.remarqueLieu, d.remarqueLieu),
            champ(DEBARRAS_DETAIL_LIBELLES.remarqueGenerale, d.remarqueGenerale),
          ],
        },
      },
      en(F.indicateurs),
      {
        text: [
          indicateur(DEBARRAS_LIBELLES.sauvage, d.sauvage === '1'),
          '      ',
          indicateur(DEBARRAS_LIBELLES.punaises, d.punaises === 'true'),
          '      ',
          indicateur(DEBARRAS_LIBELLES.punaisesDechets, d.punaisesDechets === 'true'),
        ],
      } as Content,
      {
        margin: [0, 18, 0, 0],
        fontSize: 8,
        color: '#555555',
        stack: [F.creation(quand(d.createdDate), d.createdBy ?? '—'), F.modification(quand(d.lastModifiedDate), d.lastModifiedBy ?? '—')],
      },
    ],
  };
}

export const ficheEnPdf = (d: Debarras, instant: Date) => versPdf(definitionFiche(d, instant));
