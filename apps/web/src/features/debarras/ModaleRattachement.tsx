import { DEBARRAS_LISTE_LIBELLES, LEVEE_LIBELLES, libelleSecteurLevee, type Levee } from '@debarras/domain';
import { Input, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { avecConfirmationCapacite } from '../../lib/capacite';
import { formaterJourDate } from '../../lib/dates';
import { useLeveesActives } from '../../entites/levee/api';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';
import { siAbouti } from '../../lib/requetes';
import { useRattacherSelection } from './api';

const COLONNES: ColumnsType<Levee> = [
  { key: 'secteur', title: LEVEE_LIBELLES.secteur, render: (_, l) => libelleSecteurLevee(l) },
  { key: 'dateLevee', title: LEVEE_LIBELLES.dateLevee, render: (_, l) => formaterJourDate(l.dateLevee) },
  {
    key: 'quantite',
    title: `${LEVEE_LIBELLES.quantite} / ${LEVEE_LIBELLES.nbDebarrasMax}`,
    align: 'center',
    render: (_, l) => (
      <>
        <QuantiteLevee levee={l} />
        {` / ${l.nbDebarrasMax}`}
      </>
    ),
  },
];

/** What the search box matches: the sector or name, and the date as shown. */
const texteLevee = (l: Levee) => `${libelleSecteurLevee(l)} ${formaterJourDate(l.dateLevee)}`.toLowerCase();

/**
 * 'Ajouter la sélection à une levée active' (docs/regles.md « Liste des débarras »): the chosen levée takes every selected
 * débarras; over its capacity, staff confirm and the call is sent again with `force`.
 */
export function ModaleRattachement({
  ouverte,
  ids,
  onFermer,
  onRattachee,
}: {
  ouverte: boolean;
  ids: readonly number[];
  onFermer: () => void;
  onRattachee: (idLevee: number) => void;
}) {
  const levees = useLeveesActives(ouverte);
  const rattachement = useRattacherSelection();
  const [choisie, setChoisie] = useState<number>();
  const [recherche, setRecherche] = useState('');
  const affichees = (levees.data ?? []).filter((l) => texteLevee(l).includes(recherche.trim().toLowerCase()));

  const rattacher = async () => {
    if (choisie === undefined) return;
    const liaison = { idDebarras: [...ids], idLevee: choisie };
    const resultat = await siAbouti(avecConfirmationCapacite((force) => rattachement.mutateAsync({ liaison, force })));
    if (resultat) onRattachee(resultat.idLevee);
  };

  return (
    <Modal
      open={ouverte}
      title={DEBARRAS_LISTE_LIBELLES.rattacher}
      okText={DEBARRAS_LISTE_LIBELLES.ajouter}
      okButtonProps={{ disabled: choisie === undefined }}
      confirmLoading={rattachement.isPending}
      onOk={rattacher}
      onCancel={onFermer}
      afterClose={() => {
        setChoisie(undefined);
        setRecherche('');
      }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph>{DEBARRAS_LISTE_LIBELLES.debarrasSelectionnes(ids.length)}</Typography.Paragraph>
      <Input.Search
        allowClear
        aria-label={DEBARRAS_LISTE_LIBELLES.rechercherLevee}
        placeholder={DEBARRAS_LISTE_LIBELLES.rechercherLevee}
        value={recherche}
        onChange={(e) => setRecherche(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Table<Levee>
        size="small"
        rowKey="idLevee"
        columns={COLONNES}
        dataSource={affichees}
        loading={levees.isFetching}
        locale={{ emptyText: DEBARRAS_LISTE_LIBELLES.aucuneLeveeActive }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: choisie === undefined ? [] : [choisie],
          onChange: (cles) => setChoisie(Number(cles[0])),
          getCheckboxProps: (l) => ({
            'aria-label': `${DEBARRAS_LISTE_LIBELLES.choisirLevee} : ${libelleSecteurLevee(l)} du ${formaterJourDate(l.dateLevee)}`,
          }),
        }}
        onRow={(l) => ({ onClick: () => setChoisie(l.idLevee), style: { cursor: 'pointer' } })}
      />
    </Modal>
  );
}
