/** The four authorities a signed-in user may hold (docs/regles.md « Rôles et permissions »). */
export const ROLES = {
  LECTURE: 'ROLE_VVP_WEBDEB_LECTURE',
  GESTION: 'ROLE_VVP_WEBDEB_GESTION',
  ADMIN: 'ROLE_VVP_WEBDEB_ADMIN',
  TECHNIQUE: 'ROLE_VVP_WEBDEB_TECHNIQUE',
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const TOUS_LES_ROLES: readonly Role[] = Object.values(ROLES);

/** Short names used by the users command-line tool and the demo accounts. */
export const ROLE_PAR_NOM_COURT: Record<string, Role> = {
  lecture: ROLES.LECTURE,
  gestion: ROLES.GESTION,
  admin: ROLES.ADMIN,
  technique: ROLES.TECHNIQUE,
};

export const ROLE_LIBELLES: Record<Role, string> = {
  [ROLES.LECTURE]: 'Lecture seule',
  [ROLES.GESTION]: 'Gestion',
  [ROLES.ADMIN]: 'Administration',
  [ROLES.TECHNIQUE]: 'Technique',
};

const TOUS = TOUS_LES_ROLES;
const GESTIONNAIRES = [ROLES.GESTION, ROLES.ADMIN, ROLES.TECHNIQUE] as const;
const ADMINISTRATEURS = [ROLES.ADMIN, ROLES.TECHNIQUE] as const;
const TECHNIQUE = [ROLES.TECHNIQUE] as const;

/**
 * The role matrix of docs/regles.md « Rôles et permissions ». The server checks every route against it; the web app reads the
 * same entries to hide what a role may not do.
 */
export const PERMISSIONS = {
  /** Débarras list and detail, levée list and detail, route sheets. */
  consulter: TOUS,
  /** Reference data read by forms: object catalogue, sector labels, the parameter values the screens read. */
  lireReferentiel: TOUS,
  /**
   * The address register: the address search of the débarras, récurrence and exception forms, and an address by its
   * IDPADR. Not the read-only role: none of its screens looks an address up, and the register is every address served.
   */
  lireAdresses: GESTIONNAIRES,
  /** Create, edit, delete, reactivate, select and export débarras. */
  gererDebarras: GESTIONNAIRES,
  /** Archive, save, delete and export levées; availability; supplementary levées. */
  gererLevees: GESTIONNAIRES,
  gererRecurrences: GESTIONNAIRES,
  /** « Statistiques »: the service's figures over up to ten years, and their export. */
  consulterStatistiques: GESTIONNAIRES,
  consulterCarteExceptions: GESTIONNAIRES,
  gererExceptions: ADMINISTRATEURS,
  /** « Envoyer aux destinataires »: the day's route sheets mailed now, for a late change. */
  envoyerFeuilles: ADMINISTRATEURS,
  /** The whole Administration menu: objects, sectors, recipients, messages, online bookings. */
  administrer: ADMINISTRATEURS,
  /** Add objects; edit an object's online label and image url. */
  gererCatalogueEnLigne: TECHNIQUE,
  gererParametres: TECHNIQUE,
  /** « Tâches planifiées »: watch the scheduled jobs and run one now. */
  gererTaches: TECHNIQUE,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Authorities are compared case-insensitively (docs/regles.md « Rôles et permissions »). */
export function aLaPermission(authorities: readonly string[], permission: Permission): boolean {
  const held = new Set(authorities.map((a) => a.toUpperCase()));
  return PERMISSIONS[permission].some((role) => held.has(role));
}

export function estLectureSeule(authorities: readonly string[]): boolean {
  return !aLaPermission(authorities, 'gererDebarras');
}
