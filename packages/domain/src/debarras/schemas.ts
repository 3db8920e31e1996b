import { z } from 'zod';
import { auditSchema, versionObligatoire } from '../audit.js';
import { LEVEE_MESSAGES, leveeResumeSchema, leveeSchema } from '../levee.js';
import { filtreChoix, filtreDate, filtreTexte, schemaListe, type Tri } from '../liste.js';
import { ENTIER_BASE_MAX, idPositif, zeroUn } from './champs.js';
import { CRITERES_DOUBLON, DEBARRAS_MESSAGES } from './messages.js';
import { STATUTS_DEBARRAS, TYPES_DEMANDE } from './statuts.js';
import { resultatDuDebarrasSchema } from '../equipe/resultat.js';
import { FILTRES_RESULTAT, RESULTATS } from '../equipe/codes.js';

/** `YYYY-NNNNN`: the year of creation and a counter of that year, without gap. */
export const formatNumero = (annee: number, rang: number) => `${annee}-${String(rang).padStart(5, '0')}`;

/** The address as it was when the débarras was saved: re-importing the register leaves it alone. */
export const adresseDebarrasSchema = z.object({ idpAdr: z.string(), adresse: z.string(), secteur: z.string().nullable() });

export const debarrasObjetSchema = z.object({
  idDebarrasObjet: z.number().int(),
  objet: z.object({ idObjet: z.number().int(), libelle: z.string() }),
  quantite: z.number().int(),
  remarque: z.string().nullable(),
});
export type DebarrasObjet = z.infer<typeof debarrasObjetSchema>;

/** A line of the 'Choisir les objets' modal: every object that may be chosen, with its quantity. */
export const ligneEditionObjetSchema = z.object({
  objet: z.object({ idObjet: z.number().int(), libelle: z.string(), url: z.string(), ordre: z.number().int() }),
  quantite: z.number().int(),
  remarque: z.string().nullable(),
});
export type LigneEditionObjet = z.infer<typeof ligneEditionObjetSchema>;

const champsCommuns = {
  idDebarras: z.number().int(),
  numero: z.string(),
  statut: z.enum(STATUTS_DEBARRAS),
  typeDemande: z.enum(TYPES_DEMANDE),
  recurrent: z.boolean(),
  sauvage: zeroUn,
  adresse: adresseDebarrasSchema,
  nomPersonne: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  punaises: z.enum(['true', 'false']),
  punaisesDechets: z.enum(['true', 'false']),
};

/** A row of the débarras list: its levée reduced to what the list shows. */
export const debarrasLigneSchema = z
  .object({
    ...champsCommuns,
    levee: leveeResumeSchema,
    /** The code of what the crew found on its levée, null before (docs/regles.md « Tournée des équipes »). */
    codeResultat: z.enum(RESULTATS).nullable(),
  })
  .extend(auditSchema.shape);
export type DebarrasLigne = z.infer<typeof debarrasLigneSchema>;

/** A débarras in full (docs/regles.md « Données »), its levée with its counts. */
export const debarrasSchema = z
  .object({
    ...champsCommuns,
    levee: leveeSchema,
    precisionLieu: z.string().nullable(),
    inclurePrecisionLieu: zeroUn,
    travaux: z.string().nullable(),
    remarqueLieu: z.string().nullable(),
    remarqueGenerale: z.string().nullable(),
    remarqueObjet: z.string().nullable(),
    pointDepotX: z.number().nullable(),
    pointDepotY: z.number().nullable(),
    debarrasObjets: z.array(debarrasObjetSchema),
    /** What the crew found at the stop, if a result stands (docs/regles.md « Tournée des équipes »). */
    resultat: resultatDuDebarrasSchema.nullable(),
  })
  .extend(auditSchema.shape);
export type Debarras = z.infer<typeof debarrasSchema>;

/** A reactivated débarras, and a warning when its levée can no longer take it. */
export const reactivationSchema = debarrasSchema.extend({ avertissement: z.string().nullable() });
export type Reactivation = z.infer<typeof reactivationSchema>;

export const journalSchema = z.object({
  typeJournal: z.string(),
  typeJournalStr: z.string(),
  dateJournal: z.string(),
  utilisateur: z.string(),
});
export type EntreeJournal = z.infer<typeof journalSchema>;

/** The débarras an action (delete, reactivate) applies to, at the version the user read. */
export const debarrasCibleSchema = z.object({
  idDebarras: z
    .number({ error: "L'identifiant du débarras est obligatoire." })
    .int()
    .positive()
    .max(ENTIER_BASE_MAX, "L'identifiant du débarras doit être un nombre entier positif."),
  version: versionObligatoire,
});

