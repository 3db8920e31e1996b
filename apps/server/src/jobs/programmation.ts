import { aujourdhui, FUSEAU_HORAIRE } from '@debarras/domain';

const VERIFICATION_MS = 10 * 60 * 1000;
const heureAGeneve = (instant: Date) =>
  Number(new Intl.DateTimeFormat('fr-CH', { timeZone: FUSEAU_HORAIRE, hour: '2-digit', hourCycle: 'h23' }).format(instant));

/**
 * Runs `tache` once a day, the first check after `heure` o'clock in Geneva (daylight saving
 * included). Checking every 10 minutes rather than sleeping until a computed instant survives
 * clock changes and a suspended host. Answers the function that stops it.
 */
export function chaqueNuit(heure: number, tache: () => Promise<unknown>, dernierJour = aujourdhui()): () => void {
  let jourFait = dernierJour;
  const minuteur = setInterval(() => {
    const maintenant = new Date();
    const jour = aujourdhui(maintenant);
    if (jour !== jourFait && heureAGeneve(maintenant) >= heure) {
      jourFait = jour;
      void tache();
    }
  }, VERIFICATION_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}
