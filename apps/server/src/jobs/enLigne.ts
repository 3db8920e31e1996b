import { dateHeureGeneve, minutesDuJour } from '@debarras/domain';
import type { Db } from '../db/client.js';
import type { Horloge } from '../horloge.js';
import { reglagesEnLigne } from '../modules/parametre/index.js';
import type { EtatEnvoi } from './envoiFeuilles.js';
import type { Taches } from './taches.js';

/**
 * One quarter-hour pass of the evening reminders (docs/regles.md « Réservation en ligne »): nothing before
 * `enligne.rappel.heure`, then the job until every reminder of tomorrow is sent.
 */
export async function executerRappelsEnLigne(taches: Taches, db: Db, horloge: Horloge, echeance?: string): Promise<EtatEnvoi> {
  const { heure, minute } = dateHeureGeneve(horloge.maintenant());
  const { rappelHeure } = await reglagesEnLigne(db);
  if (heure * 60 + minute < minutesDuJour(rappelHeure)!) return 'attente';
  const issue = await taches.executer('rappelsEnLigne', echeance);
  return typeof issue === 'string' || issue.aReessayer ? 'a-reessayer' : 'fait';
}
