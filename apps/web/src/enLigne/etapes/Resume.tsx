import { Etape } from '../Etape';
import { useTextes } from '../langue';
import { Recapitulatif, type PropsRecapitulatif } from '../Recapitulatif';

interface Props extends PropsRecapitulatif {
  focaliser: boolean;
  erreur?: string;
  occupe: boolean;
  onConfirmer: () => void;
  onPrecedent: () => void;
}

/** Step 5: the booking read back before it is confirmed. */
export function EtapeResume({ focaliser, erreur, occupe, onConfirmer, onPrecedent, ...recapitulatif }: Props) {
  const { t } = useTextes();
  return (
    <Etape
      numero={5}
      total={5}
      titre={t.etapeResume}
      focaliser={focaliser}
      erreur={erreur}
      occupe={occupe}
      libelleSuivant={t.confirmer}
      onSuivant={onConfirmer}
      onPrecedent={onPrecedent}
    >
      <Recapitulatif {...recapitulatif} />
    </Etape>
  );
}
