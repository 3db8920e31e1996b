import { ajouterJours, dateHeureGeneve, DOMAINES_EVENEMENT, ENVOI_MESSAGES } from '@debarras/domain';
import type { Courrier } from '../courriel.js';
import type { Db } from '../db/client.js';
import type { Horloge } from '../horloge.js';
import { envoyerFeuillesDuSoir } from '../modules/impression/index.js';
import { journaliserEchec } from '../modules/logEvenement/index.js';
import { minuteEnvoiFeuilles } from '../modules/parametre/index.js';
import { estJourOuvrable } from './joursOuvrables.js';

/** Retries stop at 23:00: after that the crews' sheets are printed from the screen. */
const FIN_DES_ESSAIS = 23 * 60;

/** The first working day after `jour`: the day whose sheets go out on the evening of `jour`. */
export function jourOuvrableSuivant(jour: string): string {
  let suivant = ajouterJours(jour, 1);
  while (!estJourOuvrable(suivant)) suivant = ajouterJours(suivant, 1);
  return suivant;
}

/**
 * - `attente`: too early today; `fait`: nothing more to do today (all sent, nothing to send, not a
 * working day, or too late); `a-reessayer`: a send failed, or another run is still on one (it may die
 * with its process), the next run looks again.
 */
export type EtatEnvoi = 'attente' | 'fait' | 'a-reessayer';

/**
 * One run of the evening sending (docs/regles.md « Envoi des feuilles de route »): on a working day,
 * from `envoi.feuilles.heure` to 23:00, the next working day's sheets to the recipients not yet served.
 */
export async function executerEnvoiFeuilles(db: Db, courrier: Courrier, horloge: Horloge): Promise<EtatEnvoi> {
  try {
    return await envoyerSiLHeure(db, courrier, horloge);
  } catch (erreur) {
    // the database or a document failed before any recipient's own outcome could be written
    await journaliserEchec(db, DOMAINES_EVENEMENT.envoi, ENVOI_MESSAGES.erreur((erreur as Error).message)).catch(() => undefined);
    return 'a-reessayer';
  }
}

async function envoyerSiLHeure(db: Db, courrier: Courrier, horloge: Horloge): Promise<EtatEnvoi> {
  const jour = horloge.aujourdhui();
  if (!estJourOuvrable(jour)) return 'fait';
  const { heure, minute } = dateHeureGeneve(horloge.maintenant());
  const maintenant = heure * 60 + minute;
  if (maintenant >= FIN_DES_ESSAIS) return 'fait';
  if (maintenant < (await minuteEnvoiFeuilles(db))) return 'attente';
  const bilan = await envoyerFeuillesDuSoir(db, courrier, jourOuvrableSuivant(jour), horloge.maintenant());
  return bilan.echecs.length || bilan.enCours.length ? 'a-reessayer' : 'fait';
}
