import type { ObjetEnLigne } from '@debarras/domain/enLigne';
import type { LigneObjet } from '../api';
import { Etape } from '../Etape';
import { useTextes } from '../langue';
import { Recapitulatif, type Coordonnees } from '../Recapitulatif';

interface Props {
  adresse: string;
  date: string;
  objets: LigneObjet[];
  catalogue?: ObjetEnLigne[];
  coordonnees: Coordonnees;
  focaliser: boolean;
  erreur?: string;
  occupe: boolean;
  onConfirmer: () => void;
  onPrecedent: () => void;
}

/** Step 5: the booking read back before it is confirmed. */
export function EtapeResume({ adresse, date, objets, catalogue, coordonnees, focaliser, erreur, occupe, onConfirmer, onPrecedent }: Props) {
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
      <Recapitulatif adresse={adresse} date={date} objets={objets} catalogue={catalogue} coordonnees={coordonnees} />
    </Etape>
  );
}
