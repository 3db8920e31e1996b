import { z } from 'zod';
import { auditSchema, versionSaisie } from './audit.js';
import { leveeSchema, STATUTS_LEVEE } from './levee.js';
import { filtreChoix, filtreDate, filtreTexte, schemaListe, type Tri } from './liste.js';

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

/** Any status the spec does not name reads 'Inconnu'. */
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

/** Object quantity per line (spec §5, §9). */
export const QUANTITE_OBJET = { min: 0, max: 100 } as const;
/** The objects table is padded to this many rows; its header warns from this many lines. */
export const LIGNES_OBJETS_MIN = 7;
const TEXTE_MAX = 1000;

export const DEBARRAS_MESSAGES = {
  adresseObligatoire: "La saisie de l'adresse est obligatoire",
  nomObligatoire: 'La saisie du nom du demandeur est obligatoire',
  contactObligatoire: "La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire",
  emailInvalide: 'Veuillez saisir un e-mail valide',
  objetObligatoire: "La saisie d'au moins un objet est obligatoire",
  quantite: `La quantité d'un objet doit être comprise entre ${QUANTITE_OBJET.min} et ${QUANTITE_OBJET.max}`,
  objetLigneObligatoire: "Chaque ligne d'objet doit désigner un objet du catalogue.",
  leveeObligatoire: 'La saisie de la levée est obligatoire',
  typeDemande: 'Le type de demande doit être Téléphone, Oral ou Écrit.',
  typeInternet: 'Le type de demande Internet est réservé aux réservations en ligne.',
  tropLong: (max: number) => `Le champ est trop long. Maximum ${max} caractères`,
  capacite: 'Attention, le nombre de débarras que vous souhaitez rattacher à cette levée dépasse la capacité maximale autorisée !',
  changementSauvage: 'Le changement du type de débarras modifie la première levée disponible !',
  aucunSecteur: "Aucun secteur n'est défini pour cette adresse !",
  secteurNonDefini: 'SECTEUR NON DEFINI',
  introuvable: 'Le débarras',
  adresseInconnue: (idpAdr: string) => `L'adresse ${idpAdr} n'existe pas dans le registre des adresses.`,
  objetInvalide: (id: number) => `L'objet n° ${id} n'existe pas, n'est plus actif ou n'est pas un objet accepté.`,
  leveeNonActive: "La levée choisie n'est pas active : veuillez en choisir une autre.",
  leveePassee: 'La date de la levée choisie est passée : veuillez en choisir une autre.',
  leveeAujourdhui: 'Seul un débarras sauvage peut être rattaché à une levée du jour : veuillez choisir une levée à partir de demain.',
  nonModifiable: 'Seul un débarras actif peut être modifié.',
  enAttenteValidation: 'Ce débarras attend la validation de sa réservation en ligne : il ne peut pas être modifié.',
  suppressionImpossible: 'Seul un débarras actif peut être supprimé.',
  reactivationImpossible: 'Seul un débarras supprimé ou archivé peut être réactivé.',
  liaisonImpossible: (numero: string) => `Le débarras ${numero} n'est pas actif : il ne peut pas être rattaché à une levée.`,
  leveeAChoisir: "La levée de ce débarras n'est plus disponible : veuillez en choisir une autre avant d'enregistrer.",
  selectionVide: 'Veuillez sélectionner au moins un débarras.',
  doublons: (lignes: string[]) => `Des débarras semblables existent déjà : ${lignes.join(' ; ')}. Voulez-vous vraiment enregistrer ?`,
} as const;

/** Success messages (spec §8), shown by the web app after each action. */
export const DEBARRAS_SUCCES = {
  cree: (numero: string) => `Le débarras ${numero} a été correctement créé`,
  misAJour: (numero: string) => `Le débarras ${numero} a été correctement mis à jour`,
  supprime: (numero: string) => `Le debarras ${numero} a été correctement supprimé`,
  /** The detail page's wording. */
  reactiver: (numero: string) => `Le débarras ${numero} a été correctement réactiver`,
  /** The list's wording. */
  reactive: (numero: string) => `Le débarras ${numero} a été correctement réactivé`,
} as const;

export const DEBARRAS_LIBELLES = {
  titre: 'Débarras',
  numero: 'N° débarras',
  dateLevee: 'Date',
  secteur: 'Secteur',
  adresse: 'Adresse',
  nomPersonne: 'Nom demandeur',
  telephone: 'Téléphone',
  email: 'E-Mail',
  statut: 'Statut',
  punaises: 'Punaises',
  punaisesDechets: 'Punaises déchets',
  sauvage: 'Sauvage',
  createdDate: 'Date création',
  createdBy: 'Utilisateur',
  typeDemande: 'Type de demande',
  objets: 'Objets',
} as const;

/** `YYYY-NNNNN`: the year of creation and a counter of that year, without gap. */
export const formatNumero = (annee: number, rang: number) => `${annee}-${String(rang).padStart(5, '0')}`;

const zeroUn = z.enum(['0', '1']);
/** 'true'/'false' as the spec writes them; a JSON boolean is accepted too. */
const vraiFaux = z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.enum(['true', 'false']));

