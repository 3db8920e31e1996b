import { z } from 'zod';
import { ENTIER_BASE_MAX } from './debarras/champs.js';

/**
 * The crews' round on a phone and what happened at each stop (docs/regles.md « Tournée des équipes »): a link per
 * levée, no account; one result per stop, chosen from a short list, with a remark and a photo.
 */

/** What a crew found at a stop, from the phone (or from staff afterwards). */
export const RESULTATS = ['LEVE', 'PARTIEL', 'ABSENT', 'INACCESSIBLE', 'REFUSE'] as const;
export type CodeResultat = (typeof RESULTATS)[number];
export const RESULTAT_LIBELLES: Record<CodeResultat, string> = {
  LEVE: 'Levé',
  PARTIEL: 'Partiellement levé',
  ABSENT: 'Rien à lever',
  INACCESSIBLE: 'Accès impossible',
  REFUSE: 'Refusé, non conforme',
};
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
/** Hours after the levée day starts (00:00, Geneva) until its crews' link expires: `tournee.lien.heures`. */
export const LIEN_EQUIPE_HEURES_DEFAUT = 36;
/** Results in one sending at most: a whole round, with room for corrections. */
export const RESULTATS_PAR_ENVOI_MAX = 200;
export const REMARQUE_RESULTAT_MAX = 500;

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
  correctionTardive: `Un résultat ne se corrige depuis le téléphone que pendant ${CORRECTION_EQUIPE_MINUTES} minutes ; appelez le bureau.`,
  debarrasInactif: 'Ce débarras a été supprimé ou déplacé : le résultat n’est pas enregistré.',
  photoManquante: 'Aucune photo dans l’envoi (champ « photo »).',
  photoTropGrande: `La photo dépasse ${PHOTO_OCTETS_MAX / 1024} Ko : elle doit être réduite avant l’envoi.`,
  photoType: 'La photo doit être une image JPEG, PNG ou WebP.',
  photoChamps: 'L’envoi d’une photo demande les champs « idClient » et « idDebarras », puis le fichier « photo ».',
  photoSansResultat: 'La photo se rapporte à un résultat que le serveur n’a pas reçu.',
  photoIntrouvable: 'Aucune photo pour ce résultat.',
} as const;

const idDebarras = z.number({ error: EQUIPE_MESSAGES.autreLevee }).int().positive().max(ENTIER_BASE_MAX);
const idClient = z.uuid({ error: EQUIPE_MESSAGES.idClientInvalide });

/** A result as the phone sends it: `remplace` names the result it corrects. */
export const resultatEquipeSaisieSchema = z.object({
  idClient,
  idDebarras,
  resultat: z.enum(RESULTATS, { error: EQUIPE_MESSAGES.resultatInvalide }),
  remarque: z.string().trim().max(REMARQUE_RESULTAT_MAX, EQUIPE_MESSAGES.remarqueTropLongue).optional(),
  objetsRestants: z
    .array(z.object({ idObjet: z.number().int().positive().max(ENTIER_BASE_MAX), quantite: z.number().int().positive().max(999) }))
    .max(50)
    .optional(),
  remplace: idClient.optional(),
  horodatage: z.iso.datetime({ offset: true, error: EQUIPE_MESSAGES.horodatageInvalide }),
});
export type ResultatEquipeSaisie = z.infer<typeof resultatEquipeSaisieSchema>;

/** `POST tournee/api/resultats`: the results waiting on the phone, in the order they were recorded. */
export const envoiResultatsSchema = z
  .array(resultatEquipeSaisieSchema)
  .min(1, EQUIPE_MESSAGES.envoiVide)
  .max(RESULTATS_PAR_ENVOI_MAX, EQUIPE_MESSAGES.envoiTropLong);

/**
 * What became of each result sent: recorded, already recorded (sent twice), kept as a conflict (another result for
 * the stop stands), or refused with a code and a message (nothing recorded; sending it again changes nothing).
 */
export const STATUTS_ENVOI = ['enregistre', 'deja_enregistre', 'conflit', 'refuse'] as const;
export type StatutEnvoi = (typeof STATUTS_ENVOI)[number];
export const statutResultatSchema = z.object({
  idClient: z.string(),
  statut: z.enum(STATUTS_ENVOI),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type StatutResultat = z.infer<typeof statutResultatSchema>;
export const reponseResultatsSchema = z.array(statutResultatSchema);

/** `POST tournee/api/photos`: the photo of a result already sent. */
export const champsPhotoSchema = z.object({ idClient, idDebarras: z.coerce.number().int().positive().max(ENTIER_BASE_MAX) });
export const reponsePhotoSchema = z.object({ idClient: z.string(), statut: z.enum(['enregistre', 'deja_enregistre']) });

/** A stop's standing result, as the phone and the office read it. */
export const resultatArretSchema = z.object({
  idClient: z.string(),
  code: z.enum(RESULTATS),
  remarque: z.string().nullable(),
  objetsRestants: z.array(z.object({ idObjet: z.number().int(), quantite: z.number().int() })).nullable(),
  horodatage: z.string(),
  photo: z.boolean(),
});
export type ResultatArret = z.infer<typeof resultatArretSchema>;

export const arretEquipeSchema = z.object({
  /** The stop's place in the round; null for a débarras without coordinates, at the end. */
  ordre: z.number().int().nullable(),
  idDebarras: z.number().int(),
  numero: z.string(),
  adresse: z.string(),
  precisions: z.string().nullable(),
  /** « Point de dépôt : … » or « Travaux : … », from the address's exception. */
  pointDepot: z.string().nullable(),
  travaux: z.string().nullable(),
  objets: z.array(
    z.object({ idObjet: z.number().int(), libelle: z.string(), quantite: z.number().int(), remarque: z.string().nullable() }),
  ),
  remarques: z.array(z.string()),
  alertes: z.array(z.string()),
  /** The requester's phone only: nothing else of the requester reaches the crew. */
  telephone: z.string().nullable(),
  /** `geo:` URI of the stop (its depot point if any), for the phone's navigation app. */
  navigation: z.string().nullable(),
  resultat: resultatArretSchema.nullable(),
});
export type ArretEquipe = z.infer<typeof arretEquipeSchema>;

/** `GET tournee/api/tournee`. */
export const tourneeEquipeSchema = z.object({
  levee: z.object({ idLevee: z.number().int(), dateLevee: z.string(), secteur: z.string() }),
  /** When the link stops opening the round (ISO instant); null for staff signed in. */
  expireLe: z.string().nullable(),
  arrets: z.array(arretEquipeSchema),
});
export type TourneeEquipe = z.infer<typeof tourneeEquipeSchema>;

/** `POST /levee/{id}/lien-equipe`: the new link, shown once (only its digest is kept). */
export const lienEquipeSchema = z.object({ url: z.string(), valideDu: z.string(), valideAu: z.string() });
export type LienEquipe = z.infer<typeof lienEquipeSchema>;

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
