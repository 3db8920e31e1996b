import { DEBARRAS_LIBELLES, LEVEE_LIBELLES, libelleStatutDebarras, type DebarrasLigne } from '@debarras/domain';
import { Link } from 'react-router';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { listerDebarrasDeLaLevee } from './api';
import { clesDebarras } from './cles';

const COLONNES: ColonneServeur<DebarrasLigne>[] = [
  {
    champ: 'numero',
    titre: DEBARRAS_LIBELLES.numero,
    width: 140,
    // a new tab, so the round stays open while staff look at its débarras (docs/regles.md « Détail d'une levée »)
    render: (numero: string, d) => (
      <Link to={`/debarrasDetail/${d.idDebarras}`} target="_blank" rel="noopener">
        {numero}
      </Link>
    ),
  },
  { champ: 'adresse.adresse', titre: DEBARRAS_LIBELLES.adresse },
  { champ: 'nomPersonne', titre: DEBARRAS_LIBELLES.nomPersonne },
  { champ: 'statut', titre: DEBARRAS_LIBELLES.statut, width: 200, render: (s: string) => libelleStatutDebarras(s) },
];

/** The levée detail's table of its débarras: 40 a page, by numero. */
export function DebarrasDeLaLevee({ idLevee }: { idLevee: number }) {
  return (
    <TableServeur<DebarrasLigne>
      dansUnEcran
      cleEtat={`leveeDebarras:${idLevee}`}
      cleRequete={clesDebarras.deLaLevee(idLevee)}
      titre={LEVEE_LIBELLES.debarrasLies}
      colonnes={COLONNES}
      charger={listerDebarrasDeLaLevee(idLevee)}
      triDefaut={[{ champ: 'numero', sens: 'asc' }]}
      taillePage={40}
      reinitialisable={false}
      cleLigne={(d) => d.idDebarras}
      texteVide={LEVEE_LIBELLES.aucunDebarras}
    />
  );
}
