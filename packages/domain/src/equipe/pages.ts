/** The crews' round as its phone page imports it (`@debarras/domain/equipe`): codes, limits and texts, no schema. */
export * from './textes.js';
export type { ArretEquipe, ResultatEquipeSaisie, StatutResultat, TourneeEquipe } from './schemas.js';
export type { ResultatArret } from './resultat.js';
