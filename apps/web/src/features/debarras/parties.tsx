import { EditOutlined, SearchOutlined } from '@ant-design/icons';
import { DEBARRAS_DETAIL_LIBELLES as L, DEBARRAS_LIBELLES, DEBARRAS_MESSAGES, libelleSecteurLevee } from '@debarras/domain';
import { Button, Descriptions, Form, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { ZoneTexte } from '../../components/ChampTexte';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';
import { formaterDate } from '../../lib/dates';
import { enteteObjetsEnAlerte, lignesAffichees, type LigneObjet, type Valeurs } from './formulaire';

const COULEUR_ALERTE_OBJETS = '#ffe7ba';

interface PropsChamp {
  id: string;
  libelle: string;
  requis?: boolean;
  etat?: { help?: string; validateStatus?: 'error' };
  children: ReactNode;
}

export function Champ({ id, libelle, requis, etat, children }: PropsChamp) {
  return (
    <Form.Item label={libelle} htmlFor={id} required={requis} {...etat}>
      {children}
    </Form.Item>
  );
}

type ChampRemarque = 'precisionLieu' | 'travaux' | 'remarqueLieu' | 'remarqueGenerale' | 'remarqueObjet';

/** One of the form's free-text remarks: its label from the domain, at most 1000 characters. */
export function Remarque(props: {
  champ: ChampRemarque;
  valeurs: Valeurs;
  changer: (change: Partial<Valeurs>) => void;
  /** Shown in the normal text colour, and still selectable to copy. */
  lectureSeule: boolean;
}) {
  const { champ, valeurs, changer, lectureSeule } = props;
  return (
    <Champ id={champ} libelle={L[champ]}>
      <ZoneTexte
        id={champ}
        rows={2}
        maxLength={1000}
        readOnly={lectureSeule}
        value={valeurs[champ]}
        onChange={(e) => changer({ [champ]: e.target.value })}
      />
    </Champ>
  );
}

interface PropsLigneLevee {
  valeurs: Valeurs;
  chargement: boolean;
  erreur: string | undefined;
  /** Opens 'Levées disponibles'; absent when no other levée may be chosen. */
  chercher: (() => void) | undefined;
}

/** The levée row: link, sector, date, quantity, max, unavailability, and the search for another levée. */
export function LigneLevee({ valeurs, chargement, erreur, chercher }: PropsLigneLevee) {
  const { levee, adresse } = valeurs;
  const secteur = adresse && !adresse.secteur ? DEBARRAS_MESSAGES.secteurNonDefini : levee ? libelleSecteurLevee(levee) : '';
  return (
    <Spin spinning={chargement}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 7 }}
        layout="vertical"
        className="ligne-levee"
        items={[
          {
            key: 'levee',
            label: L.levee,
            // a new tab: the form and what was typed in it stay
            children: levee ? (
              <Link to={`/leveeDetail/${levee.idLevee}`} target="_blank" rel="noopener">
                {L.detailLevee}
              </Link>
            ) : null,
          },
          { key: 'secteur', label: DEBARRAS_LIBELLES.secteur, children: <span data-testid="secteur-levee">{secteur}</span> },
          {
            key: 'date',
            label: DEBARRAS_LIBELLES.dateLevee,
            children: (
              <span data-testid="date-levee" style={{ whiteSpace: 'nowrap' }}>
                {levee ? formaterDate(levee.dateLevee) : ''}
              </span>
            ),
          },
          { key: 'quantite', label: L.quantite, children: levee ? <QuantiteLevee levee={levee} /> : null },
          { key: 'max', label: L.max, children: levee?.nbDebarrasMax },
          { key: 'indisponibilite', label: L.indisponibilite, children: levee?.indisponibilite },
          {
            key: 'chercher',
            label: ' ',
            children: (
              <Button icon={<SearchOutlined />} aria-label={L.autreLevee} title={L.autreLevee} disabled={!chercher} onClick={chercher} />
            ),
          },
        ]}
      />
      {erreur && <Typography.Text type="danger">{erreur}</Typography.Text>}
    </Spin>
  );
}

interface PropsTableObjets {
  lignes: readonly LigneObjet[];
  /** Opens 'Choisir les objets'; absent when the objects cannot be edited. */
  editer: (() => void) | undefined;
  erreur: string | undefined;
  /** 'Editer', where the focus comes back when the objects modal closes. */
  refEditer?: Ref<HTMLButtonElement>;
}

/** The chosen objects, padded to 7 rows; the header warns from 7 lines (docs/regles.md « Fiche débarras »). */
export function TableObjets({ lignes, editer, erreur, refEditer }: PropsTableObjets) {
  const alerte = enteteObjetsEnAlerte(lignes);
  const entete = () => ({ style: alerte ? { background: COULEUR_ALERTE_OBJETS } : undefined });
  const colonnes: ColumnsType<{ cle: number; ligne: LigneObjet | null }> = [
    // an empty row keeps a line's height
    { key: 'objet', title: L.objet, onHeaderCell: entete, render: (_, { ligne }) => ligne?.objet.libelle ?? '\u00a0' },
    { key: 'quantite', title: L.quantite, width: 110, align: 'center', onHeaderCell: entete, render: (_, { ligne }) => ligne?.quantite },
    { key: 'remarque', title: L.remarque, onHeaderCell: entete, render: (_, { ligne }) => ligne?.remarque },
  ];
  return (
    <div className="objets-debarras">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {DEBARRAS_LIBELLES.objets}
        </Typography.Title>
        <Button id="editerObjets" ref={refEditer} icon={<EditOutlined />} disabled={!editer} onClick={editer}>
          {L.editer}
        </Button>
      </Space>
      <Table
        rowKey="cle"
        size="small"
        bordered
        columns={colonnes}
        dataSource={lignesAffichees(lignes).map((ligne, cle) => ({ cle, ligne }))}
        pagination={false}
        onRow={() => ({ onDoubleClick: editer })}
      />
      {erreur && <Typography.Text type="danger">{erreur}</Typography.Text>}
    </div>
  );
}
