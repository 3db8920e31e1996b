import { DEBARRAS_DETAIL_LIBELLES as L, libelleSecteurLevee, pleinePourLePersonnel, type Levee } from '@debarras/domain';
import { Button, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formaterDate } from '../../lib/dates';
import { useLeveesProchaines } from '../../entites/levee/api';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';

interface Props {
  ouvert: boolean;
  secteur: string | null;
  sauvage: boolean;
  /** The débarras's levée now, highlighted among the others. */
  idLeveeActuelle?: number | null;
  onChoisir: (levee: Levee) => void;
  onFermer: () => void;
}

/** A clerk compares a dozen dates without scrolling: 12 rows of 33 px (styles.css), and half of the next. */
const HAUTEUR_LIGNES = 12 * 33 + 16;

/** At or over its max, by the capacity rule: a full levée may still be chosen, staff confirming the excess. */

/** 'Levées disponibles': the next levées of the address's sector, one chosen by its button or a double-click. */
export function ModaleLevees({ ouvert, secteur, sauvage, idLeveeActuelle, onChoisir, onFermer }: Props) {
  const { data, isFetching } = useLeveesProchaines(secteur, sauvage, ouvert);
  const actuelle = (l: Levee) => l.idLevee === idLeveeActuelle;

  const colonnes: ColumnsType<Levee> = [
    { key: 'secteur', title: 'Secteur', ellipsis: true, render: (_, l) => libelleSecteurLevee(l) },
    { key: 'date', title: 'Date', width: 100, render: (_, l) => formaterDate(l.dateLevee) },
    {
      key: 'quantite',
      title: L.quantite,
      width: 150,
      align: 'center',
      render: (_, l) => (
        <>
          <QuantiteLevee levee={l} />
          {pleinePourLePersonnel(l) && (
            <Tag color="error" className="etiquette-levee">
              {L.complet}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'max', title: L.max, width: 60, align: 'center', dataIndex: 'nbDebarrasMax' },
    { key: 'indisponibilite', title: L.indisponibilite, width: 120, align: 'center', dataIndex: 'indisponibilite' },
    {
      key: 'choisir',
      title: '',
      width: 100,
      align: 'center',
      render: (_, l) =>
        actuelle(l) ? (
          <Tag color="processing" className="etiquette-levee">
            {L.leveeActuelle}
          </Tag>
        ) : (
          <Button size="small" aria-label={`${L.choisir} la levée du ${formaterDate(l.dateLevee)}`} onClick={() => onChoisir(l)}>
            {L.choisir}
          </Button>
        ),
    },
  ];

  return (
    <Modal open={ouvert} title={L.leveesDisponibles} footer={null} onCancel={onFermer} width={800} destroyOnHidden>
      <Table<Levee>
        rowKey="idLevee"
        size="small"
        className="table-levees-disponibles"
        columns={colonnes}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        scroll={{ y: HAUTEUR_LIGNES }}
        locale={{ emptyText: L.aucuneLevee }}
        rowClassName={(l) => (actuelle(l) ? 'ligne-levee-actuelle' : '')}
        onRow={(l) => ({ onDoubleClick: () => onChoisir(l), 'aria-current': actuelle(l) ? 'true' : undefined })}
      />
    </Modal>
  );
}
