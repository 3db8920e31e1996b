import { travauxEnCours, type AdresseException } from '@debarras/domain';
import { formaterDate } from '../../lib/dates';

/** What a marker of the exceptions layer stands for: the depot point, the works point, or the address itself. */
export type GenreMarqueur = 'depot' | 'travaux' | 'adresse';

export interface Marqueur {
  genre: GenreMarqueur;
  x: number;
  y: number;
  exception: AdresseException;
}

interface Options {
  /** Where the address lies: its marker when the exception draws no point. */
  position?: { x: number; y: number };
  /** A levée's day: the works point only while works are in progress that day (docs/regles.md « Cartes d'une adresse »). */
  jour?: string;
}

/**
 * The markers of one exception (docs/regles.md « Carte des exceptions »): its depot point, its works point, and the
 * address itself when it has neither, so that an exception made of remarks alone is still found on the map.
 */
export function marqueursException(exception: AdresseException, { position, jour }: Options = {}): Marqueur[] {
  const marqueurs: Marqueur[] = [];
  const { xdepot, ydepot, xtravaux, ytravaux } = exception;
  if (xdepot !== null && ydepot !== null) marqueurs.push({ genre: 'depot', x: xdepot, y: ydepot, exception });
  if (xtravaux !== null && ytravaux !== null && (!jour || travauxEnCours(exception, jour)))
    marqueurs.push({ genre: 'travaux', x: xtravaux, y: ytravaux, exception });
  if (marqueurs.length === 0 && position) marqueurs.push({ genre: 'adresse', x: position.x, y: position.y, exception });
  return marqueurs;
}

/** The exceptions behind markers, once each: a group often holds the depot and the works point of one exception. */
export const exceptionsDesMarqueurs = (marqueurs: readonly Marqueur[]) => [
  ...new Map(marqueurs.map((m) => [m.exception.id, m.exception])).values(),
];

/** The works period as the popups say it, DD.MM.YYYY; null without dates. */
export function periodeTravaux({ dateDebutTravaux, dateFinTravaux }: Pick<AdresseException, 'dateDebutTravaux' | 'dateFinTravaux'>) {
  if (!dateDebutTravaux && !dateFinTravaux) return null;
  if (!dateFinTravaux) return `Dès le ${formaterDate(dateDebutTravaux)}`;
  if (!dateDebutTravaux) return `Jusqu'au ${formaterDate(dateFinTravaux)}`;
  return `Du ${formaterDate(dateDebutTravaux)} au ${formaterDate(dateFinTravaux)}`;
}

export const LIBELLES_CARTES = {
  exceptionsVisibles: (n: number) => `Exceptions visibles : ${n}`,
  rapprochezVous: 'Rapprochez-vous (1:5000 ou plus près) pour afficher les exceptions.',
  exceptionsMasquees: 'La couche « Exceptions » est masquée.',
  aucuneException: 'Aucune exception dans cette vue.',
  travaux: 'Travaux',
  fermer: 'Fermer',
  legende: { depot: 'Point de dépôt', travaux: 'Point des travaux', adresse: 'Adresse (exception sans point)' },
  carteCentree: (adresse: string) => `Carte centrée sur ${adresse}`,
  aucuneAdresseTrouvee: 'Aucune adresse trouvée dans cette vue.',
  imprimer: 'Imprimer',
  retour: 'Retour',
  levee: (jour: string) => `Levée du ${formaterDate(jour)}`,
  sansAdresse: "Aucune adresse n'est indiquée : ouvrez la carte depuis la fiche d'un débarras.",
  versDebarras: 'Afficher les débarras',
  sansException: "Cette adresse n'a pas d'exception active.",
  carteAdresse: (adresse: string) => `Carte de l'adresse ${adresse}`,
} as const;
