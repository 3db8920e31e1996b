import { z } from 'zod';
import { auditSchema, versionObligatoire } from './audit.js';
import { formatJour, dateIso } from './dates.js';
import { filtreChoix, filtreDate, filtreTexte, LISTE_MESSAGES, schemaListe, type Tri } from './liste.js';
import { texteObligatoire } from './saisie.js';
import { ENTIER_BASE_MAX } from './debarras/champs.js';

/**
 * No round holds anywhere near that many débarras (a standard one holds 30): the ceiling keeps a
 * typing slip out of the database.
 */
export const LEVEE_MAX_DEBARRAS_PLAFOND = 9999;

/** A round's kilometres: a day's driving in the canton stays far below. */
export const KILOMETRAGE_MAX = 1000;
/** PostgreSQL's `integer`: a larger identifier or filter cannot match anything. */

export const STATUTS_LEVEE = ['ACTIF', 'ARCHIVE', 'SUPPRIME'] as const;
export type StatutLevee = (typeof STATUTS_LEVEE)[number];
export const STATUT_LEVEE_LIBELLES: Record<StatutLevee, string> = { ACTIF: 'Actif', ARCHIVE: 'Archivé', SUPPRIME: 'Supprimé' };

/** A levée's name in a message: its sector, or the supplementary round's name. */
const nommer = (l: { secteur: { libelle: string } | null; name: string | null; dateLevee: string }) =>
  `${l.secteur?.libelle ?? l.name ?? 'Supplémentaire'} du ${formatJour(l.dateLevee)}`;

/** « Succès » after each change of a levée (beyond the spec, docs/decisions.md « Levées (écrans) »). */
export const LEVEE_SUCCES = {
  miseAJour: (l: Parameters<typeof nommer>[0]) => `La levée ${nommer(l)} a été correctement mise à jour`,
  archivee: (l: Parameters<typeof nommer>[0]) => `La levée ${nommer(l)} a été correctement archivée, avec ses débarras actifs`,
  ajoutee: (l: Parameters<typeof nommer>[0]) => `La levée supplémentaire ${nommer(l)} a été correctement ajoutée`,
  supprimee: (l: Parameters<typeof nommer>[0]) => `La levée supplémentaire ${nommer(l)} a été correctement supprimée`,
} as const;

export const LEVEE_MESSAGES = {
  dateObligatoire: 'La saisie de la date est obligatoire',
  nomObligatoire: 'La saisie du nom est obligatoire',
  nomTropLong: 'Le nom est trop long. Maximum 255 caractères',
  maxObligatoire: 'La saisie du nombre maximum de débarras est obligatoire',
  maxMinimum: 'Le nombre maximum de débarras doit être supérieur à 0',
  maxTropGrand: `Le nombre maximum de débarras doit être inférieur ou égal à ${LEVEE_MAX_DEBARRAS_PLAFOND}.`,
  kilometrage: 'Le kilométrage doit être positif',
  kilometrageTropGrand: `Le kilométrage ne peut dépasser ${KILOMETRAGE_MAX} km`,
  dateDebutObligatoire: 'La saisie de la date de début est obligatoire',
  dateFinObligatoire: 'La saisie de la date de fin est obligatoire',
  nouveauMaxObligatoire: 'La saisie du nouveau maximum de débarras est obligatoire.',
  nouveauMaxMinimum: 'Le nouveau maximum de débarras doit être supérieur ou égal à 0.',
  nouveauMaxTropGrand: `Le nouveau maximum de débarras doit être inférieur ou égal à ${LEVEE_MAX_DEBARRAS_PLAFOND}.`,
  secteurObligatoire: 'La saisie du secteur est obligatoire',
  secteurRechercheObligatoire: 'Le secteur est obligatoire.',
  identifiantObligatoire: "L'identifiant de la levée est obligatoire.",
  identifiantInvalide: "L'identifiant de la levée doit être un nombre entier positif.",
  finAvantDebut: 'La date de fin doit être obligatoirement supérieure ou égale à la date de début',
  debutAvantAujourdhui: 'La date de début doit être obligatoirement supérieure ou égale à la date du jour',
  confirmationDisponibilite: 'Voulez-vous vraiment modifier la disponibilité des levées ?',
  archivageImpossible: 'Une levée non active ou dont la date est supérieure à la date du jour ne peut pas être archivée.',
  confirmationArchivage: 'Attention, cette action archivera également les débarras liés à cette levée ! Voulez-vous vraiment continuer ?',
  aucuneLeveeCeJour: 'Aucune levée trouvée pour ce jour là',
  aucunDebarrasAssocie: 'Aucun débarras associé à cette levée',
  introuvable: 'La levée',
  nonActive: 'Seule une levée active peut être modifiée.',
  maxStandard: "Le maximum d'une levée standard se modifie avec « Modifier une disponibilité ».",
  suppressionImpossible: 'Seule une levée supplémentaire active et sans débarras peut être supprimée.',
  datePassee: "La date d'une levée supplémentaire doit être postérieure ou égale à la date du jour.",
  secteurInconnu: (libelle: string) => `Le secteur « ${libelle} » n'existe pas.`,
  leveesModifiees: (n: number) => `${n} levée(s) modifiée(s)`,
  depassements: (liste: string) => `Les levées suivantes dépassent le nouveau maximum : ${liste}.`,
  sauvageUrgent: 'Le paramètre sauvageurgent doit valoir true ou false.',
} as const;

