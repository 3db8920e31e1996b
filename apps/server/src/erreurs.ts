import { ERREURS, formatDateHeure, type CodeErreur } from '@debarras/domain';

/**
 * A refusal the application raises on purpose, wherever it runs (a route, a job, a command line):
 * what kind of refusal it is, and the French message the user reads. Only the HTTP layer turns
 * the code into a status (docs/api.md "Erreurs").
 */
export class ErreurApplication extends Error {
  constructor(
    readonly code: CodeErreur,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const saisieInvalide = (message: string) => new ErreurApplication('SAISIE_INVALIDE', message);
export const introuvable = (quoi: string) => new ErreurApplication('INTROUVABLE', ERREURS.introuvable(quoi));
export const etatInvalide = (message: string) => new ErreurApplication('ETAT_INVALIDE', message);
export const capaciteDepassee = (message: string) => new ErreurApplication('CAPACITE_DEPASSEE', message);
export const doublon = (message: string) => new ErreurApplication('DOUBLON', message);
export const nonAuthentifie = (message: string = ERREURS.nonAuthentifie) => new ErreurApplication('NON_AUTHENTIFIE', message);
export const nonAutorise = (message: string = ERREURS.nonAutorise) => new ErreurApplication('NON_AUTORISE', message);
export const tacheEnCours = (message: string) => new ErreurApplication('TACHE_EN_COURS', message);
export const tropDeRequetes = (message: string) => new ErreurApplication('TROP_DE_REQUETES', message);

/** Someone else changed the record since it was read: who, and when. */
export const conflitVersion = (par: string, le: Date) =>
  new ErreurApplication('CONFLIT_VERSION', ERREURS.conflitVersion(par, formatDateHeure(le)));

/** PostgreSQL's unique_violation, for the rare race a prior check could not see. */
export function estViolationUnicite(erreur: unknown): boolean {
  const e = erreur as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
