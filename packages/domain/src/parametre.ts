import { z } from 'zod';
import { LIEN_EQUIPE_HEURES_DEFAUT } from './equipe/codes.js';
import { idPositif } from './debarras/champs.js';
import { auditSchema, versionALaModification, versionSaisie } from './audit.js';
import { EN_LIGNE_DEFAUTS } from './enLigne/defauts.js';
import { filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteObligatoire, texteOptionnel } from './saisie.js';
import { PARAMETRE_CLES } from './parametreCles.js';

export * from './parametreCles.js';

export const PARAMETRE_MESSAGES = {
  cleObligatoire: 'La saisie de la clé est obligatoire',
  cleTropLongue: 'La clé est trop longue. Maximum 255 caratères.',
  valeurObligatoire: 'La saisie de la valeur est obligatoire',
  valeurTropLongue: 'La valeur est trop longue...',
  descriptionTropLongue: 'La description est trop longue...',
  cleExistante: (cle: string) => `Un paramètre avec la clé « ${cle} » existe déjà.`,
  cleNonModifiable: "La clé d'un paramètre existant ne peut pas être modifiée.",
  introuvable: 'Le paramètre',
  cleInconnue: (cle: string) => `Le paramètre « ${cle} » n'existe pas.`,
  /** `getStringValue` asked for a key no screen reads. */
  cleNonLisible: (cle: string) => `Le paramètre « ${cle} » n'est pas lisible par les écrans de l'application.`,
  /** `getStringValue` called without `cle`. */
  cleManquante: 'La clé du paramètre est obligatoire.',
} as const;

export const PARAMETRE_SUCCES = {
  ajoute: (cle: string) => `Le paramètre ${cle} a été correctement ajouté.`,
  misAJour: (cle: string) => `Le paramètre ${cle} a été correctement mis à jour.`,
} as const;

export const PARAMETRE_LIBELLES = {
  titre: 'Paramètres',
  cle: 'Clé',
  valeur: 'Valeur',
  description: 'Description',
  lastModifiedDate: 'Dernière modification',
  lastModifiedBy: 'Par',
} as const;

/** What the detail form posts: without `idParametre` it creates, with it it updates. */
const parametreSaisie = z.object({
  idParametre: idPositif.optional(),
  cle: texteObligatoire(255, PARAMETRE_MESSAGES.cleObligatoire, PARAMETRE_MESSAGES.cleTropLongue),
  valeur: texteObligatoire(255, PARAMETRE_MESSAGES.valeurObligatoire, PARAMETRE_MESSAGES.valeurTropLongue),
  description: texteOptionnel(255, PARAMETRE_MESSAGES.descriptionTropLongue),
  version: versionSaisie,
});
export const parametreSaisieSchema = versionALaModification(parametreSaisie, 'idParametre');
export type ParametreSaisie = z.input<typeof parametreSaisieSchema>;

