import { z } from 'zod';
import { ENTIER_BASE_MAX } from '../debarras/champs.js';
import { RESULTATS } from './codes.js';

/*
 * The residents' reports « Mes objets n'ont pas été levés » and their handling by staff (docs/regles.md
 * « Signalements »).
 */

/** How many working days after its levée a booking may still be reported. */
export const SIGNALEMENT_JOURS_OUVRABLES = 3;
export const SIGNALEMENT_TEXTE_MAX = 500;
export const ETATS_SIGNALEMENT = ['OUVERT', 'RESOLU'] as const;
export const RESOLUTIONS_SIGNALEMENT = ['REPLANIFIE', 'CLOS'] as const;

export const SIGNALEMENT_LIBELLES = {
  titre: 'Signalements',
  aide: 'Les habitants qui disent que leurs objets n’ont pas été levés. Replanifiez le débarras, ou répondez et clore : l’habitant reçoit un e-mail dans les deux cas.',
  ouverts: (n: number) => `À traiter (${n})`,
  resolus: 'Traités',
  numero: 'N° débarras',
  dateLevee: 'Levée du',
  adresse: 'Adresse',
  resultat: 'Résultat de l’équipe',
  sansResultat: 'Aucun résultat',
  recuLe: 'Reçu le',
  remarque: 'Précisions de l’habitant',
  traitement: 'Traitement',
  replanifie: (date: string) => `Replanifié au ${date}`,
  clos: 'Clos',
  replanifier: 'Replanifier',
  clore: 'Répondre et clore',
  modaleReplanifier: (numero: string) => `Replanifier le débarras n° ${numero}`,
  modaleClore: (numero: string) => `Répondre et clore le signalement du débarras n° ${numero}`,
  reponse: 'Réponse à l’habitant (envoyée par e-mail)',
  aucun: 'Aucun signalement.',
} as const;

export const SIGNALEMENT_MESSAGES = {
  introuvable: 'Ce signalement n’existe pas.',
  dejaTraite: 'Ce signalement a déjà été traité.',
  reponseObligatoire: 'Écrivez la réponse à l’habitant.',
  reponseTropLongue: `La réponse compte au plus ${SIGNALEMENT_TEXTE_MAX} caractères.`,
  replanifie: (numero: string, date: string) => `Débarras n° ${numero} replanifié au ${date} ; l’habitant est prévenu par e-mail.`,
  clos: (numero: string) => `Signalement du débarras n° ${numero} clos ; l’habitant a reçu la réponse par e-mail.`,
  courrielEchoue: 'L’e-mail à l’habitant n’a pas pu partir : appelez-le, ou réessayez plus tard depuis « Tâches planifiées ».',
} as const;

const idPositif = z.number().int().positive().max(ENTIER_BASE_MAX);

export const signalementSchema = z.object({
  idSignalement: z.number().int(),
  idDebarras: z.number().int(),
  numero: z.string(),
  adresse: z.string(),
  /** The levée the resident reported. */
  dateLevee: z.string(),
  /** What the crew recorded on that levée, if anything. */
  resultat: z.enum(RESULTATS).nullable(),
  recuLe: z.string(),
  remarque: z.string().nullable(),
  etat: z.enum(ETATS_SIGNALEMENT),
  resolution: z.enum(RESOLUTIONS_SIGNALEMENT).nullable(),
  /** The new levée's date when it was replanned. */
  nouvelleDate: z.string().nullable(),
  reponse: z.string().nullable(),
  resoluLe: z.string().nullable(),
  resoluPar: z.string().nullable(),
});
export type Signalement = z.infer<typeof signalementSchema>;

/** `GET /signalement?etat=`: open ones oldest first; handled ones newest first, the last 200. */
export const listeSignalementsSchema = z.object({ etat: z.enum(ETATS_SIGNALEMENT).default('OUVERT') });
export const compteSignalementsSchema = z.object({ ouverts: z.number().int() });

/** `POST /signalement/{id}/replanifier`: to the levée chosen, else to its sector's next one with a place. */
export const replanificationSignalementSchema = z.object({ idLevee: idPositif.optional() });
/** `POST /signalement/{id}/clore`: the answer the resident receives. */
export const clotureSignalementSchema = z.object({
  reponse: z
    .string({ error: SIGNALEMENT_MESSAGES.reponseObligatoire })
    .trim()
    .min(1, SIGNALEMENT_MESSAGES.reponseObligatoire)
    .max(SIGNALEMENT_TEXTE_MAX, SIGNALEMENT_MESSAGES.reponseTropLongue),
});
/** What a handling answers: the report as it now stands, and whether the resident's e-mail went. */
export const traitementSignalementSchema = z.object({ signalement: signalementSchema, courriel: z.enum(['envoye', 'echec']) });
export type TraitementSignalement = z.infer<typeof traitementSignalementSchema>;
