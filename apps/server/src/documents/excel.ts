import { IMPRESSION_LIBELLES } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { COLONNES_FEUILLE, COULEURS, type FeuillesDeRoute } from './modele.js';

/** Excel's page header and footer codes treat '&' as a command. */
const texteEnTete = (texte: string) => texte.replaceAll('&', '&&');

const LARGEUR_TOTALE = 190;

/**
 * A worksheet's name as Excel accepts it: at most 31 characters, none of : \ / ? * [ ], no apostrophe at
 * either end, not « History », unique in the workbook (« (2) », « (3) »… within the 31 characters).
 */
export function nomFeuille(libelle: string, pris: Set<string>) {
  const propre =
    libelle
      .replace(/[:\\/?*[\]]/g, ' ')
      .replace(/^['\s]+|['\s]+$/g, '')
      .replace(/^history$/i, 'Levée History') || 'Levée';
  let nom = propre.slice(0, 31).replace(/['\s]+$/, '');
  for (let n = 2; pris.has(nom.toLowerCase()); n++) {
    const suffixe = ` (${n})`;
    nom = `${propre.slice(0, 31 - suffixe.length).replace(/['\s]+$/, '')}${suffixe}`;
  }
  pris.add(nom.toLowerCase());
  return nom;
}

/** Excel's column numbers, from 1, of the cells styled on their own. */
const COLONNE = {
  ordre: 1 + COLONNES_FEUILLE.findIndex((c) => c.titre === IMPRESSION_LIBELLES.colonnes.ordre),
  numero: 1 + COLONNES_FEUILLE.findIndex((c) => c.titre === IMPRESSION_LIBELLES.colonnes.numero),
  alertes: 1 + COLONNES_FEUILLE.findIndex((c) => c.titre === IMPRESSION_LIBELLES.colonnes.alertes),
};

const remplissage = (couleur: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${couleur}` } });

/** The route sheets as an Excel workbook: one worksheet per levée, A4 landscape, the heading on every printed page. */
export async function feuillesEnExcel(f: FeuillesDeRoute): Promise<Buffer> {
  const classeur = new ExcelJS.Workbook();
  classeur.creator = 'Débarras';
  classeur.title = f.titre;
  const pris = new Set<string>();
  for (const l of f.levees) {
    const feuille = classeur.addWorksheet(nomFeuille(l.libelle, pris), {
      pageSetup: {
        paperSize: 9,
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: '3:3',
        margins: { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 },
      },
      headerFooter: {
        oddHeader: `&L&"Arial,Bold"&12${texteEnTete(l.titre)}&R&9${texteEnTete(l.tournee)}`,
        oddFooter: `&L&8${texteEnTete(f.edition)}&R${IMPRESSION_LIBELLES.page('&P', '&N')}`,
      },
      views: [{ state: 'frozen', ySplit: 3 }],
    });
    feuille.columns = COLONNES_FEUILLE.map((c) => ({ width: Math.round(c.part * LARGEUR_TOTALE) }));
    feuille.mergeCells(1, 1, 1, COLONNES_FEUILLE.length);
    const titre = feuille.getCell(1, 1);
    titre.value = l.titre;
    titre.font = { bold: true, size: 14 };
    feuille.mergeCells(2, 1, 2, COLONNES_FEUILLE.length);
    feuille.getCell(2, 1).value = l.tournee;
    const entetes = feuille.getRow(3);
    entetes.values = COLONNES_FEUILLE.map((c) => c.titre);
    entetes.eachCell((c) => {
      c.font = { bold: true };
      c.fill = remplissage(COULEURS.entete);
      c.border = { bottom: { style: 'thin' } };
    });
    for (const ligne of l.lignes) {
      const adresse = [ligne.adresse, ligne.precisions, ligne.pointDepot, ligne.travaux].filter(Boolean);
      const rangee = feuille.addRow([
        ligne.ordre,
        ligne.numero,
        adresse.join('\n'),
        ligne.demandeur.join('\n'),
        ligne.objets.join('\n'),
        ligne.remarques.join('\n'),
        ligne.alertes.join('\n'),
        '',
      ]);
      rangee.alignment = { vertical: 'top', wrapText: true };
      rangee.eachCell({ includeEmpty: true }, (c) => {
        c.border = { top: { style: 'thin' }, bottom: { style: 'thin' }, left: { style: 'thin' }, right: { style: 'thin' } };
      });
      rangee.getCell(COLONNE.ordre).font = { bold: true, size: 12 };
      rangee.getCell(COLONNE.ordre).alignment = { vertical: 'top', horizontal: 'center' };
      rangee.getCell(COLONNE.numero).font = { bold: true };
      if (ligne.alertes.length) {
        const alerte = rangee.getCell(COLONNE.alertes);
        alerte.fill = remplissage(COULEURS.alerte);
        alerte.font = { bold: true, color: { argb: `FF${COULEURS.texteAlerte}` } };
      }
    }
  }
  return Buffer.from(await classeur.xlsx.writeBuffer());
}
