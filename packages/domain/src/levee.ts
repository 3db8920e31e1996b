import { z } from 'zod';
import { auditSchema, versionSaisie } from './audit.js';
import { isoDate } from './dates.js';
import { filtreChoix, filtreDate, filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteObligatoire } from './saisie.js';

export const STATUTS_LEVEE = ['ACTIF', 'ARCHIVE', 'SUPPRIME'] as const;
export type StatutLevee = (typeof STATUTS_LEVEE)[number];
export const STATUT_LEVEE_LIBELLES: Record<StatutLevee, string> = { ACTIF: 'Actif', ARCHIVE: 'Archivé', SUPPRIME: 'Supprimé' };

export const LEVEE_MESSAGES = {
  dateObligatoire: 'La saisie de la date est obligatoire',
  nomObligatoire: 'La saisie du nom est obligatoire',
  nomTropLong: 'Le nom est trop long. Maximum 255 caractères',
  maxObligatoire: 'La saisie du nombre maximum de débarras est obligatoire',
  maxMinimum: 'Le nombre maximum de débarras doit être supérieur à 0',
  kilometrage: 'Le kilométrage doit être positif',
  dateDebutObligatoire: 'La saisie de la date de début est obligatoire',
  dateFinObligatoire: 'La saisie de la date de fin est obligatoire',
  nouveauMaxObligatoire: 'La saisie du nouveau maximum de débarras est obligatoire.',
  nouveauMaxMinimum: 'Le nouveau maximum de débarras doit être supérieur ou égal à 0.',
  secteurObligatoire: 'La saisie du secteur est obligatoire',
  finAvantDebut: 'La date de fin doit être obligatoirement supérieure ou égale à la date de début',
  debutAvantAujourdhui: 'La date de début doit être obligatoirement supérieure ou égale à la date du jour',
  confirmationDisponibilite: 'Voulez-vous vraiment modifier la disponibilité des levées ?',
  archivageImpossible: 'Une levée non active ou dont la date est supérieure à la date du jour ne peut pas être archivée.',
  confirmationArchivage: 'Attention, cette action archivera également les débarras liés à cette levée ! Voulez-vous vraiment continuer ?',
  aucuneLeveeCeJour: 'Aucune levée trouvée pour ce jour là',
  aucunDebarrasAssocie: 'Aucun débarras associé à cette levée',
  introuvable: 'La levée',
} as const;

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
  nomParDefaut: 'Supplémentaire',
} as const;

const entierPositif = (obligatoire: string, minimum: string, plancher: number) =>
  z.number({ error: obligatoire }).int(minimum).min(plancher, minimum);

/** 'Ajouter une levée supplémentaire': a date, a name, a max of at least 1. */
export const leveeSupplementaireSchema = z.object({
  dateLevee: z.string({ error: LEVEE_MESSAGES.dateObligatoire }).min(1, LEVEE_MESSAGES.dateObligatoire).pipe(isoDate()),
  name: texteObligatoire(255, LEVEE_MESSAGES.nomObligatoire, LEVEE_MESSAGES.nomTropLong),
  nbDebarrasMax: entierPositif(LEVEE_MESSAGES.maxObligatoire, LEVEE_MESSAGES.maxMinimum, 1),
});

/** The levée detail's save: km always (≥ 0), max only for an ACTIF supplementary round. */
export const leveeModificationSchema = z.object({
  idLevee: z.number().int().positive(),
  nbDebarrasMax: entierPositif(LEVEE_MESSAGES.maxObligatoire, LEVEE_MESSAGES.maxMinimum, 1).optional(),
  kilometrage: z.number({ error: LEVEE_MESSAGES.kilometrage }).min(0, LEVEE_MESSAGES.kilometrage).nullish(),
  version: versionSaisie,
});

/** 'Modifier une disponibilité' (spec §5 "Availability modal"). */
export const indisponibiliteSchema = z
  .object({
    dateFrom: z.string({ error: LEVEE_MESSAGES.dateDebutObligatoire }).min(1, LEVEE_MESSAGES.dateDebutObligatoire).pipe(isoDate()),
    dateTo: z.string({ error: LEVEE_MESSAGES.dateFinObligatoire }).min(1, LEVEE_MESSAGES.dateFinObligatoire).pipe(isoDate()),
    newMax: z.number({ error: LEVEE_MESSAGES.nouveauMaxObligatoire }).int(LEVEE_MESSAGES.nouveauMaxMinimum).min(0, LEVEE_MESSAGES.nouveauMaxMinimum),
    secteurLibelle: z.string({ error: LEVEE_MESSAGES.secteurObligatoire }).trim().min(1, LEVEE_MESSAGES.secteurObligatoire),
  })
  .refine((i) => i.dateTo >= i.dateFrom, { error: LEVEE_MESSAGES.finAvantDebut, path: ['dateTo'] });

export const leveeSchema = z
  .object({
    idLevee: z.number().int(),
    dateLevee: z.string(),
    secteur: z.object({ id: z.number().int(), libelle: z.string() }).nullable(),
    name: z.string().nullable(),
    statut: z.enum(STATUTS_LEVEE),
    supplementaire: z.union([z.literal(0), z.literal(1)]),
    nbDebarras: z.number().int(),
    nbDebarrasMax: z.number().int(),
    nbReservationsEnCours: z.number().int(),
    indisponibilite: z.number().int(),
    kilometrage: z.number().nullable(),
  })
  .extend(auditSchema.shape);
export type Levee = z.infer<typeof leveeSchema>;

/** What the sector column shows: the sector, else the round's name, else 'Supplémentaire'. */
export const libelleSecteurLevee = (l: Pick<Levee, 'secteur' | 'name'>) => l.secteur?.libelle ?? (l.name || LEVEE_LIBELLES.nomParDefaut);

const filtreEntier = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'Le filtre doit être un nombre.' }).int().min(0).optional());

export const LEVEE_CHAMPS_TRIABLES = [
  'dateLevee', 'secteur.libelle', 'nbDebarras', 'nbDebarrasMax', 'indisponibilite', 'kilometrage', 'statut', 'supplementaire',
] as const;
export const leveeListeSchema = schemaListe(LEVEE_CHAMPS_TRIABLES, {
  secteurLibelle: filtreTexte,
  dateFrom: filtreDate,
  dateTo: filtreDate,
  nbDebarrasMax: filtreEntier,
  indisponibilite: filtreEntier,
  kilometrage: filtreEntier,
  statut: filtreChoix(STATUTS_LEVEE, 'de statut'),
  supplementaire: filtreChoix(['0', '1'], 'supplémentaire'),
});
export const LEVEE_TRI_DEFAUT: Tri<(typeof LEVEE_CHAMPS_TRIABLES)[number]>[] = [
  { champ: 'dateLevee', sens: 'asc' },
  { champ: 'secteur.libelle', sens: 'asc' },
];
export const LEVEE_FILTRE_DEFAUT = { statut: 'ACTIF' } as const;
export const LEVEE_TAILLE_PAGE = 50;
