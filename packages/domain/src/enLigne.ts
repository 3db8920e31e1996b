import { z } from 'zod';
import { ajouterJours, aujourdhui, dateHeureGeneve, isoDate } from './dates.js';
import { idPositif } from './debarras/champs.js';
import { QUANTITE_OBJET } from './debarras/messages.js';
import { LIGNES_OBJETS_MAX } from './debarras/saisie.js';
import { normaliserTelephone } from './telephone.js';

/**
 * The residents' online booking (docs/regles.md « Réservation en ligne »): its rules, its schemas and
 * every text of its pages and e-mails, in French and English. Schema messages are keys of `TEXTES_EN_LIGNE`:
 * the server answers them in the resident's language, and the pages show them the same way.
 */
export const LANGUES_EN_LIGNE = ['fr', 'en'] as const;
export type LangueEnLigne = (typeof LANGUES_EN_LIGNE)[number];
export const estLangueEnLigne = (v: unknown): v is LangueEnLigne => v === 'fr' || v === 'en';

/** The user name the online bookings are written and validated under (journal, audit columns). */
export const UTILISATEUR_INTERNET = 'internet';

/** Defaults of the parameters the online booking reads (docs/regles.md « Réservation en ligne »). */
export const EN_LIGNE_DEFAUTS = {
  /** After this hour (Geneva), the day after tomorrow is no longer offered: its sheets are being prepared. */
  heureLimite: '12:00',
  /** Minutes a booking waits for its e-mail validation before its place is released. */
  validationMinutes: 120,
  /** Levées offered at most on the date step. */
  datesMax: 8,
  /** Evening hour (Geneva) from which the reminders of tomorrow's collections go. */
  rappelHeure: '18:00',
} as const;

/** The outcome lines of the online booking's jobs, in the messages. */
export const EN_LIGNE_TACHE_MESSAGES = {
  liberees: (n: number, minutes: number) =>
    n === 0
      ? `Aucune réservation en ligne en attente depuis plus de ${minutes} minutes.`
      : `${n} réservation${n > 1 ? 's' : ''} en ligne non validée${n > 1 ? 's' : ''} en ${minutes} minutes : place${n > 1 ? 's' : ''} libérée${n > 1 ? 's' : ''}.`,
  rappels: (jour: string, envoyes: number, refuses: number) =>
    `Rappels des levées du ${jour.split('-').reverse().join('.')} : ${envoyes} envoyé${envoyes > 1 ? 's' : ''}` +
    (refuses ? `, ${refuses} refusé${refuses > 1 ? 's' : ''} par le serveur de courriel.` : '.'),
} as const;

/** Confirmations one e-mail address may send in an hour: beyond, a mailbox is being flooded. */
export const EN_LIGNE_CONFIRMATIONS_PAR_EMAIL_HEURE = 5;

const heureMinutes = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};

/**
 * The first collection date the online booking offers at `maintenant`: the day after tomorrow, or the day
 * after that once `heureLimite` has passed in Geneva. A booking can be changed or cancelled online while its
 * date is still one the booking would offer.
 */
export function premiereDateEnLigne(maintenant: Date, heureLimite: string): string {
  const { heure, minute } = dateHeureGeneve(maintenant);
  const limite = heureMinutes(heureLimite) ?? heureMinutes(EN_LIGNE_DEFAUTS.heureLimite)!;
  return ajouterJours(aujourdhui(maintenant), heure * 60 + minute >= limite ? 3 : 2);
}

export const modifiableEnLigne = (dateLevee: string, maintenant: Date, heureLimite: string) =>
  dateLevee >= premiereDateEnLigne(maintenant, heureLimite);

const texte = (max: number, trop: CleTexte) => z.string().trim().max(max, trop);
const optionnel = (max: number, trop: CleTexte) =>
  texte(max, trop)
    .optional()
    .transform((v) => v || null);

/** A booking session's id: made by the page when the resident starts, sent with each step. */
export const sessionEnLigne = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'sessionInvalide');

