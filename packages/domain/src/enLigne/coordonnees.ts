import { z } from 'zod';
import type { CleTexte } from './textes.js';

const texte = (max: number, trop: CleTexte) => z.string().trim().max(max, trop);
const optionnel = (max: number, trop: CleTexte) =>
  texte(max, trop)
    .optional()
    .transform((v) => v || null);

/**
 * The resident's contact details, as the contact step checks them. The confirmation (`saisieReservationEnLigneSchema`)
 * adds the phone number's own check, which the pages leave to the server: it needs libphonenumber, a third of the
 * pages' weight; its refusal comes back under the field.
 */
export const coordonneesEnLigneSchema = z.object({
  nom: texte(255, 'tropLong').min(1, 'nomObligatoire'),
  email: texte(255, 'tropLong').pipe(z.email('emailInvalide')),
  telephone: optionnel(50, 'tropLong'),
  remarque: optionnel(1000, 'tropLong'),
  consentement: z.literal(true, 'consentementObligatoire'),
  /** The field robots fill and people do not see. */
  site: z.string().max(200).optional(),
});
