/** The crews' round as its phone page imports it (`@debarras/domain/equipe`): codes, limits and texts, no schema. */
export * from './textes.js';
export type { ArretEquipe, ResultatArret, ResultatEquipeSaisie, StatutResultat, TourneeEquipe } from './schemas.js';