/** The answer of 'Modifier une disponibilité': statut '0' when all is well, '1' with a warning. */
export const reponseIndisponibiliteSchema = z.object({
  statut: z.enum(['0', '1']),
  message: z.string(),
  depassements: z.array(z.object({ dateLevee: z.string(), nbDebarras: z.number().int() })),
});
export type ReponseIndisponibilite = z.infer<typeof reponseIndisponibiliteSchema>;

export const LEVEE_LIBELLES = {
  titre: 'Levées',
  secteur: 'Secteur',
  dateLevee: 'Date',
  quantite: 'Quantité',
  nbDebarrasMax: 'Max',
  indisponibilite: 'Indisponibilité',
  kilometrage: 'Km',
  statut: 'Statut',
  supplementaire: 'Supplémentaire',
  aujourdhui: "Aujourd'hui",
  nomParDefaut: 'Supplémentaire',
  detail: 'Détail de la levée',
  maxDebarras: 'Nombre maximum de débarras',
  kilometrageDetail: 'Kilométrage',
  nom: 'Nom',
  dateDebut: 'Date de début',
  dateFin: 'Date de fin',
  nouveauMax: 'Nouveau maximum de débarras',
  modaleDisponibilite: 'Modifier une disponibilité',
  modaleSupplementaire: 'Ajouter une levée supplémentaire',
  confirmationSuppression: 'Voulez-vous vraiment supprimer cette levée supplémentaire ?',
  debarrasLies: 'Débarras de la levée',
  aucunDebarras: 'Aucun débarras associé à cette levée',
} as const;

const entierPositif = (obligatoire: string, minimum: string, plancher: number, tropGrand: string) =>
  z.number({ error: obligatoire }).int(minimum).min(plancher, minimum).max(LEVEE_MAX_DEBARRAS_PLAFOND, tropGrand);

const idLevee = z
  .number({ error: LEVEE_MESSAGES.identifiantObligatoire })
  .int(LEVEE_MESSAGES.identifiantInvalide)
  .positive(LEVEE_MESSAGES.identifiantInvalide)
  .max(ENTIER_BASE_MAX, LEVEE_MESSAGES.identifiantInvalide);

