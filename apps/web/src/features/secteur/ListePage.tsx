import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { libelleRive, RIVES, SECTEUR_LIBELLES, SECTEUR_TRI_DEFAUT, secteurActif, type Secteur } from '@debarras/domain';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { clesSecteur } from '../../entites/secteur/cles';
import { actionModifier, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { formaterDate } from '../../lib/dates';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerSecteurs } from './api';

const OPTIONS_RIVE = RIVES.map((r) => ({ value: r.valeur, label: r.libelle }));
const detail = (s: Secteur) => `/secteurDetail/${s.idSecteur}`;

const COLONNES: ColonneServeur<Secteur>[] = [
  colonneActions<Secteur>(56, [actionModifier(detail, (s) => s.libelle)]),
  { champ: 'libelle', titre: SECTEUR_LIBELLES.libelle, filtre: { type: 'texte' } },
  {
    champ: 'rive',
    titre: SECTEUR_LIBELLES.rive,
    filtre: { type: 'choix', options: OPTIONS_RIVE },
    render: (r: number | null) => libelleRive(r),
    width: 120,
  },
  { champ: 'dateDebut', titre: SECTEUR_LIBELLES.dateDebut, render: (d: string) => formaterDate(d), width: 160 },
  { champ: 'dateFin', titre: SECTEUR_LIBELLES.dateFin, render: (d: string | null) => formaterDate(d), width: 160 },
  // The server sorts this column by end date: a sector is active while it has none.
  {
    champ: 'actif',
    titre: SECTEUR_LIBELLES.actif,
    width: 90,
    align: 'center',
    render: (_, s) => (secteurActif(s) ? <CheckOutlined aria-label={SECTEUR_LIBELLES.actif} /> : null),
  },
];

export function SecteurListePage() {
  const naviguer = useNavigate();
  return (
    <TableServeur<Secteur>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesSecteur.listes}
      titre={SECTEUR_LIBELLES.titre}
      colonnes={COLONNES}
      charger={listerSecteurs}
      triDefaut={SECTEUR_TRI_DEFAUT}
      cleLigne={(s) => s.idSecteur}
      cheminExport={CHEMIN_EXPORT}
      surLigne={(s) => ({ onDoubleClick: () => naviguer(detail(s)) })}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => naviguer('/secteurDetail')}>
          Ajouter
        </Button>
      }
    />
  );
}
