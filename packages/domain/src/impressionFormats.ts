/*
 * The print formats and the yes/no parameter reading, apart from the printing's texts and schemas: the back-office's
 * first load reads them (docs/performance.md « Application web »).
 */

/** Print formats of route sheets and planning recipients; Pdf only when `impression.pdf.actif`. */
export const FORMATS_IMPRESSION = ['Word', 'Excel', 'Pdf'] as const;
export type FormatImpression = (typeof FORMATS_IMPRESSION)[number];

export const formatsDisponibles = (pdfActif: boolean): FormatImpression[] => FORMATS_IMPRESSION.filter((f) => f !== 'Pdf' || pdfActif);

/** The parameter holds 'true' or 'false'. */
export const estVrai = (valeur: string | null | undefined) => valeur?.trim().toLowerCase() === 'true';
