import {
  COURRIEL_MESSAGES,
  DOMAINES_EVENEMENT,
  type EchecsCourriel,
  type LangueEnLigne,
  type NatureCourrielReservation,
  type ObjetCourriel,
} from '@debarras/domain';
import { causeEchec, type Courriel, type Courrier, type JournalErreurs } from '../../courriel.js';
import type { Db } from '../../db/client.js';
import { journaliserEchec, journaliserSucces, resumeEchecs } from '../logEvenement/index.js';

/** Without the app's log (a command line, a test's own Courrier): one JSON line at pino's error level on stderr. */
const journalDeSecours: JournalErreurs = {
  error: (objet, message) => console.error(JSON.stringify({ level: 50, time: Date.now(), ...objet, msg: message })),
};

/**
 * The one way a failed e-mail is recorded, whoever sent it (docs/exploitation.md « Courriels »): a line at error level
 * in the server's log, and a KO line in the « Courriels » domain of the messages, which « Tâches planifiées » counts.
 * Both say what it was for (a booking's number, a day's sheets) and the cause's class, never the address. It never
 * throws: the sender goes on (the resident still gets the booking); if even the messages cannot be written, the log
 * says so. Answers whether the mail itself is down (server unreachable, refused login, disk): the next messages
 * would fail alike, a batch stops there.
 */
export async function signalerEchec(db: Db, courrier: Courrier, erreur: unknown, objet: ObjetCourriel): Promise<{ enPanne: boolean }> {
  const journal = courrier.journal ?? journalDeSecours;
  const { cause, detail } = causeEchec(erreur);
  // where it failed, when that helps: the SMTP server or the .eml files' folder (never a file, named after the recipient)
  const ou = cause === 'serveurInjoignable' || cause === 'ecritureImpossible' ? courrier.destination : undefined;
  const quoi = objet.nature === 'feuilles' ? { jour: objet.jour } : { numero: objet.numero };
  journal.error({ courriel: { nature: objet.nature, ...quoi, cause, detail, destination: ou } }, COURRIEL_MESSAGES.journal(cause));
  try {
    await journaliserEchec(
      db,
      DOMAINES_EVENEMENT.courriels,
      COURRIEL_MESSAGES.echec(objet, cause, [detail, ou].filter(Boolean).join(', ')),
    );
  } catch (echec) {
    journal.error({ err: echec, courriel: { nature: objet.nature, ...quoi } }, 'Échec d’un courriel non inscrit dans les messages');
  }
  return { enPanne: cause === 'serveurInjoignable' || cause === 'authentification' || cause === 'ecritureImpossible' };
}

/**
 * An e-mail to a resident about an online booking, sent and recorded either way (docs/exploitation.md « Courriels »):
 * an OK line in the « Courriels » domain of the messages when it left, the failure's lines otherwise. It never
 * throws: what the resident did is saved whatever the mail does. Answers whether it left, and whether the mail is down.
 */
export async function envoyerAHabitant(
  db: Db,
  courrier: Courrier,
  courriel: Courriel,
  objet: { nature: NatureCourrielReservation; numero: string; langue: LangueEnLigne },
): Promise<{ envoye: boolean; enPanne: boolean }> {
  try {
    await courrier.envoyer(courriel);
  } catch (erreur) {
    return { envoye: false, ...(await signalerEchec(db, courrier, erreur, { nature: objet.nature, numero: objet.numero })) };
  }
  try {
    await journaliserSucces(db, DOMAINES_EVENEMENT.courriels, COURRIEL_MESSAGES.envoye(objet.nature, objet.numero, objet.langue));
  } catch (echec) {
    (courrier.journal ?? journalDeSecours).error(
      { err: echec, courriel: { nature: objet.nature, numero: objet.numero } },
      'Courriel envoyé non inscrit dans les messages',
    );
  }
  return { envoye: true, enPanne: false };
}

/** `GET /tache/courriels`: the failed e-mails of the last 24 hours, and the last one. */
export async function echecs(db: Db): Promise<EchecsCourriel> {
  const { dernieres24h, dernier } = await resumeEchecs(db, DOMAINES_EVENEMENT.courriels);
  return { dernieres24h, dernier: dernier && { date: dernier.date, texte: dernier.texte } };
}
