import { aujourdhui, dateHeureGeneve } from '@debarras/domain';
import type { Horloge } from '../horloge.js';

const VERIFICATION_MS = 10 * 60 * 1000;

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
    if (jour !== jourFait && dateHeureGeneve(maintenant).heure >= heure) {
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

/** Runs `tache` every 15 minutes from now on; a run still going when the next is due is not doubled. */
export function toutesLes15Minutes(tache: () => Promise<unknown>): () => void {
  let enCours = false;
  const minuteur = setInterval(() => {
    if (enCours) return;
    enCours = true;
    void tache().finally(() => (enCours = false));
  }, QUART_D_HEURE_MS);
  minuteur.unref();
  return () => clearInterval(minuteur);
}