/** 'Ajouter la sélection à une levée active'. */
export const liaisonSchema = z.object({
  idDebarras: z.array(idPositif, { error: DEBARRAS_MESSAGES.selectionVide }).min(1, DEBARRAS_MESSAGES.selectionVide).max(500),
  idLevee: z
    .number({ error: DEBARRAS_MESSAGES.leveeObligatoire })
    .int()
    .positive()
    .max(ENTIER_BASE_MAX, LEVEE_MESSAGES.identifiantInvalide),
});

/** `POST /debarras/link`: the levée the selection now belongs to. */
export const reponseLiaisonSchema = z.object({ idLevee: z.number().int() });

/** `GET /debarras/numero`: the number the next creation of that year would get. */
export const reponseNumeroSchema = z.object({ numero: z.string() });

/** `force=true`: staff confirmed going over the levée's capacity. */
export const forceSchema = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** What the duplicate check compares (docs/regles.md « Doublons »). */
export const doublonsSchema = z.object({
  idDebarras: idPositif.nullish(),
  // the register's key is 30 characters at most (db/schema.ts): a longer one cannot match
  adresse: z.object({ idpAdr: z.string().max(30).nullish() }).nullish(),
  telephone: z.string().max(50).nullish(),
  email: z.string().max(255).nullish(),
});

/** A similar débarras, for the form to link to it. */
export const doublonSchema = z.object({
  idDebarras: z.number().int(),
  numero: z.string(),
  dateLevee: z.string(),
  criteres: z.array(z.enum(CRITERES_DOUBLON)),
});
export type Doublon = z.infer<typeof doublonSchema>;

/** `POST /debarras/doublons` when similar débarras exist (204 otherwise): the question, and each of them. */
export const reponseDoublonsSchema = z.object({ message: z.string(), doublons: z.array(doublonSchema) });
export type ReponseDoublons = z.infer<typeof reponseDoublonsSchema>;

export const DEBARRAS_CHAMPS_TRIABLES = [
  'numero',
  'levee.dateLevee',
  'levee.secteur',
  'adresse.adresse',
  'nomPersonne',
  'telephone',
  'email',
  'statut',
  'punaises',
  'punaisesDechets',
  'sauvage',
  'createdDate',
  'createdBy',
] as const;
const filtreEntierPositif = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'Le filtre de levée doit être un nombre entier.' })
    .int('Le filtre de levée doit être un nombre entier.')
    .positive('Le filtre de levée doit être un nombre entier positif.')
    .max(ENTIER_BASE_MAX, 'Le filtre de levée doit être un nombre entier positif.')
    .optional(),
);
export const debarrasListeSchema = schemaListe(DEBARRAS_CHAMPS_TRIABLES, {
  numero: filtreTexte,
  startDateLevee: filtreDate,
  endDateLevee: filtreDate,
  leveeSecteurOuSupplementaire: filtreTexte,
  adresse_adresse: filtreTexte,
  nomPersonne: filtreTexte,
  // matched on its digits only (docs/regles.md « Liste des débarras »)
  telephone: filtreTexte,
  statut: filtreChoix(STATUTS_DEBARRAS, 'de statut'),
  punaises: filtreChoix(['true', 'false'], 'punaises'),
  punaisesDechets: filtreChoix(['true', 'false'], 'punaises déchets'),
  sauvage: filtreChoix(['0', '1'], 'sauvage'),
  createdBy: filtreTexte,
  email: filtreTexte,
  idLevee: filtreEntierPositif,
  resultat: filtreChoix(FILTRES_RESULTAT, 'de résultat'),
});
export type DebarrasChampTriable = (typeof DEBARRAS_CHAMPS_TRIABLES)[number];
export const DEBARRAS_TRI_DEFAUT: Tri<DebarrasChampTriable>[] = [{ champ: 'createdDate', sens: 'desc' }];
export const DEBARRAS_FILTRE_DEFAUT = { statut: 'ACTIF' } as const;
export const DEBARRAS_TAILLE_PAGE = 30;
/** The débarras table of a levée's detail (docs/regles.md « Détail d'une levée », docs/regles.md « Constantes »). */
export const DEBARRAS_DE_LEVEE_TAILLE_PAGE = 40;
export const DEBARRAS_DE_LEVEE_TRI: Tri<DebarrasChampTriable>[] = [{ champ: 'numero', sens: 'asc' }];
