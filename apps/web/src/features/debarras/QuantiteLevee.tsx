import { couleurCapacite, type Levee } from '@debarras/domain';

/** The count with pending online bookings in brackets, coloured by the capacity rule (spec §4). */
export function QuantiteLevee({ levee }: { levee: Levee }) {
  const { nbDebarras, nbReservationsEnCours, nbDebarrasMax } = levee;
  return (
    <span className={`capacite capacite-${couleurCapacite(nbDebarras + nbReservationsEnCours, nbDebarrasMax)}`}>
      {nbDebarras}
      {nbReservationsEnCours > 0 && ` (+${nbReservationsEnCours})`}
    </span>
  );
}
