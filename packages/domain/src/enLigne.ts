import { z } from 'zod';
import { ajouterJours, aujourdhui, dateHeureGeneve, formatJour, minutesDuJour } from './dates.js';
import { idPositif } from './debarras/champs.js';
import { LIGNES_OBJETS_MAX, QUANTITE_OBJET } from './debarras/messages.js';
import type { StatutDebarras } from './debarras/statuts.js';
import { coordonneesEnLigneSchema } from './enLigne/coordonnees.js';
import { EN_LIGNE_DEFAUTS } from './enLigne/defauts.js';
import { LANGUES_EN_LIGNE } from './enLigne/textes.js';
import { MOTIFS_NON_LEVE } from './equipe/codes.js';
import { normaliserTelephone } from './telephone.js';

/*
 * The residents' online booking (docs/regles.md « Réservation en ligne »): its rules and its schemas here, every text
 * of its pages and e-mails in French and English in enLigne/textes.ts. Schema messages are keys of `TEXTES_EN_LIGNE`:
 * the server answers them in the resident's language, and the pages show them the same way.
 */
export * from './enLigne/textes.js';
export * from './enLigne/coordonnees.js';
export * from './enLigne/defauts.js';

/** The user name the online bookings are written and validated under (journal, audit columns). */
export const UTILISATEUR_INTERNET = 'internet';

/** The outcome lines of the online booking's jobs, in the messages. */
export const EN_LIGNE_TACHE_MESSAGES = {
  liberees: (n: number, minutes: number) =>
    n === 0
      ? `Aucune réservation en ligne en attente depuis plus de ${minutes} minutes.`
      : `${n} réservation${n > 1 ? 's' : ''} en ligne non validée${n > 1 ? 's' : ''} en ${minutes} minutes : place${n > 1 ? 's' : ''} libérée${n > 1 ? 's' : ''}.`,
  rappels: (jour: string, envoyes: number, refuses: number) =>
    `Rappels des levées du ${formatJour(jour)} : ${envoyes} envoyé${envoyes > 1 ? 's' : ''}` +
    (refuses ? `, ${refuses} refusé${refuses > 1 ? 's' : ''} par le serveur de courriel.` : '.'),
} as const;

/**
 * The first collection date the online booking offers at `maintenant`: the day after tomorrow, or the day
 * after that once `heureLimite` has passed in Geneva. A booking can be changed or cancelled online while its
 * date is still one the booking would offer.
 */
export function premiereDateEnLigne(maintenant: Date, heureLimite: string): string {
  const { heure, minute } = dateHeureGeneve(maintenant);
  const limite = minutesDuJour(heureLimite) ?? minutesDuJour(EN_LIGNE_DEFAUTS.heureLimite)!;
  return ajouterJours(aujourdhui(maintenant), heure * 60 + minute >= limite ? 3 : 2);
}

/**
 * Whether the resident may still change or cancel a booking online: not cancelled nor released, and its date one
 * the booking would still offer (`premiereDate`, from `premiereDateEnLigne`).
 */
export const modifiableEnLigne = (statut: StatutDebarras, dateLevee: string, premiereDate: string) =>
  (statut === 'ACTIF' || statut === 'EN_ATTENTE_VALIDATION') && dateLevee >= premiereDate;

/** The resident's language, French unless asked otherwise. */
export const langueEnLigne = z.enum(LANGUES_EN_LIGNE).default('fr');

/** A booking session's id: made by the page when the resident starts, sent with each step. */
export const sessionEnLigne = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'sessionInvalide');

export const rechercheAdresseEnLigneSchema = z.object({
  q: z.string().trim().min(3, 'rechercheTropCourte').max(100, 'rechercheTropLongue'),
  lang: langueEnLigne,
});

/** An address the search offers, with whether it can be booked online and, if not, why. */
export const adresseEnLigneSchema = z.object({
  idpAdr: z.string(),
  adresse: z.string(),
  reservable: z.boolean(),
  /** Why it cannot be booked online: a key of the texts. */
  motif: z.enum(['sansSecteur']).nullable(),
});
export type AdresseEnLigne = z.infer<typeof adresseEnLigneSchema>;

/**
 * An object of the catalogue as the pages show it: its label and link in French, and in English when given. Both
 * languages travel together, so that switching language on a page keeps the resident's choices without a new call.
 */
export const objetEnLigneSchema = z.object({
  idObjet: z.number().int(),
  libelle: z.string(),
  image: z.string().nullable(),
  type: z.enum(['Objet', 'Interdit']),
  lien: z.string().nullable(),
  libelleEn: z.string().nullable(),
  lienEn: z.string().nullable(),
});
export type ObjetEnLigne = z.infer<typeof objetEnLigneSchema>;

export const datesEnLigneSchema = z.object({
  idpAdr: z.string().trim().min(1).max(30),
  lang: langueEnLigne,
});

