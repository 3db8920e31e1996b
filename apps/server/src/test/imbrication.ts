/**
 * Deeply nested input for generated bodies. Built as text: JSON.stringify (light-my-request's, or a
 * test's) recurses, and overflows the stack on the very values the server must refuse.
 */

/** A stand-in to put anywhere in a generated body: `enJson` turns it into `niveaux` nested arrays or objects. */
export const imbrication = (niveaux: number, genre: 'tableaux' | 'objets' = 'tableaux') => `⟦imbrication ${niveaux} ${genre}⟧`;

/** `niveaux` nested arrays (`[[…]]`) or objects (`{"a":{"a":…1}}`), as JSON text. */
export const imbricationEnJson = (niveaux: number, genre: 'tableaux' | 'objets' = 'tableaux') =>
  genre === 'objets' ? '{"a":'.repeat(niveaux) + '1' + '}'.repeat(niveaux) : '['.repeat(niveaux) + ']'.repeat(niveaux);

/** JSON.stringify, each `imbrication(…)` stand-in replaced by its nesting. */
export const enJson = (valeur: unknown) =>
  JSON.stringify(valeur).replace(/"⟦imbrication (\d+) (tableaux|objets)⟧"/g, (_, niveaux: string, genre: 'tableaux' | 'objets') =>
    imbricationEnJson(Number(niveaux), genre),
  );