export const parametreSchema = z
  .object({
    idParametre: z.number().int(),
    cle: z.string(),
    valeur: z.string(),
    description: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type Parametre = z.infer<typeof parametreSchema>;

export const PARAMETRE_CHAMPS_TRIABLES = ['cle', 'valeur', 'description', 'lastModifiedDate', 'lastModifiedBy'] as const;
export const parametreListeSchema = schemaListe(PARAMETRE_CHAMPS_TRIABLES, {
  cle: filtreTexte,
  valeur: filtreTexte,
  description: filtreTexte,
  lastModifiedBy: filtreTexte,
});
export type ParametreFiltres = Pick<z.input<typeof parametreListeSchema>, 'cle' | 'valeur' | 'description' | 'lastModifiedBy'>;
export const PARAMETRE_TRI_DEFAUT: Tri<(typeof PARAMETRE_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'cle', sens: 'asc' }];

/** When the next working day's route sheets go to the recipients, Geneva time (HH:MM). */
export const ENVOI_FEUILLES_HEURE_DEFAUT = '16:00';

/** The standard levée's max and the planning horizon (days): seeded once, and used while the parameter is missing or invalid. */
export const LEVEE_MAX_DEBARRAS_DEFAUT = 30;
export const LEVEE_HORIZON_JOURS_DEFAUT = 90;

/** Months after its levée when an archived or deleted débarras loses its requester's data (docs/regles.md « Anonymisation »). */
export const ANONYMISATION_MOIS_DEFAUT = 24;

/** Days a dump of the « Sauvegarde » job is kept before the job deletes it (docs/exploitation.md « Sauvegarde et restauration »). */
export const SAUVEGARDE_JOURS_DEFAUT = 14;

const SITG = 'https://ge.ch/sitgags2/rest/services';

/**
 * Where every round starts and ends, « E,N » in LV95: for the demo, a point of the Jonction where a city depot
 * plausibly stands (docs/decisions.md « Ordre des tournées »), to be set to the real site.
 */
export const TOURNEE_DEPOT_DEFAUT = '2498700,1117100';

/** The value of `tournee.routage.url` that asks for no routing service: distances in straight lines. */
export const ROUTAGE_AUCUN = 'aucun';

/**
 * The value of a `carte.*.url` parameter that selects the map served by the application itself
 * (communes, lakes and the register's addresses, no network): the seeded default. Any other value is
 * the URL of an ArcGIS service of the canton's geoportal (docs/regles.md « Cartes »).
 */
export const CARTE_INTEGREE = 'integre';

/** Seeded on first start (never overwritten afterwards: the technical staff own the values). */
export const PARAMETRES_PAR_DEFAUT: ReadonlyArray<{ cle: string; valeur: string; description: string }> = [
  {
    cle: PARAMETRE_CLES.departement,
    valeur: "Département de l'environnement urbain et de la sécurité - Voirie",
    description: 'Nom du département affiché dans le pied de page',
  },
  {
    cle: PARAMETRE_CLES.leveeMaxDebarras,
    valeur: String(LEVEE_MAX_DEBARRAS_DEFAUT),
    description: "Nombre maximum de débarras d'une levée standard",
  },
  {
    cle: PARAMETRE_CLES.leveeHorizonJours,
    valeur: String(LEVEE_HORIZON_JOURS_DEFAUT),
    description: "Nombre de jours à l'avance pour lesquels les levées standard sont planifiées",
  },
  {
    cle: PARAMETRE_CLES.impressionPdfActif,
    valeur: 'true',
    description: 'Propose le format Pdf (en plus de Word et Excel) pour les impressions (true/false)',
  },
  {
    cle: PARAMETRE_CLES.envoiFeuillesHeure,
    valeur: ENVOI_FEUILLES_HEURE_DEFAUT,
    description: 'Heure (HH:MM, Genève) de l’envoi des feuilles de route du jour ouvrable suivant aux destinataires',
  },
  {
    cle: PARAMETRE_CLES.anonymisationMois,
    valeur: String(ANONYMISATION_MOIS_DEFAUT),
    description:
      'Nombre de mois après la levée au-delà duquel un débarras archivé ou supprimé perd le nom, le téléphone, l’e-mail et les remarques générales du demandeur',
  },
  {
    cle: PARAMETRE_CLES.sauvegardeJours,
    valeur: String(SAUVEGARDE_JOURS_DEFAUT),
    description:
      'Nombre de jours pendant lesquels une sauvegarde de la base est gardée ; la tâche « Sauvegarde de la base » supprime les plus anciennes',
  },
  {
    cle: PARAMETRE_CLES.enLigneHeureLimite,
    valeur: EN_LIGNE_DEFAUTS.heureLimite,
    description:
      'Réservation en ligne : heure (HH:MM, Genève) après laquelle le surlendemain n’est plus proposé ; une réservation se modifie ou s’annule en ligne tant que sa date serait encore proposée',
  },
  {
    cle: PARAMETRE_CLES.enLigneValidationMinutes,
    valeur: String(EN_LIGNE_DEFAUTS.validationMinutes),
    description: 'Réservation en ligne : minutes laissées pour suivre le lien de validation de l’e-mail avant que la place soit libérée',
  },
  {
    cle: PARAMETRE_CLES.enLigneTelephone,
    valeur: '022 418 50 00',
    description:
      'Réservation en ligne : numéro de téléphone du service, donné quand une adresse ne peut pas être réservée en ligne ou qu’aucune date n’a de place',
  },
  {
    cle: PARAMETRE_CLES.enLigneRappelHeure,
    valeur: EN_LIGNE_DEFAUTS.rappelHeure,
    description: 'Réservation en ligne : heure (HH:MM, Genève) du rappel envoyé la veille de la levée',
  },
  {
    cle: PARAMETRE_CLES.enLigneConsignesFr,
    valeur:
      'Déposez vos objets sur le trottoir devant l’adresse à partir de 19 h la veille, sans gêner le passage. Les objets refusés ne sont pas emportés.',
    description: 'Réservation en ligne : consignes de dépôt, montrées après la confirmation et dans le courriel de rappel, en français',
  },
  {
    cle: PARAMETRE_CLES.enLigneConsignesEn,
    valeur:
      'Put your items on the pavement in front of the address from 7 pm the evening before, without blocking the way. Refused items are not taken.',
    description: 'Réservation en ligne : consignes de dépôt, montrées après la confirmation et dans le courriel de rappel, en anglais',
  },
  {
    cle: PARAMETRE_CLES.enLigneAttenteParClient,
    valeur: String(EN_LIGNE_DEFAUTS.attenteParClient),
    description:
      'Réservation en ligne : réservations en attente de validation qu’une même adresse IP peut avoir en même temps ; au-delà, elle doit d’abord en valider une',
  },
  {
    cle: PARAMETRE_CLES.enLigneAttenteParBoite,
    valeur: String(EN_LIGNE_DEFAUTS.attenteParBoite),
    description:
      'Réservation en ligne : réservations en attente de validation qu’une même boîte e-mail peut avoir en même temps (majuscules, +étiquette et points ignorés par le fournisseur comptent pour la même boîte)',
  },
  {
    cle: PARAMETRE_CLES.enLigneAttentePart,
    valeur: String(EN_LIGNE_DEFAUTS.attentePart),
    description:
      'Réservation en ligne : part (en %) des places d’une levée que les réservations en attente de validation peuvent occuper, une place au moins ; le personnel n’en est jamais empêché',
  },
  {
    cle: PARAMETRE_CLES.enLigneConfirmationsParBoiteHeure,
    valeur: String(EN_LIGNE_DEFAUTS.confirmationsParBoiteHeure),
    description: 'Réservation en ligne : confirmations qu’une même boîte e-mail peut envoyer en une heure',
  },
  {
    cle: PARAMETRE_CLES.gestionnaireCarte,
    valeur: 'VILLE DE GENEVE',
    description:
      'Gestionnaire des adresses (attribut GESTIONNAIRE) desservies : celles sur lesquelles une exception peut être copiée, et les seules réservables en ligne avec celles sans gestionnaire',
  },
  {
    cle: PARAMETRE_CLES.carteAdresseUrl,
    valeur: CARTE_INTEGREE,
    description: `Carte : couche des adresses (IDPADR, ADRESSE, GESTIONNAIRE). « ${CARTE_INTEGREE} » : le registre de l'application ; sinon l'URL ArcGIS, p. ex. ${SITG}/VECTOR/SITG_OPENDATA_01/MapServer/7106`,
  },
  {
    cle: PARAMETRE_CLES.cartePlanUrl,
    valeur: CARTE_INTEGREE,
    description: `Carte : fond de plan. « ${CARTE_INTEGREE} » : communes et lacs hors ligne ; sinon l'URL ArcGIS, p. ex. ${SITG}/RASTER/PLAN_SITG/MapServer`,
  },
  {
    cle: PARAMETRE_CLES.carteOrthophotoUrl,
    valeur: CARTE_INTEGREE,
    description: `Carte : orthophoto. « ${CARTE_INTEGREE} » : aucune (hors ligne) ; sinon l'URL ArcGIS, p. ex. ${SITG}/RASTER/ORTHOPHOTOS_2019/MapServer`,
  },
  {
    cle: PARAMETRE_CLES.carteGeocodageUrl,
    valeur: CARTE_INTEGREE,
    description: `Carte : recherche d'adresse. « ${CARTE_INTEGREE} » : le registre de l'application ; sinon l'URL ArcGIS, p. ex. ${SITG}/Geocodage/GeocodeServer`,
  },
  {
    cle: PARAMETRE_CLES.carteInitiale,
    valeur: '{"centre":[2500000,1118000],"echelle":2000}',
    description: 'Carte : centre (EPSG:2056) et échelle initiale',
  },
  {
    cle: PARAMETRE_CLES.tourneeDepot,
    valeur: TOURNEE_DEPOT_DEFAUT,
    description: 'Tournées : coordonnées E,N (LV95, EPSG:2056) du dépôt d’où part et où revient chaque levée',
  },
  {
    cle: PARAMETRE_CLES.tourneeRoutageUrl,
    valeur: ROUTAGE_AUCUN,
    description: `Tournées : « ${ROUTAGE_AUCUN} » : distances à vol d’oiseau ; sinon l’URL d’un service de routage à l’API « table » d’OSRM (p. ex. http://osrm.interne:5000), pour les distances par la route`,
  },
  {
    cle: PARAMETRE_CLES.tourneeLienHeures,
    valeur: String(LIEN_EQUIPE_HEURES_DEFAUT),
    description:
      'Tournées : nombre d’heures après le début (00:00) du jour de la levée pendant lesquelles le lien équipe de la feuille de route ouvre la tournée sur le téléphone (valable dès 00:00 du jour ouvrable précédent)',
  },
];

/** `GET /parametre/getStringValue?cle=`: the key whose value a form reads. */
export const valeurParametreRequeteSchema = z.object({
  cle: z.string({ error: PARAMETRE_MESSAGES.cleManquante }).trim().min(1, PARAMETRE_MESSAGES.cleManquante),
});
