/**
 * The crews' round on a phone and what happened at each stop (docs/regles.md « Tournée des équipes »): the codes,
 * limits and texts, without a schema, so that the crews' page reads them without zod.
 */
import { RESULTATS, type CodeResultat } from './codes.js';

export * from './codes.js';

/** The results that leave objects on the pavement: the débarras is to be planned again. */
export const RESULTATS_A_REPLANIFIER: readonly CodeResultat[] = ['PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE'];

/** For how long, after a result, the phone may still replace it; staff may at any time. */
export const CORRECTION_EQUIPE_MINUTES = 15;
/** How far ahead of the server's clock a phone's time may be (a phone's clock drifts) before a result is refused. */
export const AVANCE_HORLOGE_TOLEREE_MINUTES = 10;
/** A stored photo's size at most: the phone resizes before sending. */
export const PHOTO_OCTETS_MAX = 500 * 1024;
/** The photo types accepted, checked on the file's first bytes, never on its name or declared type. */
export const TYPES_PHOTO = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type TypePhoto = (typeof TYPES_PHOTO)[number];
/** Results in one sending at most: a whole round, with room for corrections. */
export const RESULTATS_PAR_ENVOI_MAX = 200;
export const REMARQUE_RESULTAT_MAX = 500;
/** Results kept in conflict for one stop at most: beyond, a link's holder could fill the base with them. */
export const CONFLITS_PAR_ARRET_MAX = 5;

export const EQUIPE_MESSAGES = {
  lienInvalide:
    'Ce lien de tournée n’est pas valable : il a été remplacé, il a expiré ou il est mal recopié. Demandez le lien du jour au bureau.',
  lienManquant: 'Ouvrez la tournée avec le lien ou le code QR de la feuille de route.',
  autreLevee: 'Ce débarras n’est pas sur la tournée de ce lien.',
  resultatInvalide: `Le résultat doit être l’un de : ${RESULTATS.join(', ')}.`,
  idClientInvalide: 'L’identifiant du résultat doit être un UUID.',
  horodatageInvalide: 'L’heure du résultat doit être une date et heure ISO 8601 avec fuseau.',
  horodatageFutur: 'L’heure du résultat est dans le futur : réglez l’heure du téléphone.',
  remarqueTropLongue: `La remarque compte au plus ${REMARQUE_RESULTAT_MAX} caractères.`,
  objetsRestantsInvalides: 'Les objets restés sur place doivent être des objets de ce débarras, en quantité au plus celle demandée.',
  objetsRestantsHorsPartiel: 'Seul un résultat « Partiellement levé » dit quels objets sont restés.',
  envoiVide: 'Aucun résultat à enregistrer.',
  envoiTropLong: `Un envoi compte au plus ${RESULTATS_PAR_ENVOI_MAX} résultats.`,
  tropDeConflits: `Cet arrêt a déjà ${CONFLITS_PAR_ARRET_MAX} résultats en conflit : corrigez le résultat en vigueur ou appelez le bureau.`,
  correctionTardive: `Un résultat ne se corrige depuis le téléphone que pendant ${CORRECTION_EQUIPE_MINUTES} minutes ; appelez le bureau.`,
  debarrasInactif: 'Ce débarras a été supprimé ou déplacé : le résultat n’est pas enregistré.',
  photoManquante: 'Aucune photo dans l’envoi (champ « photo »).',
  photoTropGrande: `La photo dépasse ${PHOTO_OCTETS_MAX / 1024} Ko : elle doit être réduite avant l’envoi.`,
  photoType: 'La photo doit être une image JPEG, PNG ou WebP.',
  photoChamps: 'L’envoi d’une photo demande les champs « idClient » et « idDebarras », puis le fichier « photo ».',
  photoSansResultat: 'La photo se rapporte à un résultat que le serveur n’a pas reçu.',
  photoIntrouvable: 'Aucune photo pour ce résultat.',
} as const;

/**
 * What became of each result sent: recorded, already recorded (sent twice), kept as a conflict (another result for
 * the stop stands), or refused with a code and a message (nothing recorded; sending it again changes nothing).
 */
export const STATUTS_ENVOI = ['enregistre', 'deja_enregistre', 'conflit', 'refuse'] as const;
export type StatutEnvoi = (typeof STATUTS_ENVOI)[number];
/** The crews' page's address for a token: `${PUBLIC_URL}tournee/?j=<jeton>` (PUBLIC_URL ends with BASE_PATH). */
export const urlTourneeEquipe = (publicUrl: string, jeton: string) => `${publicUrl}tournee/?j=${jeton}`;

/**
 * WGS 84 latitude and longitude of an LV95 point, by swisstopo's approximate formulas (about a metre across
 * Switzerland): what a phone's navigation app reads.
 */
export function lv95VersWgs84(x: number, y: number): { latitude: number; longitude: number } {
  const e = (x - 2_600_000) / 1_000_000;
  const n = (y - 1_200_000) / 1_000_000;
  const longitude = 2.6779094 + 4.728982 * e + 0.791484 * e * n + 0.1306 * e * n * n - 0.0436 * e ** 3;
  const latitude = 16.9023892 + 3.238272 * n - 0.270978 * e * e - 0.002528 * n * n - 0.0447 * e * e * n - 0.014 * n ** 3;
  return { latitude: (latitude * 100) / 36, longitude: (longitude * 100) / 36 };
}

