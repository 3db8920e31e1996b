/*
 * The result codes and the link's default hours alone, apart from the crews' texts: the débarras's detail and the
 * parameters read them, and with them the back-office's first load, which the texts would weigh down
 * (docs/performance.md « Application web (premier chargement) »).
 */

/** What a crew found at a stop, from the phone (or from staff afterwards). */
export const RESULTATS = ['LEVE', 'PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE'] as const;
export type CodeResultat = (typeof RESULTATS)[number];

/** Hours after the levée day starts (00:00, Geneva) until its crews' link expires: `tournee.lien.heures`. */
export const LIEN_EQUIPE_HEURES_DEFAUT = 36;
