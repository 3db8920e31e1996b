import { DEBARRAS_DETAIL_LIBELLES as L, type EntreeJournal } from '@debarras/domain';
import { Modal, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formaterDateHeure } from '../../lib/dates';
import { useJournal } from './api';

const COLONNES: ColumnsType<EntreeJournal> = [
  { key: 'action', title: L.action, dataIndex: 'typeJournalStr' },
  { key: 'date', title: L.dateJournal, render: (_, j) => formaterDateHeure(j.dateJournal) },
  { key: 'utilisateur', title: L.utilisateur, dataIndex: 'utilisateur' },
];

/** 'Journal': every change of the débarras, with when and by whom. */
export function ModaleJournal({ idDebarras, ouvert, onFermer }: { idDebarras: number; ouvert: boolean; onFermer: () => void }) {
  const { data, isFetching } = useJournal(idDebarras, ouvert);
  return (
    <Modal open={ouvert} title={L.journal} footer={null} onCancel={onFermer} width={640} destroyOnHidden>
      <Table<EntreeJournal>
        rowKey={(j) => `${j.dateJournal}-${j.typeJournal}-${j.utilisateur}`}
        size="small"
        columns={COLONNES}
        dataSource={data ?? []}
        loading={isFetching}
        pagination={false}
        locale={{ emptyText: L.journalVide }}
      />
    </Modal>
  );
}
