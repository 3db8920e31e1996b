import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { dateHeureGeneve } from '@debarras/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export const TYPE_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type TypeColonneExport = 'texte' | 'nombre' | 'date' | 'dateHeure';

export interface ColonneExport<T> {
  entete: string;
  valeur: (ligne: T) => string | number | Date | null | undefined;
  type?: TypeColonneExport;
  largeur?: number;
}

const FORMATS: Partial<Record<TypeColonneExport, string>> = {
  date: 'dd.mm.yyyy',
  dateHeure: 'dd.mm.yyyy" - "hh:mm:ss',
};

/**
 * Excel dates have no time zone: an instant is written as the wall-clock time in Geneva, and a
 * calendar date `YYYY-MM-DD` as that day at midnight.
 */
function valeurExcel(valeur: string | number | Date | null | undefined, type: TypeColonneExport | undefined) {
  if (valeur === null || valeur === undefined) return null;
  if (type === 'date' && typeof valeur === 'string') {
    const [a, m, j] = valeur.split('-').map(Number);
    return new Date(Date.UTC(a!, m! - 1, j!));
  }
  if (type === 'dateHeure') {
    const instant = valeur instanceof Date ? valeur : new Date(valeur);
    const { annee, mois, jour, heure, minute, seconde } = dateHeureGeneve(instant);
    return new Date(Date.UTC(annee, mois - 1, jour, heure, minute, seconde));
  }
  return valeur;
}

/**
 * Streams an .xlsx of every row the list's filters match, fetched batch by batch. The first
 * batch is read before anything is sent, so a failing query still answers a clean error.
 */
export async function envoyerExport<T>(
  reponse: FastifyReply,
  options: {
    fichier: string;
    feuille: string;
    colonnes: ColonneExport<T>[];
    lots: AsyncIterator<T[]>;
    /** The day in the file's name. */
    jour: string;
  },
) {
  const premier = await options.lots.next();
  const flux = new PassThrough();
  const classeur = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: flux, useStyles: true });
  const feuille = classeur.addWorksheet(options.feuille, { views: [{ state: 'frozen', ySplit: 1 }] });
  feuille.columns = options.colonnes.map((c, i) => ({
    header: c.entete,
    key: String(i),
    width: c.largeur ?? Math.max(12, c.entete.length + 4),
    style: FORMATS[c.type ?? 'texte'] ? { numFmt: FORMATS[c.type ?? 'texte'] } : {},
  }));
  feuille.getRow(1).font = { bold: true };
  feuille.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: options.colonnes.length } };

  const ecrire = async () => {
    let lot = premier;
    while (!lot.done) {
      for (const ligne of lot.value) {
        feuille.addRow(options.colonnes.map((c) => valeurExcel(c.valeur(ligne), c.type))).commit();
      }
      // the other requests' turn between two batches: the embedded database answers within the same
      // turn of the event loop, and the whole export would otherwise hold it (docs/performance.md
      // « Aucune requête ne bloque les autres »)
      await setImmediate();
      lot = await options.lots.next();
    }
    feuille.commit();
    await classeur.commit();
  };
  ecrire().catch((erreur) => {
    reponse.log.error({ err: erreur }, 'export interrompu');
    flux.destroy(erreur as Error);
  });

  const nom = `${options.fichier}_${options.jour}.xlsx`;
  return reponse.header('content-type', TYPE_XLSX).header('content-disposition', `attachment; filename="${nom}"`).send(flux);
}
