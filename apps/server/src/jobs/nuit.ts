import { setTimeout as patienter } from 'node:timers/promises';
import type { Taches } from './taches.js';

/** The night's work, in its order: the rounds, then the recurring débarras on them, the anonymisation, the backup. */
export const TACHES_DE_LA_NUIT = ['planification', 'recurrences', 'anonymisation', 'sauvegarde'] as const;

/** How long a step another run holds is waited for, at most: 20 tries, 30 seconds apart. */
const ESSAIS = 20;
const ENTRE_DEUX_ESSAIS_MS = 30_000;

/**
 * The night of `nuit` (docs/regles.md « Tâches planifiées »), each step with the night as its due time: a step already
 * done for this night, by this server or another, is passed; a step that is running (another server's night, a
 * « Lancer maintenant ») is waited for, so that the order holds, then passed or run.
 */
export async function executerLaNuit(taches: Taches, nuit: string, attendre: (ms: number) => Promise<unknown> = patienter) {
  for (const code of TACHES_DE_LA_NUIT) {
    for (let essai = 1; (await taches.executer(code, nuit)) === 'occupee' && essai < ESSAIS; essai++) {
      await attendre(ENTRE_DEUX_ESSAIS_MS);
    }
  }
}
