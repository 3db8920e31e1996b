import { z } from 'zod';

/**
 * What kind of refusal an error answer is: clients decide on this code, never on the message text.
 * The HTTP layer alone maps each code to its status (docs/api.md "Erreurs").
 */
export const CODES_ERREUR = [
  'SAISIE_INVALIDE',
  'NON_AUTHENTIFIE',
  'NON_AUTORISE',
  'INTROUVABLE',
  'CONFLIT_VERSION',
  'CAPACITE_DEPASSEE',
  'ETAT_INVALIDE',
  'DOUBLON',
  'TROP_DE_REQUETES',
  'ETENDUE_TROP_GRANDE',
  'TACHE_EN_COURS',
  'INDISPONIBLE',
  'SURCHARGE',
  'ERREUR_INTERNE',
] as const;
export type CodeErreur = (typeof CODES_ERREUR)[number];

/**
 * Every error answer of the API: the French message the user reads, and its code; an unexpected error (500) also
 * gives the request's id, which its log lines carry (docs/exploitation.md « Identifiant de requête »).
 */
export const reponseErreurSchema = z.object({ errMsg: z.string(), code: z.enum(CODES_ERREUR), idRequete: z.string().optional() });
export type ReponseErreur = z.infer<typeof reponseErreurSchema>;

/** Messages of the errors that are not tied to one entity. */
export const ERREURS = {
  nonAuthentifie: "Votre session a expiré ou vous n'êtes pas identifié. Merci de vous identifier.",
  nonAutorise: "Vous n'êtes pas autorisé à effectuer cette action.",
  identificationInvalide: 'Identification invalide! Merci de vous identifier à nouveau.',
  tropDeTentatives: 'Trop de tentatives de connexion infructueuses. Veuillez réessayer dans 15 minutes.',
  connexionRalentie:
    'Ce compte reçoit de nombreuses tentatives de connexion infructueuses : une seule est vérifiée toutes les 30 secondes depuis les adresses qui ont déjà échoué. Veuillez réessayer dans 30 secondes.',
  origineRefusee: "Requête refusée : elle ne provient pas de l'application.",
  routeInconnue: 'Cette adresse ne correspond à aucun service.',
  indisponible:
    'Le serveur manque momentanément de place disque ou de ressources. Réessayez plus tard ; si le problème persiste, contactez le support informatique.',
  surcharge: 'Le serveur est très sollicité en ce moment et n’a pas traité la demande. Réessayez dans quelques secondes.',
  interne: 'Une erreur inattendue est survenue. Veuillez réessayer ; si le problème persiste, contactez le support informatique.',
  /** The same, with the reference support finds the log lines by. */
  interneReference: (idRequete: string) =>
    `Une erreur inattendue est survenue. Veuillez réessayer ; si le problème persiste, contactez le support informatique (référence : ${idRequete}).`,
  corpsInvalide: 'Le contenu de la requête est illisible.',
  cheminInvalide: 'Le chemin de la requête est illisible ou trop long.',
  requeteIllisible: 'La requête est illisible : ligne de requête ou en-tête mal formé.',
  entetesTropGrands: 'Les en-têtes de la requête sont trop grands.',
  requeteTropLente: "La requête n'est pas arrivée entière à temps.",
  caractereDeControle:
    'Le texte saisi contient un caractère invisible non autorisé (caractère de contrôle). Retapez-le sans copier-coller.',
  valeurHorsLimites: 'Une valeur saisie sort des limites acceptées.',
  imbricationTropProfonde: (niveaux: number) =>
    `Le contenu de la requête est imbriqué trop profondément : ${niveaux} niveaux de listes ou d'objets au plus.`,
  tropDeRequetes: 'Trop de requêtes en peu de temps. Veuillez patienter quelques secondes avant de réessayer.',
  conflitVersion: (utilisateur: string, date: string) =>
    `Cet enregistrement a été modifié par ${utilisateur} le ${date}. Veuillez le recharger.`,
  introuvable: (quoi: string) => `${quoi} est introuvable. Il a peut-être été supprimé.`,
} as const;
