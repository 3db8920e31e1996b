export const STATUTS_DEBARRAS = ['ACTIF', 'ARCHIVE', 'SUPPRIME', 'EN_ATTENTE_VALIDATION'] as const;
export type StatutDebarras = (typeof STATUTS_DEBARRAS)[number];
export const STATUT_DEBARRAS_LIBELLES: Record<StatutDebarras, string> = {
  ACTIF: 'Actif',
  ARCHIVE: 'Archivé',
  SUPPRIME: 'Supprimé',
  EN_ATTENTE_VALIDATION: 'En attente de validation',
};

const INCONNU = 'Inconnu';
const libelleOuInconnu = (libelles: Record<string, string>, valeur: string) =>
  Object.hasOwn(libelles, valeur) ? libelles[valeur]! : INCONNU;

/** Any status docs/regles.md « Statut d'un débarras » does not name reads 'Inconnu'. */
export const libelleStatutDebarras = (statut: string) => libelleOuInconnu(STATUT_DEBARRAS_LIBELLES, statut);

/** Staff choose among the first three; INTERNET comes from online bookings and is shown read-only. */
export const TYPES_DEMANDE = ['TELEPHONE', 'ORAL', 'ECRIT', 'INTERNET'] as const;
export type TypeDemande = (typeof TYPES_DEMANDE)[number];
export const TYPES_DEMANDE_SAISISSABLES = ['TELEPHONE', 'ORAL', 'ECRIT'] as const satisfies readonly TypeDemande[];
export const TYPE_DEMANDE_LIBELLES: Record<TypeDemande, string> = {
  TELEPHONE: 'Téléphone',
  ORAL: 'Oral',
  ECRIT: 'Écrit',
  INTERNET: 'Internet',
};

export const TYPES_JOURNAL = [
  'CREATION',
  'MODIFICATION',
  'REAFFECTATION',
  'ARCHIVAGE',
  'SUPPRESSION',
  'VALIDATION',
  'ANONYMISATION',
  'REACTIVATION',
] as const;
export type TypeJournal = (typeof TYPES_JOURNAL)[number];
export const TYPE_JOURNAL_LIBELLES: Record<TypeJournal, string> = {
  CREATION: 'Création',
  MODIFICATION: 'Modification',
  REAFFECTATION: 'Réaffectation',
  ARCHIVAGE: 'Archivage',
  SUPPRESSION: 'Suppression',
  VALIDATION: 'Validation',
  ANONYMISATION: 'Anonymisation',
  REACTIVATION: 'Réactivation',
};
export const libelleTypeJournal = (type: string) => libelleOuInconnu(TYPE_JOURNAL_LIBELLES, type);

/**
 * Which status allows which action (docs/regles.md « Statut d'un débarras »): the service that enforces it and
 * the screen that offers the button both ask here.
 */
export const peutModifierDebarras = (statut: StatutDebarras) => statut === 'ACTIF';
/** An archived débarras still takes its general remarks (docs/regles.md « Statut d'un débarras »). */
export const peutModifierRemarqueGenerale = (statut: StatutDebarras) => statut === 'ACTIF' || statut === 'ARCHIVE';
export const peutSupprimerDebarras = (statut: StatutDebarras) => statut === 'ACTIF';
export const peutReactiverDebarras = (statut: StatutDebarras) => statut === 'SUPPRIME' || statut === 'ARCHIVE';
