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

const QUART_D_HEURE_MS = 15 * 60 * 1000;

/**
 * Runs `tache` every 15 minutes until it answers `fait`, then not again before the next day in
 * Geneva. A run still going when the next is due is not doubled.
 */
export function chaqueQuartDHeure(tache: () => Promise<'attente' | 'fait' | 'a-reessayer'>, horloge: Horloge): () => void {
  let jourFait: string | undefined;
  let enCours = false;
  const passer = async () => {
    const jour = horloge.aujourdhui();
    if (enCours || jour === jourFait) return;
    enCours = true;
    try {
      if ((await tache()) === 'fait') jourFait = jour;
    } catch {
      // the task logs its own failures; the next quarter tries again
    } finally {
      enCours = false;
    }
  };
  void passer();
  const minuteur = setInterval(() => void passer(), QUART_D_HEURE_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}
