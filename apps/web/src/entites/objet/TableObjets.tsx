import { EditOutlined } from '@ant-design/icons';
import { DEBARRAS_DETAIL_LIBELLES as L, DEBARRAS_LIBELLES } from '@debarras/domain';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Ref } from 'react';
import { enteteObjetsEnAlerte, lignesAffichees, type LigneObjet } from './lignesObjets';

const COULEUR_ALERTE_OBJETS = '#ffe7ba';

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
