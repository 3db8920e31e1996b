import { z } from 'zod';
import { ENTIER_BASE_MAX } from '../debarras/champs.js';
import { MOTIFS_NON_LEVE } from './codes.js';

/*
 * « À replanifier » (docs/regles.md « À replanifier »): the débarras the crews left on the pavement, and the move of a
 * selection of them to a later levée.
 */

/** How many débarras one replanning moves at most; the list shows at most as many rows. */
export const REPLANIFICATION_MAX = 200;
export const A_REPLANIFIER_LISTE_MAX = 500;

export const REPLANIFICATION_LIBELLES = {
  titre: 'À replanifier',
  aide: 'Les débarras que l’équipe n’a pas levés, et ceux dont la levée est passée sans résultat. Choisissez-les, puis « Replanifier ».',
  numero: 'N° débarras',
  dateLevee: 'Levée du',
  secteur: 'Secteur',
  adresse: 'Adresse',
  motif: 'Motif',
  remarque: 'Remarque de l’équipe',
  email: 'E-mail',
  sansResultat: 'Aucun résultat',
  replanifier: (n: number) => (n ? `Replanifier (${n})` : 'Replanifier'),
  modale: 'Replanifier la sélection',
  destination: 'Vers',
  prochaine: 'La prochaine levée de son secteur qui a de la place',
  choisie: 'Une levée choisie',
  levee: 'Levée',
  courriel: 'Prévenir le demandeur par e-mail (quand il a une adresse)',
  aucun: 'Rien à replanifier.',
  tronquee: (n: number) => `Les ${n} premiers sont montrés ; replanifiez-les pour voir les suivants.`,
  selectionnerTout: 'Tout sélectionner',
  vues: 'Montrer',
  tous: (n: number) => `Tous (${n})`,
  nonLeves: (n: number) => `Non levés par l’équipe (${n})`,
  sansResultats: (n: number) => `Levée passée sans résultat (${n})`,
} as const;

export const REPLANIFICATION_MESSAGES = {
  selectionVide: 'Choisissez au moins un débarras à replanifier.',
  selectionTropLongue: `Au plus ${REPLANIFICATION_MAX} débarras à la fois.`,
  pasAReplanifier: (numero: string) => `Le débarras n° ${numero} n’est pas à replanifier.`,
  sansSecteur: (numero: string) => `Le débarras n° ${numero} n’a pas de secteur : choisissez sa levée.`,
  leveePassee: 'La levée choisie est passée ou a lieu aujourd’hui : choisissez une levée à partir de demain.',
  aucunePlace: (numero: string) => `Aucune levée à venir de son secteur n’a de place pour le débarras n° ${numero}.`,
  pasDePlace: (places: number) =>
    places === 0 ? 'La levée choisie n’a plus de place.' : `La levée choisie n’a de place que pour ${places} débarras.`,
  deplaces: (n: number) => (n === 1 ? '1 débarras replanifié.' : `${n} débarras replanifiés.`),
  courriels: (n: number) => (n === 1 ? '1 e-mail envoyé.' : `${n} e-mails envoyés.`),
  courrielsEchoues: (n: number) => (n === 1 ? '1 e-mail n’a pas pu partir.' : `${n} e-mails n’ont pas pu partir.`),
} as const;

const idPositif = z.number().int().positive().max(ENTIER_BASE_MAX);

/** `POST /replanification`: the débarras, and the levée chosen for all of them (else each to its sector's next with room). */
export const replanificationSchema = z.object({
  idDebarras: z
    .array(idPositif, { error: REPLANIFICATION_MESSAGES.selectionVide })
    .min(1, REPLANIFICATION_MESSAGES.selectionVide)
    .max(REPLANIFICATION_MAX, REPLANIFICATION_MESSAGES.selectionTropLongue),
  idLevee: idPositif.optional(),
  courriel: z.boolean().default(false),
});
export type Replanification = z.input<typeof replanificationSchema>;

/** A row of « À replanifier ». */
export const aReplanifierSchema = z.object({
  idDebarras: z.number().int(),
  numero: z.string(),
  idLevee: z.number().int(),
  dateLevee: z.string(),
  secteur: z.string(),
  adresse: z.string(),
  motif: z.enum(MOTIFS_NON_LEVE),
  remarque: z.string().nullable(),
  email: z.boolean(),
});
export type AReplanifier = z.infer<typeof aReplanifierSchema>;

export const listeAReplanifierSchema = z.object({ lignes: z.array(aReplanifierSchema), total: z.number().int() });
export type ListeAReplanifier = z.infer<typeof listeAReplanifierSchema>;

export const STATUTS_COURRIEL_REPLANIFICATION = ['envoye', 'echec', 'sans_adresse', 'non_demande'] as const;

export const reponseReplanificationSchema = z.object({
  deplaces: z.array(
    z.object({
      idDebarras: z.number().int(),
      numero: z.string(),
      idLevee: z.number().int(),
      dateLevee: z.string(),
      courriel: z.enum(STATUTS_COURRIEL_REPLANIFICATION),
    }),
  ),
  nonDeplaces: z.array(z.object({ idDebarras: z.number().int(), numero: z.string(), message: z.string() })),
});
export type ReponseReplanification = z.infer<typeof reponseReplanificationSchema>;
