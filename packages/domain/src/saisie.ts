import { z } from 'zod';

/**
 * Line breaks of any kind (CR, LF, NEL, Unicode line and paragraph separators). A one-line field — a name, an
 * e-mail address, a phone number, a label — refuses them: copied into an e-mail or a route sheet, it could
 * otherwise add lines of its own (docs/api.md « Saisie »).
 */
const SAUT_DE_LIGNE = /[\r\n\u0085\u2028\u2029]/;
export const estSurUneLigne = (texte: string) => !SAUT_DE_LIGNE.test(texte);
export const SAISIE_MESSAGES = {
  uneLigne: 'Ce champ tient sur une ligne : retirez les retours à la ligne.',
} as const;

/** Whether a text field holds one line (names, labels, addresses) or several (remarks, descriptions). */
export type Lignes = 'une' | 'plusieurs';

/** A required text, trimmed, with the messages of docs/regles.md « Validation »; on one line unless said otherwise. */
export function texteObligatoire(max: number, obligatoire: string, tropLong: string, lignes: Lignes = 'une') {
  const texte = z.string({ error: obligatoire }).trim().min(1, obligatoire).max(max, tropLong);
  return lignes === 'une' ? texte.refine(estSurUneLigne, SAISIE_MESSAGES.uneLigne) : texte;
}

/** An optional text, trimmed; blank is stored as no value. */
export function texteOptionnel(max: number, tropLong: string) {
  return z
    .string({ error: tropLong })
    .trim()
    .max(max, tropLong)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** What a form with unsaved changes asks before it is left (docs/regles.md « Comportement général »). */
export const FORMULAIRE_MESSAGES = {
  quitterTitre: 'Quitter sans enregistrer ?',
  quitterContenu: 'Les modifications saisies sur cet écran seront perdues.',
  quitter: 'Quitter',
  rester: 'Rester',
} as const;
