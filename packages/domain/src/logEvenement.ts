import { z } from 'zod';
import { filtreChoix, filtreDate, filtreTexte, schemaListe, type Tri } from './liste.js';

/** What the server's own work writes: 1 OK, 2 KO. */
export const TYPE_EVENEMENT = { OK: 1, KO: 2 } as const;
export type TypeEvenement = (typeof TYPE_EVENEMENT)[keyof typeof TYPE_EVENEMENT];
export const libelleTypeEvenement = (type: number) => (type === TYPE_EVENEMENT.KO ? 'KO' : 'OK');
export const TYPES_EVENEMENT = [
  { valeur: String(TYPE_EVENEMENT.OK), libelle: 'OK' },
  { valeur: String(TYPE_EVENEMENT.KO), libelle: 'KO' },
] as const;

/** The domains the server writes to. */
export const DOMAINES_EVENEMENT = {
  demarrage: 'DEMARRAGE',
  donneesDemo: 'DONNEES_DEMO',
  import: 'IMPORT',
  planification: 'PLANIFICATION',
  envoi: 'ENVOI',
  recurrence: 'RECURRENCE',
  anonymisation: 'ANONYMISATION',
  sauvegarde: 'SAUVEGARDE',
  enLigne: 'EN_LIGNE',
  /** Every e-mail not sent, whoever sent it (docs/exploitation.md « Courriels »). */
  courriels: 'COURRIELS',
  /** The crews' links and results, conflicts, replannings and residents' reports (docs/regles.md « Tournée des équipes »). */
  tournee: 'TOURNEE',
} as const;

export const LOG_EVENEMENT_LIBELLES = {
  titre: 'Messages',
  domaine: 'Domaine',
  date: 'Date',
  type: 'Type',
  texte: 'Description',
} as const;

export const logEvenementSchema = z.object({
  idLogEvenement: z.number().int(),
  domaine: z.string(),
  date: z.string(),
  type: z.number().int(),
  texte: z.string(),
});
export type LogEvenement = z.infer<typeof logEvenementSchema>;

export const LOG_EVENEMENT_CHAMPS_TRIABLES = ['domaine', 'date', 'type', 'texte'] as const;
export const logEvenementListeSchema = schemaListe(LOG_EVENEMENT_CHAMPS_TRIABLES, {
  domaine: filtreTexte,
  dateFrom: filtreDate,
  dateTo: filtreDate,
  type: filtreChoix(['1', '2'], 'de type'),
  texte: filtreTexte,
});
export const LOG_EVENEMENT_TRI_DEFAUT: Tri<(typeof LOG_EVENEMENT_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'date', sens: 'desc' }];
