import { ajouterJours, jourDeSemaine } from '@debarras/domain';
import Holidays from 'date-holidays';

// Public holidays of canton Geneva (Jeûne genevois, Restauration de la République…).
const feries = new Holidays('CH', 'GE', { languages: ['fr'] });

export const estFerie = (jour: string): boolean => nomFerie(jour) !== null;

/** Monday to Friday and not a public holiday of canton Geneva. */
export function estJourOuvrable(jour: string): boolean {
  const semaine = jourDeSemaine(jour);
  return semaine !== 0 && semaine !== 6 && !estFerie(jour);
}

/** The first working day after `jour`: the day whose sheets go out on the evening of `jour`. */
export function jourOuvrableSuivant(jour: string): string {
  let suivant = ajouterJours(jour, 1);
  while (!estJourOuvrable(suivant)) suivant = ajouterJours(suivant, 1);
  return suivant;
}

/** The working days from `du` to `au`, both included. */
export function joursOuvrables(du: string, au: string): string[] {
  const jours: string[] = [];
  for (let jour = du; jour <= au; jour = ajouterJours(jour, 1)) if (estJourOuvrable(jour)) jours.push(jour);
  return jours;
}

/** The last working day before `jour`: the day whose evening the sheets of `jour` go out. */
export function jourOuvrablePrecedent(jour: string): string {
  let precedent = ajouterJours(jour, -1);
  while (!estJourOuvrable(precedent)) precedent = ajouterJours(precedent, -1);
  return precedent;
}

/** The public holiday's name on `jour` (in French), or null. */
export function nomFerie(jour: string): string | null {
  // noon: a date-only day, far from any time-zone edge
  const trouves = feries.isHoliday(new Date(`${jour}T12:00:00Z`));
  return (Array.isArray(trouves) && trouves.find((f) => f.type === 'public')?.name) || null;
}