const texte = (max = TEXTE_MAX) =>
  z
    .string({ error: DEBARRAS_MESSAGES.tropLong(max) })
    .trim()
    .max(max, DEBARRAS_MESSAGES.tropLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const idPositif = z.number().int().positive();

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

/**
 * The débarras form and `POST /debarras` (spec §5). Lines at quantity 0 are dropped; the total
 * must reach 1. A sauvage (illegal dump) needs no requester.
 */
export const debarrasSaisieSchema = z
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
    telephone: texte(50),
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
    // 'Punaises déchets' forces 'punaises' on (spec §4 "Form behaviour").
    punaises: d.punaisesDechets === 'true' ? ('true' as const) : d.punaises,
    debarrasObjets: d.debarrasObjets.filter((l) => l.quantite > 0),
  }));
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
    levee: z.object({
      idLevee: z.number().int(),
      dateLevee: z.string(),
      secteur: z.object({ id: z.number().int(), libelle: z.string() }).nullable(),
      name: z.string().nullable(),
      statut: z.enum(STATUTS_LEVEE),
      supplementaire: z.union([z.literal(0), z.literal(1)]),
    }),
  })
  .extend(auditSchema.shape);
export type DebarrasLigne = z.infer<typeof debarrasLigneSchema>;

/** A débarras in full (spec §3), its levée with its counts. */
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

/** The débarras an action (delete, reactivate) applies to. */
export const debarrasCibleSchema = z.object({
  idDebarras: z.number({ error: "L'identifiant du débarras est obligatoire." }).int().positive(),
  version: versionSaisie,
});

/** 'Ajouter la sélection à une levée active'. */
export const liaisonSchema = z.object({
  idDebarras: z.array(idPositif, { error: DEBARRAS_MESSAGES.selectionVide }).min(1, DEBARRAS_MESSAGES.selectionVide).max(500),
  idLevee: z.number({ error: DEBARRAS_MESSAGES.leveeObligatoire }).int().positive(),
});

/** `force=true`: staff confirmed going over the levée's capacity. */
export const forceSchema = z.object({
  force: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** What the duplicate check compares (DESIGN.md "Duplicates"). */
export const doublonsSchema = z.object({
  idDebarras: idPositif.nullish(),
  adresse: z.object({ idpAdr: z.string().nullish() }).nullish(),
  telephone: z.string().max(50).nullish(),
  email: z.string().max(255).nullish(),
});

export const DEBARRAS_CHAMPS_TRIABLES = [
  'numero',
  'levee.dateLevee',
  'levee.secteur',
  'adresse.adresse',
  'nomPersonne',
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
/** The débarras table of a levée's detail (spec §2, §9). */
export const DEBARRAS_DE_LEVEE_TAILLE_PAGE = 40;
export const DEBARRAS_DE_LEVEE_TRI: Tri<DebarrasChampTriable>[] = [{ champ: 'numero', sens: 'asc' }];

/** The débarras detail form and its dialogs (spec §2 "Débarras detail"). */
export const DEBARRAS_DETAIL_LIBELLES = {
  nouveau: 'Nouveau débarras',
  titre: (numero: string) => `Détail du débarras n° ${numero}`,
  recurrent: 'Récurrent',
  journal: 'Journal',
  reactiver: 'Réactiver',
  confirmationReactivation: (numero: string) => `Voulez-vous vraiment réactiver le débarras ${numero} ?`,
  levee: 'Levée',
  detailLevee: 'Détail de la levée',
  quantite: 'Quantité',
  max: 'Max',
  indisponibilite: 'Indisponibilité',
  autreLevee: 'Choisir une autre levée',
  leveesDisponibles: 'Levées disponibles',
  aucuneLevee: 'Aucune levée disponible pour ce secteur',
  choisir: 'Choisir',
  rechercheAdresse: 'Rechercher une adresse',
  precisionLieu: "Précisions sur l'adresse",
  inclurePrecisionLieu: 'Inclure les précisions dans la feuille de route',
  travaux: 'Travaux',
  remarqueLieu: 'Remarques sur le lieu',
  remarqueGenerale: 'Remarques générales',
  demandeur: 'Demandeur',
  objet: 'Objet',
  remarque: 'Remarque',
  editer: 'Editer',
  choisirObjets: 'Choisir les objets',
  punaises: 'Punaises de lit immeuble',
  punaisesDechets: 'Punaises de lit déchets',
  remarqueObjet: 'Remarques sur les objets',
  doublons: 'Doublons',
  action: 'Action',
  dateJournal: 'Date',
  utilisateur: 'Utilisateur',
  journalVide: 'Aucune entrée au journal',
} as const;

/** The débarras list: its 'Sélection' menu, row actions and the attach dialog (spec §2 "Débarras list", §4). */
export const DEBARRAS_LISTE_LIBELLES = {
  selection: 'Sélection',
  ajouterALevee: 'Ajouter à une levée',
  viderSelection: 'Vider la sélection',
  ajouterPage: 'Ajouter la page courante à la sélection',
  rattacher: 'Ajouter la sélection à une levée active',
  detail: (numero: string) => `Détail du débarras ${numero}`,
  supprimer: (numero: string) => `Supprimer le débarras ${numero}`,
  confirmationSuppression: (numero: string) => `Voulez-vous vraiment supprimer le débarras ${numero} ?`,
  reactiver: (numero: string) => `Réactiver le débarras ${numero}`,
  ajouterSelection: (numero: string) => `Ajouter le débarras ${numero} à la sélection`,
  retirerSelection: (numero: string) => `Retirer le débarras ${numero} de la sélection`,
  debarrasSelectionnes: (n: number) => `${n} débarras sélectionné${n > 1 ? 's' : ''}`,
  choisirLevee: 'Choisir une levée',
  rechercherLevee: 'Rechercher une levée (secteur, nom ou date)',
  aucuneLeveeActive: 'Aucune levée active',
  ajouter: 'Ajouter',
  oui: 'Oui',
  non: 'Non',
} as const;
