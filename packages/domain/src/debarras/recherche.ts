import { z } from 'zod';

/**
 * The quick search (docs/regles.md « Recherche rapide »): one field that finds a débarras by its number, its
 * requester's name, its phone or its address, from any screen.
 */
export const RECHERCHE_RAPIDE = { min: 3, max: 100, resultats: 10 } as const;

export const RECHERCHE_RAPIDE_LIBELLES = {
  titre: 'Rechercher un débarras',
  bouton: 'Rechercher',
  champ: 'N°, nom, téléphone ou adresse',
  raccourci: 'Ctrl+K',
  aide: 'Tapez au moins 3 caractères. Flèches pour choisir, Entrée pour ouvrir la fiche, Échap pour fermer.',
  aucun: 'Aucun débarras ne correspond.',
  recherche: 'Recherche…',
  resultats: (n: number) => (n === 1 ? '1 débarras trouvé' : `${n} débarras trouvés`),
  levee: (date: string) => `levée du ${date}`,
} as const;

export const RECHERCHE_RAPIDE_MESSAGES = {
  tropCourte: `Tapez au moins ${RECHERCHE_RAPIDE.min} caractères.`,
  tropLongue: `La recherche compte au plus ${RECHERCHE_RAPIDE.max} caractères.`,
} as const;

export const rechercheRapideSchema = z.object({
  q: z
    .string()
    .trim()
    .min(RECHERCHE_RAPIDE.min, RECHERCHE_RAPIDE_MESSAGES.tropCourte)
    .max(RECHERCHE_RAPIDE.max, RECHERCHE_RAPIDE_MESSAGES.tropLongue),
});

/** Whether the text can be a débarras number (`2026-00123`, or a part of it): digits and dashes only. */
export const commeUnNumero = (texte: string) => /^[\d\s-]+$/.test(texte.trim());
