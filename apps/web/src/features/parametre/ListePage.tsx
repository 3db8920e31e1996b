import { PlusOutlined } from '@ant-design/icons';
import { PARAMETRE_LIBELLES, PARAMETRE_TRI_DEFAUT, type Parametre } from '@debarras/domain';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { clesParametre } from '../../entites/parametre/cles';
import { actionModifier, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { formaterDateHeure } from '../../lib/dates';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerParametres } from './api';

const detail = (p: Parametre) => `/parametreDetail/${p.idParametre}`;

const COLONNES: ColonneServeur<Parametre>[] = [
  colonneActions<Parametre>(56, [actionModifier(detail, (p) => p.cle)]),
  { champ: 'cle', titre: PARAMETRE_LIBELLES.cle, filtre: { type: 'texte' } },
  { champ: 'valeur', titre: PARAMETRE_LIBELLES.valeur, filtre: { type: 'texte' }, ellipsis: true },
  { champ: 'description', titre: PARAMETRE_LIBELLES.description, filtre: { type: 'texte' }, ellipsis: true },
  { champ: 'lastModifiedDate', titre: PARAMETRE_LIBELLES.lastModifiedDate, render: (d: string) => formaterDateHeure(d), width: 190 },
  { champ: 'lastModifiedBy', titre: PARAMETRE_LIBELLES.lastModifiedBy, filtre: { type: 'texte' }, width: 130 },
];

export function ParametreListePage() {
  const naviguer = useNavigate();
  return (
    <TableServeur<Parametre>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesParametre.listes}
      titre={PARAMETRE_LIBELLES.titre}
      colonnes={COLONNES}
      charger={listerParametres}
      triDefaut={PARAMETRE_TRI_DEFAUT}
      cleLigne={(p) => p.idParametre}
      cheminExport={CHEMIN_EXPORT}
      surLigne={(p) => ({ onDoubleClick: () => naviguer(detail(p)) })}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => naviguer('/parametreDetail')}>
          Ajouter
        </Button>
      }
    />
  );
}