/** 'Ajouter une levée supplémentaire': a date, a name, a max of at least 1. */
export const leveeSupplementaireSchema = z.object({
  dateLevee: z.string({ error: LEVEE_MESSAGES.dateObligatoire }).min(1, LEVEE_MESSAGES.dateObligatoire).pipe(dateIso()),
  name: texteObligatoire(255, LEVEE_MESSAGES.nomObligatoire, LEVEE_MESSAGES.nomTropLong),
  nbDebarrasMax: entierPositif(LEVEE_MESSAGES.maxObligatoire, LEVEE_MESSAGES.maxMinimum, 1, LEVEE_MESSAGES.maxTropGrand),
});

/** The levée detail's save: km always (≥ 0), max only for an ACTIF supplementary round. */
export const leveeModificationSchema = z.object({
  idLevee,
  nbDebarrasMax: entierPositif(LEVEE_MESSAGES.maxObligatoire, LEVEE_MESSAGES.maxMinimum, 1, LEVEE_MESSAGES.maxTropGrand).optional(),
  kilometrage: z
    .number({ error: LEVEE_MESSAGES.kilometrage })
    .min(0, LEVEE_MESSAGES.kilometrage)
    .max(KILOMETRAGE_MAX, LEVEE_MESSAGES.kilometrageTropGrand)
    .nullish(),
  version: versionObligatoire,
});

const creationSupplementaire = leveeSupplementaireSchema.extend({ idLevee: z.never().optional() });

/**
 * `POST /levee`'s body: with an `idLevee`, the detail's save; without, a new supplementary levée. A body is read by
 * the schema its `idLevee` calls for, and refused with that schema's first message: never created as a new levée
 * because its change was invalid.
 */
export const leveeEnregistrementSchema = z.union([leveeModificationSchema, creationSupplementaire], {
  error: (probleme) => {
    if (probleme.code !== 'invalid_union') return undefined;
    const { input } = probleme as { input?: unknown };
    const modification = typeof input === 'object' && input !== null && (input as { idLevee?: unknown }).idLevee !== undefined;
    return probleme.errors[modification ? 0 : 1]?.[0]?.message;
  },
});

/** 'Modifier une disponibilité' (docs/regles.md « Validation de la disponibilité »). */
export const indisponibiliteSchema = z
  .object({
    dateFrom: z.string({ error: LEVEE_MESSAGES.dateDebutObligatoire }).min(1, LEVEE_MESSAGES.dateDebutObligatoire).pipe(dateIso()),
    dateTo: z.string({ error: LEVEE_MESSAGES.dateFinObligatoire }).min(1, LEVEE_MESSAGES.dateFinObligatoire).pipe(dateIso()),
    newMax: entierPositif(LEVEE_MESSAGES.nouveauMaxObligatoire, LEVEE_MESSAGES.nouveauMaxMinimum, 0, LEVEE_MESSAGES.nouveauMaxTropGrand),
    secteurLibelle: z.string({ error: LEVEE_MESSAGES.secteurObligatoire }).trim().min(1, LEVEE_MESSAGES.secteurObligatoire),
  })
  .refine((i) => i.dateTo >= i.dateFrom, { error: LEVEE_MESSAGES.finAvantDebut, path: ['dateTo'] });

/** What names a round wherever it is shown beside something else (a débarras of the list). */
export const leveeResumeSchema = z.object({
  idLevee: z.number().int(),
  dateLevee: z.string(),
  secteur: z.object({ id: z.number().int(), libelle: z.string() }).nullable(),
  name: z.string().nullable(),
  statut: z.enum(STATUTS_LEVEE),
  supplementaire: z.union([z.literal(0), z.literal(1)]),
});

export const leveeSchema = leveeResumeSchema
  .extend({
    nbDebarras: z.number().int(),
    nbDebarrasMax: z.number().int(),
    nbReservationsEnCours: z.number().int(),
    indisponibilite: z.number().int(),
    kilometrage: z.number().nullable(),
    /** Whether any débarras, whatever its status, was ever attached: its history refers to the round. */
    aDesDebarras: z.boolean(),
    /** Its stops with a result from the crew, of the débarras `nbDebarras` counts (docs/regles.md « Tournée des équipes »). */
    nbResultats: z.number().int(),
  })
  .extend(auditSchema.shape);
