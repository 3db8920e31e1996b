import { COMMUNE_NON_DEFINIE, type Commune } from '@debarras/domain';
import { useCommune } from '../entites/commune/api';
import { useTitreApplication } from '../lib/titre';

export function libelleCommune(commune: Commune | undefined) {
  if (!commune) return '';
  return commune.exists ? commune.label : COMMUNE_NON_DEFINIE;
}

/** 'Débarras – {commune}', in the page and in the browser tab's title. */
export function TitreApplication({ niveau = 4 }: { niveau?: 2 | 4 }) {
  const { data } = useCommune();
  const commune = libelleCommune(data);
  useTitreApplication(commune ? `Débarras – ${commune}` : 'Débarras');
  const Titre = niveau === 2 ? 'h2' : 'h4';
  return <Titre className="titre-application">Débarras{commune && <span className="titre-commune"> – {commune}</span>}</Titre>;
}
