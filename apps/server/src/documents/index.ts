import type { FormatImpression } from '@debarras/domain';
import { feuillesEnExcel } from './excel.js';
import type { FeuillesDeRoute } from './modele.js';
import { feuillesEnPdf } from './pdf.js';
import { feuillesEnWord } from './word.js';

export { ficheEnPdf } from './ficheDebarras.js';
export { feuillesDeRoute, type DebarrasFeuille, type ExceptionFeuille, type FeuillesDeRoute } from './modele.js';

export const TYPES_MIME: Record<FormatImpression, string> = {
  Word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  Excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  Pdf: 'application/pdf',
};

const RENDUS: Record<FormatImpression, (f: FeuillesDeRoute) => Promise<Buffer>> = {
  Word: feuillesEnWord,
  Excel: feuillesEnExcel,
  Pdf: feuillesEnPdf,
};

/** The day's route sheets in one format. */
export const rendreFeuilles = (f: FeuillesDeRoute, format: FormatImpression) => RENDUS[format](f);
