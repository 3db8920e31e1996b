import { dateHeureGeneve } from '@debarras/domain';
import type { Db } from '../db/client.js';
import type { Horloge } from '../horloge.js';
import { minuteEnvoiFeuilles } from '../modules/parametre/index.js';
import { estJourOuvrable } from '../joursOuvrables.js';
import type { Taches } from './taches.js';

/** Retries stop at 23:00: after that the crews' sheets are printed from the screen. */
const FIN_DES_ESSAIS = 23 * 60;

/**
 * - `attente`: too early today; `fait`: nothing more to do today (all sent, nothing to send, not a
 * working day, or too late); `a-reessayer`: a send failed, or another run is still on one (it may die
 * with its process), the next run looks again.
 */
export type EtatEnvoi = 'attente' | 'fait' | 'a-reessayer';

/**
 * One pass of the evening sending (docs/regles.md « Envoi des feuilles de route »): on a working day,
 * from `envoi.feuilles.heure` to 23:00, the job « envoiFeuilles » sends the next working day's sheets to
 * the recipients not yet served. A quarter-hour another server has taken: this one looks again at the next.
 */
export async function executerEnvoiFeuilles(taches: Taches, db: Db, horloge: Horloge, echeance?: string): Promise<EtatEnvoi> {
  const jour = horloge.aujourdhui();
  if (!estJourOuvrable(jour)) return 'fait';
  const { heure, minute } = dateHeureGeneve(horloge.maintenant());
  const maintenant = heure * 60 + minute;
  if (maintenant >= FIN_DES_ESSAIS) return 'fait';
  if (maintenant < (await minuteEnvoiFeuilles(db).catch(() => Infinity))) return 'attente';
  const issue = await taches.executer('envoiFeuilles', echeance);
  return typeof issue === 'string' || issue.aReessayer ? 'a-reessayer' : 'fait';
}
