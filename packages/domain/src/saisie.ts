import { z } from 'zod';

/** A required text, trimmed, with the messages of docs/regles.md « Validation ». */
export function texteObligatoire(max: number, obligatoire: string, tropLong: string) {
  return z.string({ error: obligatoire }).trim().min(1, obligatoire).max(max, tropLong);
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
