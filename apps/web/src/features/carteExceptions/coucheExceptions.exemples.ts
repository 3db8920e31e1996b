import { uneAdresse, uneAdresseException } from '../../test/fabriques';

/** The tests' address with an exception: a depot point, and works from 11.11.2026 to 02.12.2026 with their point. */
export const FRIBOURG = uneAdresse('6621002501', 'Rue de Fribourg 15');
export const EXCEPTION_FRIBOURG = uneAdresseException(7, FRIBOURG, {
  remarqueInterne: 'Rue piétonne le samedi',
  remarquePublique: 'Déposer au coin de la rue',
  xdepot: 2_499_908.47,
  ydepot: 1_118_103.19,
  remarqueTravaux: 'Trottoir fermé',
  dateDebutTravaux: '2026-11-11',
  dateFinTravaux: '2026-12-02',
  xtravaux: 2_499_914.47,
  ytravaux: 1_118_109.69,
});
