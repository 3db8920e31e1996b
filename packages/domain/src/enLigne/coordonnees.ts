import { z } from 'zod';
import { estSurUneLigne } from '../saisie.js';
import type { CleTexte } from './textes.js';

const texte = (max: number, trop: CleTexte) => z.string().trim().max(max, trop);
/** Name, e-mail and phone: one line, never a paragraph of their own in the e-mails (docs/api.md « Saisie »). */
const uneLigne = (max: number, trop: CleTexte) => texte(max, trop).refine(estSurUneLigne, 'uneLigne' satisfies CleTexte);
const optionnel = <T extends z.ZodType<string, string>>(champ: T) => champ.optional().transform((v) => v || null);

/**
 * The resident's contact details, as the contact step checks them. The confirmation (`saisieReservationEnLigneSchema`)
 * adds the phone number's own check, which the pages leave to the server: it needs libphonenumber, a third of the
 * pages' weight; its refusal comes back under the field.
 */
export const coordonneesEnLigneSchema = z.object({
  nom: uneLigne(255, 'tropLong').pipe(z.string().min(1, 'nomObligatoire')),
  email: uneLigne(255, 'tropLong').pipe(z.email('emailInvalide')),
  telephone: optionnel(uneLigne(50, 'tropLong')),
  remarque: optionnel(texte(1000, 'tropLong')),
  consentement: z.literal(true, 'consentementObligatoire'),
  /** The field robots fill and people do not see. */
  site: z.string().max(200).optional(),
});