/** A `geo:` URI (RFC 5870) of an LV95 point, to 6 decimals (about 10 cm). */
export function uriGeo(x: number, y: number): string {
  const { latitude, longitude } = lv95VersWgs84(x, y);
  return `geo:${latitude.toFixed(6)},${longitude.toFixed(6)}`;
}

/**
 * A levée's round opens on the crews' page, and its link can be renewed, while the levée is not deleted: archived
 * the day after, its crew may still be sending what waited on the phone.
 */
export const peutOuvrirTourneeEquipe = (l: { statut: string }) => l.statut === 'ACTIF' || l.statut === 'ARCHIVE';

/** The crews' page's own words (docs/regles.md « Tournée des équipes »). */
export const EQUIPE_PAGE = {
  titre: 'Tournée',
  chargement: 'Chargement de la tournée…',
  progression: (faits: number, total: number) => `${faits} / ${total}`,
  progressionLibelle: (faits: number, total: number) => `${faits} arrêt${faits > 1 ? 's' : ''} fait${faits > 1 ? 's' : ''} sur ${total}`,
  enAttente: (n: number) =>
    n === 0 ? 'Tout est envoyé au bureau.' : n === 1 ? '1 envoi attend le réseau.' : `${n} envois attendent le réseau.`,
  envoiEnCours: 'Envoi au bureau…',
  horsLigne: (quand: string) => `Hors ligne : la tournée telle qu’enregistrée à ${quand}. Les résultats partiront au retour du réseau.`,
  aucunArret: 'Aucun débarras sur cette levée.',
  arret: (ordre: number | null, numero: string) => (ordre === null ? `Sans ordre — n° ${numero}` : `${ordre}. n° ${numero}`),
  sansCoordonnees: 'Sans coordonnées : adresse hors du registre.',
  objets: 'Objets',
  remarques: 'Remarques',
  appeler: (telephone: string) => `Appeler ${telephone}`,
  itineraire: 'Itinéraire',
  choisir: 'Que trouvez-vous ?',
  resultat: (libelle: string, heure: string) => `${libelle} à ${heure}`,
  nonEnvoye: 'pas encore envoyé',
  corriger: 'Corriger',
  correctionFermee: `Plus corrigeable ici après ${CORRECTION_EQUIPE_MINUTES} minutes : appelez le bureau.`,
  annuler: 'Annuler',
  enregistrer: 'Enregistrer',
  remarque: 'Remarque (facultative)',
  ajouterRemarque: 'Remarque',
  photo: 'Photo',
  photoAjoutee: 'Photo jointe',
  photoEnPreparation: 'Réduction de la photo…',
  photoIllisible: 'Cette image ne se lit pas : reprenez la photo.',
  objetsRestes: 'Objets restés sur place (quantité)',
  partielSansObjet: 'Indiquez au moins un objet resté sur place.',
  refuse: (message: string) => `Refusé par le serveur : ${message}`,
  conflit: 'Un autre résultat était déjà enregistré pour cet arrêt : le bureau vérifiera.',
  lienManquant: EQUIPE_MESSAGES.lienManquant,
  lienInvalide: EQUIPE_MESSAGES.lienInvalide,
  erreurReseau: 'Le serveur ne répond pas : la tournée s’affichera dès le retour du réseau.',
} as const;

/** What the back-office shows of the crews' round (docs/regles.md « Tournée des équipes »). */
export const EQUIPE_LIBELLES = {
  section: 'Équipe',
  progression: (faits: number, total: number) => `${faits} / ${total} arrêt${total > 1 ? 's' : ''} avec un résultat`,
  /** Under today's date in the levée list. */
  progressionCourte: (faits: number, total: number) => `Tournée : ${faits} / ${total}`,
  confirmationArchivageSansResultat: (n: number) =>
    n === 1 ? '1 arrêt n’a pas de résultat de l’équipe.' : `${n} arrêts n’ont pas de résultat de l’équipe.`,
  resultat: (libelle: string, heure: string) => `${libelle} à ${heure}`,
  par: (qui: string) => `par ${qui}`,
  voirPhoto: 'Voir la photo',
  conflits: (n: number) => (n === 1 ? '1 résultat en conflit' : `${n} résultats en conflit`),
  conflit: (libelle: string, heure: string, qui: string) => `Aussi reçu : ${libelle} à ${heure}, ${qui}`,
  objetsRestes: 'Restés sur place',
  nouveauLien: 'Nouveau lien équipe',
  confirmationNouveauLien:
    'Les liens équipe de cette levée, imprimés sur les feuilles de route ou donnés avant, ne fonctionneront plus. Donner un nouveau lien ?',
  lienDonne: 'Nouveau lien équipe : les précédents ne fonctionnent plus.',
  lienValable: (du: string, au: string) =>
    `Valable du ${du} au ${au}. Il n’est montré qu’ici et maintenant : copiez-le ou imprimez à nouveau les feuilles.`,
  copier: 'Copier le lien',
  copie: 'Lien copié.',
  ouvrirTournee: 'Ouvrir la tournée équipe',
} as const;
