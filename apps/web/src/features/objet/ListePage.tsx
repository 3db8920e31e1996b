import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { OBJET_FILTRE_DEFAUT, OBJET_LIBELLES, OBJET_TRI_DEFAUT, STATUTS_ACTIF, TYPES_OBJET, type Objet } from '@debarras/domain';
import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { clesObjet } from '../../entites/objet/cles';
import { actionModifier, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { useSession } from '../../lib/session';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerObjets } from './api';
import { ImageObjet, LienInterdit } from './ImageObjet';

const OPTIONS_TYPE = TYPES_OBJET.map((t) => ({ value: t, label: t }));
const OPTIONS_STATUT = STATUTS_ACTIF.map((s) => ({ value: s.valeur, label: s.libelle }));
const detail = (o: Objet) => `/objetDetail/${o.idObjet}`;

const COLONNES: ColonneServeur<Objet>[] = [
  colonneActions<Objet>(56, [actionModifier(detail, (o) => o.libelle)]),
  { champ: 'libelle', titre: OBJET_LIBELLES.libelle, filtre: { type: 'texte' } },
  { champ: 'libelleExt', titre: OBJET_LIBELLES.libelleExt },
  { champ: 'type', titre: OBJET_LIBELLES.type, filtre: { type: 'choix', options: OPTIONS_TYPE }, width: 110 },
  {
    champ: 'url',
    titre: OBJET_LIBELLES.url,
    render: (url: string, o) => (
      <Flex gap="small" align="center">
        <ImageObjet url={url} alt={OBJET_LIBELLES.image(o.libelle)} />
        <span>{url}</span>
      </Flex>
    ),
  },
  { champ: 'urlInterdit', titre: OBJET_LIBELLES.urlInterdit, ellipsis: true, render: (url: string | null) => <LienInterdit url={url} /> },
  { champ: 'ordre', titre: OBJET_LIBELLES.ordre, width: 150, align: 'right' },
  {
    champ: 'actif',
    titre: OBJET_LIBELLES.actif,
    width: 100,
    align: 'center',
    filtre: { type: 'choix', options: OPTIONS_STATUT },
    render: (actif: number) => (actif === 1 ? <CheckOutlined aria-label={STATUTS_ACTIF[0].libelle} /> : null),
  },
];

export function ObjetListePage() {
  const naviguer = useNavigate();
  const { peut } = useSession();
  return (
    <TableServeur<Objet>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesObjet.listes}
      titre={OBJET_LIBELLES.titre}
      colonnes={COLONNES}
      charger={listerObjets}
      triDefaut={OBJET_TRI_DEFAUT}
      filtresDefaut={OBJET_FILTRE_DEFAUT}
      cleLigne={(o) => o.idObjet}
      cheminExport={CHEMIN_EXPORT}
      surLigne={(o) => ({ onDoubleClick: () => naviguer(detail(o)) })}
      actions={
        peut('gererCatalogueEnLigne') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => naviguer('/objetDetail')}>
            Ajouter
          </Button>
        )
      }
    />
  );
}
