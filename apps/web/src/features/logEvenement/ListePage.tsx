import {
  LOG_EVENEMENT_LIBELLES,
  LOG_EVENEMENT_TRI_DEFAUT,
  libelleTypeEvenement,
  TYPE_EVENEMENT,
  TYPES_EVENEMENT,
  type LogEvenement,
} from '@debarras/domain';
import { Tag } from 'antd';
import { clesLogEvenement } from '../../entites/logEvenement/cles';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { formaterDateHeure } from '../../lib/dates';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerLogEvenements } from './api';

const OPTIONS_TYPE = TYPES_EVENEMENT.map((t) => ({ value: t.valeur, label: t.libelle }));
const estKo = (l: LogEvenement) => l.type === TYPE_EVENEMENT.KO;

const COLONNES: ColonneServeur<LogEvenement>[] = [
  { champ: 'domaine', titre: LOG_EVENEMENT_LIBELLES.domaine, width: 170, filtre: { type: 'texte' } },
  {
    champ: 'date',
    titre: LOG_EVENEMENT_LIBELLES.date,
    width: 200,
    filtre: { type: 'periode', debut: 'dateFrom', fin: 'dateTo' },
    render: (d: string) => formaterDateHeure(d),
  },
  {
    champ: 'type',
    titre: LOG_EVENEMENT_LIBELLES.type,
    width: 90,
    align: 'center',
    filtre: { type: 'choix', options: OPTIONS_TYPE },
    render: (_, l) => <Tag color={estKo(l) ? 'error' : 'success'}>{libelleTypeEvenement(l.type)}</Tag>,
  },
  { champ: 'texte', titre: LOG_EVENEMENT_LIBELLES.texte, filtre: { type: 'texte' } },
];

/** The log of the server's own work (start-up, planning, imports); a failure (KO) shows in red. */
export function LogEvenementListePage() {
  return (
    <TableServeur<LogEvenement>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesLogEvenement.listes}
      titre={LOG_EVENEMENT_LIBELLES.titre}
      colonnes={COLONNES}
      charger={listerLogEvenements}
      triDefaut={LOG_EVENEMENT_TRI_DEFAUT}
      cleLigne={(l) => l.idLogEvenement}
      cheminExport={CHEMIN_EXPORT}
      classeLigne={(l) => (estKo(l) ? 'ligne-ko' : '')}
    />
  );
}
