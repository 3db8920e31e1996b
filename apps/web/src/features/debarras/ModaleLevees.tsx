import { DEBARRAS_DETAIL_LIBELLES as L, libelleSecteurLevee, type Levee } from '@debarras/domain';
import { Button, Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formaterDate } from '../../lib/dates';
import { useLeveesProchaines } from '../../entites/levee/api';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';

interface Props {
  ouvert: boolean;
  secteur: string | null;
  sauvage: boolean;
  onChoisir: (levee: Levee) => void;
  onFermer: () => void;
}

/** 'Levées disponibles': the next levées of the address's sector, one chosen by its button or a double-click. */
export function ModaleLevees({ ouvert, secteur, sauvage, onChoisir, onFermer }: Props) {
  const { data, isFetching } = useLeveesProchaines(secteur, sauvage, ouvert);

  const colonnes: ColumnsType<Levee> = [
    { key: 'secteur', title: 'Secteur', render: (_, l) => libelleSecteurLevee(l) },
    { key: 'date', title: 'Date', render: (_, l) => formaterDate(l.dateLevee) },
    { key: 'quantite', title: L.quantite, align: 'center', render: (_, l) => <QuantiteLevee levee={l} /> },
    { key: 'max', title: L.max, align: 'center', dataIndex: 'nbDebarrasMax' },
    { key: 'indisponibilite', title: L.indisponibilite, align: 'center', dataIndex: 'indisponibilite' },
    {
      key: 'choisir',
      title: '',
      render: (_, l) => (
        <Button size="small" aria-label={`${L.choisir} la levée du ${formaterDate(l.dateLevee)}`} onClick={() => onChoisir(l)}>
          {L.choisir}
        </Button>
      ),
    },
  ];

  return (
    <Modal open={ouvert} title={L.leveesDisponibles} footer={null} onCancel={onFermer} width={760} destroyOnHidden>
      <Table<Levee>
        rowKey="idLevee"
        size="small"
        columns={colonnes}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        scroll={{ y: 420 }}
        locale={{ emptyText: L.aucuneLevee }}
        onRow={(l) => ({ onDoubleClick: () => onChoisir(l) })}
      />
    </Modal>
  );
}
