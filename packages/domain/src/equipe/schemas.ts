import { z } from 'zod';
import { ENTIER_BASE_MAX } from '../debarras/champs.js';
import { EQUIPE_MESSAGES, RESULTATS, RESULTATS_PAR_ENVOI_MAX, REMARQUE_RESULTAT_MAX, STATUTS_ENVOI } from './textes.js';
import { resultatArretSchema } from './resultat.js';

/** The crews' calls' bodies and answers (docs/api.md « Tournée des équipes »). */

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

/** A result kept as a conflict: another one stood for the stop when it arrived. */
export const conflitResultatSchema = z.object({
  idClient: z.string(),
  code: z.enum(RESULTATS),
  remarque: z.string().nullable(),
  horodatage: z.string(),
  par: z.string(),
});

/** `GET /levee/{id}/resultats`: a débarras's standing result on the levée, who recorded it, and the conflicts kept. */
export const resultatDebarrasSchema = resultatArretSchema.extend({
  idDebarras: z.number().int(),
  par: z.string(),
  recuLe: z.string(),
  conflits: z.array(conflitResultatSchema),
});
export type ResultatDebarras = z.infer<typeof resultatDebarrasSchema>;
