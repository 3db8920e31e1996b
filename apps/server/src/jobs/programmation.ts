import { aujourdhui, FUSEAU_HORAIRE } from '@debarras/domain';
import type { Horloge } from '../horloge.js';

const VERIFICATION_MS = 10 * 60 * 1000;
const heures = new Intl.DateTimeFormat('fr-CH', { timeZone: FUSEAU_HORAIRE, hour: '2-digit', hourCycle: 'h23' });
// the formatted text is "01 h" in French: only the hour part is a number
const heureAGeneve = (instant: Date) => Number(heures.formatToParts(instant).find((p) => p.type === 'hour')!.value);

/**
 * Runs `tache` once a day, the first check after `heure` o'clock in Geneva (daylight saving
 * included). Checking every 10 minutes rather than sleeping until a computed instant survives
 * clock changes and a suspended host. Answers the function that stops it.
 */
export function chaqueNuit(heure: number, tache: () => Promise<unknown>, horloge: Horloge): () => void {
  let jourFait = horloge.aujourdhui();
  const minuteur = setInterval(() => {
    const maintenant = horloge.maintenant();
    const jour = aujourdhui(maintenant);
    if (jour !== jourFait && heureAGeneve(maintenant) >= heure) {
      jourFait = jour;
      void tache();
    }
  }, VERIFICATION_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}
