import { aujourdhui, dateHeureGeneve } from '@debarras/domain';
import type { Horloge } from '../horloge.js';

const VERIFICATION_MS = 10 * 60 * 1000;

/**
 * The quarter-hour `instant` falls in, in Geneva (`2026-11-29T17:15`): the due time of a quarter-hour's run, the same
 * on every server whatever the moment its own timer fires (docs/architecture.md « Tâches planifiées »).
 */
export function quartDHeure(instant: Date): string {
  const { heure, minute } = dateHeureGeneve(instant);
  const deux = (n: number) => String(n).padStart(2, '0');
  return `${aujourdhui(instant)}T${deux(heure)}:${deux(minute - (minute % 15))}`;
}

/**
 * Runs `tache` once a day, the first check after `heure` o'clock in Geneva (daylight saving
 * included), with that day as its due time. Checking every 10 minutes rather than sleeping until a
 * computed instant survives clock changes and a suspended host. Answers the function that stops it.
 */
export function chaqueNuit(heure: number, tache: (echeance: string) => Promise<unknown>, horloge: Horloge): () => void {
  let jourFait = horloge.aujourdhui();
  const minuteur = setInterval(() => {
    const maintenant = horloge.maintenant();
    const jour = aujourdhui(maintenant);
    if (jour !== jourFait && dateHeureGeneve(maintenant).heure >= heure) {
      jourFait = jour;
      void tache(jour);
    }
  }, VERIFICATION_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}

const QUART_D_HEURE_MS = 15 * 60 * 1000;

/**
 * Runs `tache` now then every 15 minutes, with its quarter-hour as due time, until it answers `fait`, then not again
 * before the next day in Geneva. A run still going when the next is due is not doubled.
 */
export function chaqueQuartDHeure(tache: (echeance: string) => Promise<'attente' | 'fait' | 'a-reessayer'>, horloge: Horloge): () => void {
  let jourFait: string | undefined;
  let enCours = false;
  const passer = async () => {
    const jour = horloge.aujourdhui();
    if (enCours || jour === jourFait) return;
    enCours = true;
    try {
      if ((await tache(quartDHeure(horloge.maintenant()))) === 'fait') jourFait = jour;
    } catch (erreur) {
      // the task writes its failures to the messages; one it could not write goes to the server's log
      console.error('Tâche du quart d’heure en échec :', erreur);
    } finally {
      enCours = false;
    }
  };
  void passer();
  const minuteur = setInterval(() => void passer(), QUART_D_HEURE_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}

/**
 * Runs `tache` now then every 15 minutes, with its quarter-hour as due time; a run still going when the next is due is
 * not doubled.
 */
export function toutesLes15Minutes(tache: (echeance: string) => Promise<unknown>, horloge: Horloge): () => void {
  let enCours = false;
  const passer = () => {
    if (enCours) return;
    enCours = true;
    void tache(quartDHeure(horloge.maintenant())).finally(() => (enCours = false));
  };
  passer();
  const minuteur = setInterval(passer, QUART_D_HEURE_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}
