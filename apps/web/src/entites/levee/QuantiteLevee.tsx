import { couleurCapacite, reservationsEnAttente, type Levee } from '@debarras/domain';

/**
 * A levée's quantity: its count, pending online bookings '(+n)', coloured by the capacity rule
 * (docs/regles.md « Couleur de capacité »; `liste` for the levée list's variant).
 */
export function QuantiteLevee({ levee, liste = false }: { levee: Levee; liste?: boolean }) {
  const { nbDebarras, nbReservationsEnCours } = levee;
  const couleur = couleurCapacite(levee, { liste });
  return (
    <span
      className={couleur ? `capacite capacite-${couleur}` : 'capacite'}
      title={nbReservationsEnCours > 0 ? reservationsEnAttente(nbReservationsEnCours) : undefined}
    >
      {nbDebarras}
      {nbReservationsEnCours > 0 && ` (+${nbReservationsEnCours})`}
    </span>
  );
}
