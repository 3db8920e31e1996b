import { STATISTIQUES_LIBELLES, type FormatColonne, type TableauStatistique } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { nomFeuille } from './excel.js';

const FORMATS: Record<FormatColonne, string | undefined> = { texte: undefined, entier: '#,##0', part: '0%', jours: '0' };

/**
 * The statistics as an Excel workbook (docs/regles.md « Statistiques »): one sheet per figure, the table the screen
 * shows, its period in the first row, numbers as numbers (shares as percentages) for the supervisor's own sums.
 */
export async function statistiquesEnExcel(tableaux: TableauStatistique[], periode: string): Promise<Buffer> {
  const classeur = new ExcelJS.Workbook();
  classeur.creator = 'Débarras';
  classeur.title = `${STATISTIQUES_LIBELLES.titre} — ${periode}`;
  const pris = new Set<string>();
  for (const t of tableaux) {
    const feuille = classeur.addWorksheet(nomFeuille(STATISTIQUES_LIBELLES.feuilles[t.cle], pris), {
      views: [{ state: 'frozen', ySplit: 3 }],
    });
    feuille.getCell(1, 1).value = t.titre;
    feuille.getCell(1, 1).font = { bold: true, size: 13 };
    feuille.getCell(2, 1).value = periode;
    const entetes = feuille.getRow(3);
    entetes.values = t.colonnes.map((c) => c.titre);
    entetes.font = { bold: true };
    t.colonnes.forEach((c, i) => {
      const colonne = feuille.getColumn(i + 1);
      // the widest of the title and the cells, between 12 and 40 characters
      colonne.width = Math.min(40, Math.max(12, c.titre.length + 2, ...t.lignes.map((l) => String(l[i] ?? '').length + 2)));
      const format = FORMATS[c.format];
      if (format) colonne.numFmt = format;
    });
    for (const ligne of t.lignes) feuille.addRow(ligne);
  }
  return Buffer.from(await classeur.xlsx.writeBuffer());
}
