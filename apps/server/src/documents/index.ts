import type { Debarras, FormatImpression } from '@debarras/domain';
import type { FeuillesDeRoute } from './modele.js';
import { travailleur } from './travailleur.js';

export { etendueDeTournee, type FondTournee } from './carteTournee.js';
export { statistiquesEnExcel } from './statistiques.js';
export {
  feuillesDeRoute,
  pointsDeTournee,
  versLigne,
  type DebarrasFeuille,
  type ExceptionFeuille,
  type FeuillesDeRoute,
  type TourneeFeuille,
} from './modele.js';

/** The formats that open each levée with its round's map (docs/regles.md « Feuilles de route »). */
export const AVEC_CARTE: Record<FormatImpression, boolean> = { Word: true, Excel: false, Pdf: true };
/** The formats that print each levée's crews' link as a QR code (docs/regles.md « Tournée des équipes »): the paper ones. */
export const AVEC_LIEN_EQUIPE: Record<FormatImpression, boolean> = { Word: true, Excel: false, Pdf: true };

export const TYPES_MIME: Record<FormatImpression, string> = {
  Word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  Excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  Pdf: 'application/pdf',
};

/** A document to render, as the worker thread receives it (rendu.ts). */
export type Rendu =
  | { quoi: 'feuilles'; feuilles: FeuillesDeRoute; format: FormatImpression }
  | { quoi: 'fiche'; debarras: Debarras; instant: Date }
  /** `png`: a PNG whose header the caller has checked (png.ts). */
  | { quoi: 'carte'; titre: string; png: Uint8Array };

/**
 * Every document is rendered in a worker thread, never on the event loop, each within 60 s and at most
 * 20 waiting (docs/performance.md « Aucune requête ne bloque les autres »).
 */
const rendus = travailleur<Rendu, Uint8Array>(import.meta.url, './rendu');

const rendre = async (r: Rendu) => {
  const document = await rendus.executer(r);
  return Buffer.from(document.buffer, document.byteOffset, document.byteLength);
};

/** The day's route sheets in one format. */
export const rendreFeuilles = (feuilles: FeuillesDeRoute, format: FormatImpression) => rendre({ quoi: 'feuilles', feuilles, format });

/** One débarras on one A4 page. */
export const ficheEnPdf = (debarras: Debarras, instant: Date) => rendre({ quoi: 'fiche', debarras, instant });

/** The map on one A4 landscape page, from a PNG whose header is checked (modules/carte/service.ts). */
export const carteEnPdf = (titre: string, png: Uint8Array) => rendre({ quoi: 'carte', titre, png });

/** The worker thread's live heap, in bytes (the bench's leak check: the documents are laid out there). */
export const tasDesRendus = () => rendus.tas();

/** Ends the documents' worker thread and refuses the documents still waiting: the server is shutting down (main.ts). */
export const fermerRendus = () => rendus.fermer();