export type Levee = z.infer<typeof leveeSchema>;

/**
 * Which status allows which action on a levée (docs/regles.md « Cycle de vie d'une levée »): the service that
 * enforces it and the screen that offers the button both ask here.
 */
export const peutModifierLevee = (l: Pick<Levee, 'statut'>) => l.statut === 'ACTIF';
/** Only a supplementary round's max is edited on its detail; a standard one's through 'Modifier une disponibilité'. */
export const peutModifierMaxLevee = (l: Pick<Levee, 'statut' | 'supplementaire'>) => l.statut === 'ACTIF' && l.supplementaire === 1;
/** ACTIF and dated today or earlier. */
export const peutArchiverLevee = (l: Pick<Levee, 'statut' | 'dateLevee'>, jour: string) => l.statut === 'ACTIF' && l.dateLevee <= jour;
/** ACTIF, supplementary, and no débarras to collect on it (ACTIF or awaiting validation; deleted ones do not count). */
export const peutSupprimerLevee = (l: Pick<Levee, 'statut' | 'supplementaire' | 'aDesDebarras'>) =>
  l.statut === 'ACTIF' && l.supplementaire === 1 && !l.aDesDebarras;

/** The round an action (archive, delete) applies to, at the version the user read. */
export const leveeCibleSchema = z.object({ idLevee, version: versionObligatoire });

/** `GET /levee/next`: the rounds a débarras of that sector can go to. */
export const leveesProchainesSchema = z.object({
  secteur: z.string({ error: LEVEE_MESSAGES.secteurRechercheObligatoire }).trim().min(1, LEVEE_MESSAGES.secteurRechercheObligatoire),
  sauvageurgent: z.enum(['true', 'false'], { error: LEVEE_MESSAGES.sauvageUrgent }).optional(),
});

/** What the sector column shows: the sector, else the round's name, else 'Supplémentaire'. */
export const libelleSecteurLevee = (l: Pick<Levee, 'secteur' | 'name'>) => l.secteur?.libelle ?? (l.name || LEVEE_LIBELLES.nomParDefaut);

const filtreNombre = (entier: boolean) => {
  const nombre = z.coerce.number({ error: LISTE_MESSAGES.filtreNombre }).min(0).max(ENTIER_BASE_MAX);
  return z.preprocess((v) => (v === '' ? undefined : v), (entier ? nombre.int() : nombre).optional());
};
const filtreEntier = filtreNombre(true);

export const LEVEE_CHAMPS_TRIABLES = [
  'dateLevee',
  'secteur.libelle',
  'nbDebarrasMax',
  'indisponibilite',
  'kilometrage',
  'statut',
  'supplementaire',
] as const;
export const leveeListeSchema = schemaListe(LEVEE_CHAMPS_TRIABLES, {
  secteurLibelle: filtreTexte,
  dateFrom: filtreDate,
  dateTo: filtreDate,
  nbDebarrasMax: filtreEntier,
  indisponibilite: filtreEntier,
  // the km is a decimal number
  kilometrage: filtreNombre(false),
  statut: filtreChoix(STATUTS_LEVEE, 'de statut'),
  supplementaire: filtreChoix(['0', '1'], 'supplémentaire'),
});
export const LEVEE_TRI_DEFAUT: Tri<(typeof LEVEE_CHAMPS_TRIABLES)[number]>[] = [
  { champ: 'dateLevee', sens: 'asc' },
  { champ: 'secteur.libelle', sens: 'asc' },
];
export const LEVEE_FILTRE_DEFAUT = { statut: 'ACTIF' } as const;
export const LEVEE_TAILLE_PAGE = 50;
