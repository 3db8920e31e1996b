import { z } from 'zod';
import { auditSchema, versionALaModification, versionObligatoire, versionSaisie } from '../audit.js';
import { leveeResumeSchema, leveeSchema } from '../levee.js';
import { filtreChoix, filtreDate, filtreTexte, schemaListe, type Tri } from '../liste.js';
import { normaliserTelephone, TELEPHONE_MESSAGES } from '../telephone.js';
import { DEBARRAS_MESSAGES, QUANTITE_OBJET } from './messages.js';
import { STATUTS_DEBARRAS, TYPES_DEMANDE } from './statuts.js';

const TEXTE_MAX = 1000;

/** `YYYY-NNNNN`: the year of creation and a counter of that year, without gap. */
export const formatNumero = (annee: number, rang: number) => `${annee}-${String(rang).padStart(5, '0')}`;

const zeroUn = z.enum(['0', '1']);
/** 'true'/'false' as docs/regles.md « Données » writes them; a JSON boolean is accepted too. */
const vraiFaux = z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.enum(['true', 'false']));

const texte = (max = TEXTE_MAX) =>
  z
    .string({ error: DEBARRAS_MESSAGES.tropLong(max) })
    .trim()
    .max(max, DEBARRAS_MESSAGES.tropLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const idPositif = z.number().int().positive();

/** An optional phone number, checked and stored in its one format (see `normaliserTelephone`). */
const telephone = texte(50).transform((v, ctx) => {
  if (v === null) return null;
  const normalise = normaliserTelephone(v);
  if (normalise !== undefined) return normalise;
  ctx.issues.push({ code: 'custom', message: TELEPHONE_MESSAGES.invalide, input: v });
  return z.NEVER;
});

export const debarrasObjetSaisieSchema = z.object({
  objet: z.object({ idObjet: idPositif }, { error: DEBARRAS_MESSAGES.objetLigneObligatoire }),
  quantite: z
    .number({ error: DEBARRAS_MESSAGES.quantite })
    .int(DEBARRAS_MESSAGES.quantite)
    .min(QUANTITE_OBJET.min, DEBARRAS_MESSAGES.quantite)
    .max(QUANTITE_OBJET.max, DEBARRAS_MESSAGES.quantite)
    .nullish()
    .transform((q) => q ?? 0),
  remarque: texte(255),
});

const debarrasSaisie = z
  .object({
    idDebarras: idPositif.optional(),
    version: versionSaisie,
    typeDemande: z.enum(TYPES_DEMANDE, { error: DEBARRAS_MESSAGES.typeDemande }).default('TELEPHONE'),
    sauvage: zeroUn.default('0'),
    adresse: z.object(
      { idpAdr: z.string().trim().min(1, DEBARRAS_MESSAGES.adresseObligatoire) },
      { error: DEBARRAS_MESSAGES.adresseObligatoire },
    ),
    levee: z.object({ idLevee: idPositif }, { error: DEBARRAS_MESSAGES.leveeObligatoire }),
    nomPersonne: texte(255),
    telephone,
    email: texte(255).pipe(z.email({ error: DEBARRAS_MESSAGES.emailInvalide }).nullable()),
    precisionLieu: texte(),
    inclurePrecisionLieu: zeroUn.default('1'),
    travaux: texte(),
    remarqueLieu: texte(),
    remarqueGenerale: texte(),
    remarqueObjet: texte(),
    punaises: vraiFaux.default('false'),
    punaisesDechets: vraiFaux.default('false'),
    pointDepotX: z
      .number()
      .nullish()
      .transform((v) => v ?? null),
    pointDepotY: z
      .number()
      .nullish()
      .transform((v) => v ?? null),
    debarrasObjets: z.array(debarrasObjetSaisieSchema).default([]),
  })
  .superRefine((d, ctx) => {
    if (d.sauvage !== '1' && !d.nomPersonne)
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.nomObligatoire, path: ['nomPersonne'] });
    if (d.sauvage !== '1' && !d.telephone && !d.email) {
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.contactObligatoire, path: ['telephone'] });
    }
    if (d.debarrasObjets.reduce((total, l) => total + l.quantite, 0) < 1) {
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.objetObligatoire, path: ['debarrasObjets'] });
    }
  })
  .transform((d) => ({
    ...d,
    // 'Punaises déchets' forces 'punaises' on (docs/regles.md « Comportement du formulaire »).
    punaises: d.punaisesDechets === 'true' ? ('true' as const) : d.punaises,
    debarrasObjets: d.debarrasObjets.filter((l) => l.quantite > 0),
  }));
/**
 * The débarras form and `POST /debarras` (docs/regles.md « Validation d'un débarras »). Lines at quantity 0 are dropped; the total
 * must reach 1. A sauvage (illegal dump) needs no requester.
 */
export const debarrasSaisieSchema = versionALaModification(debarrasSaisie, 'idDebarras');
export type DebarrasSaisie = z.input<typeof debarrasSaisieSchema>;

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
  idDebarras: z.number({ error: "L'identifiant du débarras est obligatoire." }).int().positive(),
  version: versionObligatoire,
});

/** 'Ajouter la sélection à une levée active'. */
export const liaisonSchema = z.object({
  idDebarras: z.array(idPositif, { error: DEBARRAS_MESSAGES.selectionVide }).min(1, DEBARRAS_MESSAGES.selectionVide).max(500),
  idLevee: z.number({ error: DEBARRAS_MESSAGES.leveeObligatoire }).int().positive(),
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
  adresse: z.object({ idpAdr: z.string().nullish() }).nullish(),
  telephone: z.string().max(50).nullish(),
  email: z.string().max(255).nullish(),
});

/** Why a débarras looks like the one being saved (docs/regles.md « Doublons »). */
export const CRITERES_DOUBLON = ['ADRESSE', 'TELEPHONE', 'EMAIL'] as const;
export type CritereDoublon = (typeof CRITERES_DOUBLON)[number];

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
    .positive()
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
});
export type DebarrasChampTriable = (typeof DEBARRAS_CHAMPS_TRIABLES)[number];
export const DEBARRAS_TRI_DEFAUT: Tri<DebarrasChampTriable>[] = [{ champ: 'createdDate', sens: 'desc' }];
export const DEBARRAS_FILTRE_DEFAUT = { statut: 'ACTIF' } as const;
export const DEBARRAS_TAILLE_PAGE = 30;
/** The débarras table of a levée's detail (docs/regles.md « Détail d'une levée », docs/regles.md « Constantes »). */
export const DEBARRAS_DE_LEVEE_TAILLE_PAGE = 40;
export const DEBARRAS_DE_LEVEE_TRI: Tri<DebarrasChampTriable>[] = [{ champ: 'numero', sens: 'asc' }];