export const rechercheAdresseEnLigneSchema = z.object({
  q: z.string().trim().min(3, 'rechercheTropCourte').max(100, 'rechercheTropLongue'),
  lang: z.enum(LANGUES_EN_LIGNE).default('fr'),
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

export const objetEnLigneSchema = z.object({
  idObjet: z.number().int(),
  libelle: z.string(),
  image: z.string().nullable(),
  type: z.enum(['Objet', 'Interdit']),
  lien: z.string().nullable(),
});
export type ObjetEnLigne = z.infer<typeof objetEnLigneSchema>;

export const datesEnLigneSchema = z.object({
  idpAdr: z.string().trim().min(1).max(30),
  lang: z.enum(LANGUES_EN_LIGNE).default('fr'),
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
export const choixEnLigneSchema = z.object({
  idLevee: idPositif,
  objets: lignesEnLigne,
});
export type ChoixEnLigne = z.output<typeof choixEnLigneSchema>;

/** `PUT …/reservations/{jeton}`: a new date or new objects, from the booking's page. */
export const modificationEnLigneSchema = choixEnLigneSchema.extend({
  session: sessionEnLigne,
  langue: z.enum(LANGUES_EN_LIGNE).default('fr'),
});

/** `DELETE …/reservations/{jeton}`: the page's session and language. */
export const annulationEnLigneSchema = z.object({ session: sessionEnLigne, lang: z.enum(LANGUES_EN_LIGNE).default('fr') });

/** `POST …/reservation`: the whole booking, confirmed. `site` is the field robots fill and people do not see. */
export const saisieReservationEnLigneSchema = choixEnLigneSchema.extend({
  session: sessionEnLigne,
  langue: z.enum(LANGUES_EN_LIGNE).default('fr'),
  idpAdr: z.string().trim().min(1, 'adresseObligatoire').max(30, 'adresseObligatoire'),
  nom: texte(255, 'tropLong').min(1, 'nomObligatoire'),
  email: texte(255, 'tropLong').pipe(z.email('emailInvalide')),
  telephone: optionnel(50, 'tropLong').refine((t) => t === null || normaliserTelephone(t) !== undefined, 'telephoneInvalide'),
  remarque: optionnel(1000, 'tropLong'),
  consentement: z.literal(true, 'consentementObligatoire'),
  site: z.string().max(200).optional(),
});
export type SaisieReservationEnLigne = z.output<typeof saisieReservationEnLigneSchema>;

/** `POST …/session/{session}/date`: the resident chose a date (the reservations log's first stage). */
export const etapeDateEnLigneSchema = z.object({
  type: z.enum(['creation', 'modification']),
  langue: z.enum(LANGUES_EN_LIGNE).default('fr'),
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

export const isoDateEnLigne = isoDate('dateInvalide');

type Textes = typeof TEXTES_FR;
export type CleTexte = keyof Textes;

const TEXTES_FR = {
  titre: 'Levée des objets encombrants',
  sousTitre: 'Réservez gratuitement une levée de vos objets encombrants.',
  langueAutre: 'English',
  etapeAdresse: 'Adresse',
  etapeObjets: 'Objets',
  etapeDate: 'Date',
  etapeContact: 'Coordonnées',
  etapeResume: 'Résumé',
  etapeSur: (n: number, total: number) => `Étape ${n} sur ${total}`,
  rechercherAdresse: 'Votre adresse (rue et numéro)',
  aucuneAdresse: 'Aucune adresse trouvée dans la commune.',
  sansSecteur: (telephone: string) => `Cette adresse n’est pas desservie par la réservation en ligne. Appelez le service au ${telephone}.`,
  objetsAutorises: 'Objets acceptés',
  objetsInterdits: 'Objets refusés',
  voirPourquoi: 'Que faire de cet objet ?',
  quantitePour: (libelle: string) => `Quantité : ${libelle}`,
  datesDisponibles: 'Dates disponibles',
  aucuneDate: (telephone: string) => `Aucune levée n’a de place pour le moment. Appelez le service au ${telephone}.`,
  nom: 'Nom et prénom',
  email: 'E-mail',
  telephone: 'Téléphone (facultatif)',
  remarque: 'Remarque (facultatif)',
  consentement:
    'J’accepte que mes coordonnées soient utilisées pour organiser cette levée ; elles sont effacées après la levée selon la durée de conservation du service.',
  precedent: 'Précédent',
  suivant: 'Suivant',
  confirmer: 'Confirmer la réservation',
  envoiEnCours: 'Envoi en cours…',
  merci: 'Merci ! Un e-mail vient de vous être envoyé : suivez son lien pour valider votre réservation.',
  delaiValidation: (minutes: number) => `Sans validation dans les ${minutes} minutes, la place est libérée.`,
  validee: 'Votre réservation est validée.',
  annulee: 'Votre réservation est annulée.',
  passee: 'La date de cette levée est passée.',
  enAttente: 'Votre réservation attend la validation par le lien de l’e-mail.',
  modifier: 'Modifier',
  annuler: 'Annuler la réservation',
  confirmerAnnulation: 'Annuler vraiment cette réservation ?',
  plusModifiable: 'Cette réservation ne peut plus être modifiée en ligne.',
  enregistrer: 'Enregistrer les changements',
  modificationEnregistree: 'Vos changements sont enregistrés.',
  // refusals and field messages
  complet: 'Cette levée est complète. Choisissez une autre date.',
  lienInvalide: 'Ce lien n’est pas valable.',
  lienExpire: 'Ce lien a expiré : la place a été libérée. Vous pouvez réserver à nouveau.',
  horsDelai: 'Cette réservation ne peut plus être modifiée ni annulée en ligne.',
  tropDeRequetes: 'Trop de demandes. Réessayez dans quelques minutes.',
  adresseNonReservable: 'Cette adresse ne peut pas être réservée en ligne.',
  dateIndisponible: 'Cette date n’est plus proposée. Choisissez une autre date.',
  objetIndisponible: 'Un des objets choisis n’est plus accepté. Revoyez votre choix.',
  sessionInvalide: 'La session de réservation n’est pas valable. Rechargez la page.',
  rechercheTropCourte: 'Tapez au moins 3 caractères.',
  rechercheTropLongue: 'La recherche est trop longue.',
  quantite: `La quantité doit être comprise entre 1 et ${QUANTITE_OBJET.max}.`,
  objetObligatoire: 'Choisissez au moins un objet.',
  objetsTropNombreux: `Au plus ${LIGNES_OBJETS_MAX} objets différents.`,
  objetEnDouble: 'Un objet est choisi deux fois.',
  adresseObligatoire: 'Choisissez votre adresse.',
  nomObligatoire: 'Indiquez votre nom.',
  emailInvalide: 'Indiquez une adresse e-mail valable.',
  telephoneInvalide: 'Ce numéro de téléphone n’est pas valable.',
  consentementObligatoire: 'Votre accord est nécessaire pour réserver.',
  tropLong: 'Ce texte est trop long.',
  dateInvalide: 'Date non valable.',
  saisieInvalide: 'Vérifiez votre saisie.',
  erreurServeur: 'Le service ne répond pas. Réessayez plus tard.',
  // e-mails
  sujetValidation: (numero: string) => `Validez votre réservation de levée n° ${numero}`,
  corpsValidation: (p: { nom: string; date: string; adresse: string; lienValidation: string; lienReservation: string; minutes: number }) =>
    [
      `Bonjour ${p.nom},`,
      '',
      `Vous avez réservé une levée d’objets encombrants le ${p.date} au ${p.adresse}.`,
      `Pour la valider, ouvrez ce lien dans les ${p.minutes} minutes :`,
      p.lienValidation,
      '',
      'Pour voir, modifier ou annuler votre réservation :',
      p.lienReservation,
    ].join('\n'),
  sujetRappel: (date: string) => `Rappel : levée de vos objets encombrants le ${date}`,
  corpsRappel: (p: { nom: string; date: string; adresse: string; consignes: string }) =>
    [`Bonjour ${p.nom},`, '', `La levée de vos objets au ${p.adresse} a lieu le ${p.date}.`, '', p.consignes].join('\n'),
};

const TEXTES_EN: Textes = {
  titre: 'Bulky waste collection',
  sousTitre: 'Book a free collection of your bulky items.',
  langueAutre: 'Français',
  etapeAdresse: 'Address',
  etapeObjets: 'Items',
  etapeDate: 'Date',
  etapeContact: 'Contact details',
  etapeResume: 'Summary',
  etapeSur: (n, total) => `Step ${n} of ${total}`,
  rechercherAdresse: 'Your address (street and number)',
  aucuneAdresse: 'No address found in the municipality.',
  sansSecteur: (telephone) => `Online booking does not serve this address. Please call the service on ${telephone}.`,
  objetsAutorises: 'Accepted items',
  objetsInterdits: 'Refused items',
  voirPourquoi: 'What to do with this item?',
  quantitePour: (libelle) => `Quantity: ${libelle}`,
  datesDisponibles: 'Available dates',
  aucuneDate: (telephone) => `No collection has room at the moment. Please call the service on ${telephone}.`,
  nom: 'Full name',
  email: 'E-mail',
  telephone: 'Phone (optional)',
  remarque: 'Remarks (optional)',
  consentement:
    'I agree that my details are used to organise this collection; they are erased after the collection according to the service’s retention period.',
  precedent: 'Back',
  suivant: 'Next',
  confirmer: 'Confirm the booking',
  envoiEnCours: 'Sending…',
  merci: 'Thank you! We have just sent you an e-mail: follow its link to confirm your booking.',
  delaiValidation: (minutes) => `Without confirmation within ${minutes} minutes, the place is released.`,
  validee: 'Your booking is confirmed.',
  annulee: 'Your booking is cancelled.',
  passee: 'The date of this collection has passed.',
  enAttente: 'Your booking is waiting for confirmation through the link in the e-mail.',
  modifier: 'Change',
  annuler: 'Cancel the booking',
  confirmerAnnulation: 'Really cancel this booking?',
  plusModifiable: 'This booking can no longer be changed online.',
  enregistrer: 'Save the changes',
  modificationEnregistree: 'Your changes are saved.',
  complet: 'This collection is full. Please choose another date.',
  lienInvalide: 'This link is not valid.',
  lienExpire: 'This link has expired: the place was released. You may book again.',
  horsDelai: 'This booking can no longer be changed or cancelled online.',
  tropDeRequetes: 'Too many requests. Please try again in a few minutes.',
  adresseNonReservable: 'This address cannot be booked online.',
  dateIndisponible: 'This date is no longer offered. Please choose another date.',
  objetIndisponible: 'One of the chosen items is no longer accepted. Please review your choice.',
  sessionInvalide: 'The booking session is not valid. Please reload the page.',
  rechercheTropCourte: 'Type at least 3 characters.',
  rechercheTropLongue: 'The search is too long.',
  quantite: `The quantity must be between 1 and ${QUANTITE_OBJET.max}.`,
  objetObligatoire: 'Choose at least one item.',
  objetsTropNombreux: `At most ${LIGNES_OBJETS_MAX} different items.`,
  objetEnDouble: 'An item is chosen twice.',
  adresseObligatoire: 'Choose your address.',
  nomObligatoire: 'Enter your name.',
  emailInvalide: 'Enter a valid e-mail address.',
  telephoneInvalide: 'This phone number is not valid.',
  consentementObligatoire: 'Your consent is needed to book.',
  tropLong: 'This text is too long.',
  dateInvalide: 'Invalid date.',
  saisieInvalide: 'Please check your entry.',
  erreurServeur: 'The service does not answer. Please try again later.',
  sujetValidation: (numero) => `Confirm your collection booking no. ${numero}`,
  corpsValidation: (p) =>
    [
      `Hello ${p.nom},`,
      '',
      `You booked a bulky waste collection on ${p.date} at ${p.adresse}.`,
      `To confirm it, open this link within ${p.minutes} minutes:`,
      p.lienValidation,
      '',
      'To see, change or cancel your booking:',
      p.lienReservation,
    ].join('\n'),
  sujetRappel: (date) => `Reminder: collection of your bulky items on ${date}`,
  corpsRappel: (p) => [`Hello ${p.nom},`, '', `Your items at ${p.adresse} will be collected on ${p.date}.`, '', p.consignes].join('\n'),
};

export const TEXTES_EN_LIGNE: Record<LangueEnLigne, Textes> = { fr: TEXTES_FR, en: TEXTES_EN };

/** A message of a schema or a refusal, in the resident's language: a key of the texts, or the text itself. */
export function texteEnLigne(langue: LangueEnLigne, cleOuTexte: string): string {
  const valeur = (TEXTES_EN_LIGNE[langue] as Record<string, unknown>)[cleOuTexte];
  return typeof valeur === 'string' ? valeur : cleOuTexte;
}

/** A date as the resident reads it: `mercredi 25 novembre 2026` / `Wednesday 25 November 2026` (ICU's comma after the weekday dropped). */
export function dateLisible(dateIso: string, langue: LangueEnLigne): string {
  const [a, m, j] = dateIso.split('-').map(Number);
  return new Intl.DateTimeFormat(langue === 'fr' ? 'fr-CH' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(Date.UTC(a!, m! - 1, j!)))
    .replace(',', '');
}
