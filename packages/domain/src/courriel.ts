import { z } from 'zod';
import { formatJour } from './dates.js';

/**
 * Why an e-mail was not sent, by class (docs/exploitation.md « Courriels »): what the supervisor acts on, without the
 * address or the server's own words (they may quote the address).
 */
export const CAUSES_ECHEC_COURRIEL = {
  destinataireRefuse: 'adresse du destinataire refusée par le serveur de courriel',
  messageRefuse: 'message refusé par le serveur de courriel',
  authentification: 'authentification refusée par le serveur de courriel (identifiants de SMTP_URL)',
  serveurInjoignable: 'serveur de courriel injoignable',
  ecritureImpossible: 'écriture du fichier du message impossible sur le disque',
  inconnue: 'erreur inattendue',
} as const;
export type CauseEchecCourriel = keyof typeof CAUSES_ECHEC_COURRIEL;

/** The e-mails a resident receives about an online booking, by what they tell. */
export const COURRIELS_RESERVATION = {
  confirmation: { nom: 'Lien de validation', envoye: 'envoyé' },
  validee: { nom: 'Confirmation', envoye: 'envoyée' },
  modifiee: { nom: 'Confirmation de modification', envoye: 'envoyée' },
  annulee: { nom: "Confirmation d'annulation", envoye: 'envoyée' },
  rappel: { nom: 'Rappel', envoye: 'envoyé' },
  /** The answer to a resident's report (docs/regles.md « Signalements »). */
  signalement: { nom: 'Réponse au signalement', envoye: 'envoyée' },
  /** Any débarras with an address, booked online or not (docs/regles.md « À replanifier »). */
  replanifiee: { nom: 'Avis de levée non faite', envoye: 'envoyé', de: 'du débarras' },
} as const;
export type NatureCourrielReservation = keyof typeof COURRIELS_RESERVATION;

const de = (nature: NatureCourrielReservation) => {
  const c = COURRIELS_RESERVATION[nature];
  return 'de' in c ? c.de : 'de la réservation en ligne';
};

/** What an e-mail was for: a booking's number or a day's route sheets, never its address. */
export type ObjetCourriel =
  { nature: NatureCourrielReservation; numero: string } | { nature: 'feuilles'; jour: string; destinataire: string; nouvelEssai: boolean };

const sujet = (o: ObjetCourriel) =>
  o.nature === 'feuilles'
    ? `Feuilles de route du ${formatJour(o.jour)} non envoyées à ${o.destinataire}`
    : `${COURRIELS_RESERVATION[o.nature].nom} ${de(o.nature)} ${o.numero} non ${COURRIELS_RESERVATION[o.nature].envoye}`;

const suite = (o: ObjetCourriel) =>
  o.nature === 'feuilles' && !o.nouvelEssai
    ? 'à renvoyer par « Envoyer aux destinataires » une fois la cause corrigée.'
    : o.nature === 'confirmation'
      ? "la réservation est enregistrée, mais l'habitant ne peut pas la valider : sa place sera libérée à la fin du délai de validation."
      : o.nature === 'rappel' || o.nature === 'feuilles'
        ? 'nouvel essai au prochain passage.'
        : "la réservation est enregistrée ; l'habitant la voit à jour par son lien.";

/** The lines of the « Courriels » domain of the messages, and the summary of the « Tâches planifiées » screen. */
export const COURRIEL_MESSAGES = {
  /** `detail`: the error's code (ECONNREFUSED, 550, EACCES…) and, for a file, the folder. */
  echec: (objet: ObjetCourriel, cause: CauseEchecCourriel, detail: string | undefined) =>
    `${sujet(objet)} : ${CAUSES_ECHEC_COURRIEL[cause]}${detail ? ` (${detail})` : ''} ; ${suite(objet)}`,
  journal: (cause: CauseEchecCourriel) => `Courriel non envoyé : ${CAUSES_ECHEC_COURRIEL[cause]}`,
  /** The OK line of a resident's e-mail: which one, which booking, in which language; never the address. */
  envoye: (nature: NatureCourrielReservation, numero: string, langue: 'fr' | 'en') =>
    `${COURRIELS_RESERVATION[nature].nom} ${de(nature)} ${numero} ${COURRIELS_RESERVATION[nature].envoye} à l'habitant, en ${langue === 'en' ? 'anglais' : 'français'}`,
} as const;

/** `GET /tache/courriels`: the failed e-mails of the last 24 hours, and the last failure whenever it was. */
export const echecsCourrielSchema = z.object({
  dernieres24h: z.number().int(),
  dernier: z.object({ date: z.string(), texte: z.string() }).nullable(),
});
export type EchecsCourriel = z.infer<typeof echecsCourrielSchema>;

export const COURRIEL_LIBELLES = {
  titre: 'Courriels',
  description:
    'E-mails que le serveur n’a pas pu envoyer ou écrire : e-mails des réservations en ligne (lien de validation, confirmations, rappel), feuilles de route. Chaque échec est une ligne KO du domaine COURRIELS des messages ; chaque e-mail envoyé à un habitant, une ligne OK.',
  dernieres24h: 'Échecs des dernières 24 h',
  dernier: 'Dernier échec',
  aucun: 'Aucun',
  voir: 'Voir les échecs dans les messages',
} as const;