/** A levée that still has room: only its id and date leave the server. */
export const dateEnLigneSchema = z.object({ idLevee: z.number().int(), date: z.string() });
export type DateEnLigne = z.infer<typeof dateEnLigneSchema>;

const ligneObjetEnLigne = z.object({
  idObjet: idPositif,
  quantite: z.number().int('quantite').min(1, 'quantite').max(QUANTITE_OBJET.max, 'quantite'),
});

const lignesEnLigne = z
  .array(ligneObjetEnLigne)
  .min(1, 'objetObligatoire')
  .max(LIGNES_OBJETS_MAX, 'objetsTropNombreux')
  .refine((lignes) => new Set(lignes.map((l) => l.idObjet)).size === lignes.length, 'objetEnDouble');

/** The date and objects of a booking: what the resident may change afterwards. */
const choixEnLigneSchema = z.object({
  idLevee: idPositif,
  objets: lignesEnLigne,
});
export type ChoixEnLigne = z.output<typeof choixEnLigneSchema>;

/** `PUT …/reservations/{jeton}`: a new date or new objects, from the booking's page. */
export const modificationEnLigneSchema = choixEnLigneSchema.extend({
  session: sessionEnLigne,
  langue: langueEnLigne,
});

/** `POST …/reservations/{jeton}/signalement`: « Mes objets n'ont pas été levés », with the resident's words if any. */
export const signalementEnLigneSchema = z.object({
  langue: langueEnLigne,
  remarque: z.string().trim().max(500, 'tropLong').optional(),
});

/** `DELETE …/reservations/{jeton}`: the page's session and language. */
export const annulationEnLigneSchema = z.object({ session: sessionEnLigne, lang: langueEnLigne });

/** `POST …/reservations`: the whole booking, confirmed. */
export const saisieReservationEnLigneSchema = choixEnLigneSchema.extend({
  session: sessionEnLigne,
  langue: langueEnLigne,
  idpAdr: z.string().trim().min(1, 'adresseObligatoire').max(30, 'adresseObligatoire'),
  ...coordonneesEnLigneSchema.shape,
  // stored as staff's screens and the route sheets write every number (docs/regles.md « Téléphone valide »)
  telephone: coordonneesEnLigneSchema.shape.telephone.transform((t, ctx) => {
    if (t === null) return null;
    const normalise = normaliserTelephone(t);
    if (normalise !== undefined) return normalise;
    ctx.issues.push({ code: 'custom', message: 'telephoneInvalide', input: t });
    return z.NEVER;
  }),
});
export type SaisieReservationEnLigne = z.output<typeof saisieReservationEnLigneSchema>;

/** `POST …/sessions/{session}/date`: the resident chose a date (the reservations log's first stage). */
export const etapeDateEnLigneSchema = z.object({
  type: z.enum(['creation', 'modification']),
  langue: langueEnLigne,
});

/** The resident's own booking, as its link shows it. */
export const reservationEnLigneSchema = z.object({
  numero: z.string(),
  idpAdr: z.string(),
  adresse: z.string(),
  date: z.string(),
  idLevee: z.number().int(),
  objets: z.array(z.object({ idObjet: z.number().int(), quantite: z.number().int() })),
  nom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  remarque: z.string().nullable(),
  etat: z.enum(['enAttente', 'validee', 'annulee', 'passee']),
  /** Whether the date and objects may still be changed, or the booking cancelled. */
  modifiable: z.boolean(),
  langue: z.enum(LANGUES_EN_LIGNE),
  /**
   * What the crew found (docs/regles.md « Signalements »): `levee` on `le` (the booking's levée), `nonLevee` on `le`
   * with its reason (on the booking's levée, or an earlier one it was moved from: `date` is then the new one), or
   * nothing known yet.
   */
  suivi: z.object({ etat: z.enum(['aucun', 'levee', 'nonLevee']), le: z.string().nullable(), motif: z.enum(MOTIFS_NON_LEVE).nullable() }),
  /** The resident's report « Mes objets n'ont pas été levés »: made (open or handled), or possible until a day. */
  signalement: z.object({ etat: z.enum(['aucun', 'ouvert', 'traite']), possibleJusquAu: z.string().nullable() }),
});
export type ReservationEnLigne = z.infer<typeof reservationEnLigneSchema>;

/** What the pages show of the service itself: whom to call, how long a link waits, the set-out rules. */
export const serviceEnLigneSchema = z.object({
  telephone: z.string(),
  minutesValidation: z.number().int(),
  /** The set-out rules (`enligne.consignes.fr|en`) in the asked language. */
  consignes: z.string(),
});
export type ServiceEnLigne = z.infer<typeof serviceEnLigneSchema>;

/** A booking's link: an unguessable token, never the débarras' id. */
export const jetonEnLigne = z.object({ jeton: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'lienInvalide') });
