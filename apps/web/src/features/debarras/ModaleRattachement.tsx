import { DEBARRAS_LISTE_LIBELLES as L, DEBARRAS_SUCCES, LEVEE_LIBELLES, libelleSecteurLevee, type Levee } from '@debarras/domain';
import { Flex, Modal, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ChampDate } from '../../components/ChampDate';
import { useLeveesActives } from '../../entites/levee/api';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';
import { avecConfirmationCapacite } from '../../lib/capacite';
import { confirmer } from '../../lib/confirmation';
import { formaterDate, formaterJourDate } from '../../lib/dates';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useRattacherSelection } from './api';
import type { Selectionne } from './selection';

const TAILLE_PAGE = 20;

const COLONNES: ColumnsType<Levee> = [
  { key: 'secteur', title: LEVEE_LIBELLES.secteur, ellipsis: true, render: (_, l) => libelleSecteurLevee(l) },
  { key: 'dateLevee', title: LEVEE_LIBELLES.dateLevee, width: 170, render: (_, l) => formaterJourDate(l.dateLevee) },
  {
    key: 'quantite',
    title: `${LEVEE_LIBELLES.quantite} / ${LEVEE_LIBELLES.nbDebarrasMax}`,
    width: 140,
    align: 'center',
    render: (_, l) => (
      <>
        <QuantiteLevee levee={l} />
        {` / ${l.nbDebarrasMax}`}
      </>
    ),
  },
];

/**
 * The selected débarras whose address lies in another sector than the levée's: they would leave
 * their sector's round. A supplementary levée has no sector and takes any; an address without a
 * sector belongs to none.
 */
const horsSecteur = (selection: readonly Selectionne[], levee: Levee) => {
  const secteur = levee.secteur?.libelle.toLowerCase();
  return secteur ? selection.filter((e) => e.secteur !== null && e.secteur.toLowerCase() !== secteur).length : 0;
};

/**
 * 'Ajouter la sélection à une levée active' (docs/regles.md « Liste des débarras »): the levées
 * filtered by day and by sector; the chosen one takes every selected débarras, after a question
 * when some would change sector and, over its capacity, another one (the call is then sent again
 * with `force`).
 */
export function ModaleRattachement({
  ouverte,
  selection,
  onFermer,
  onRattachee,
}: {
  ouverte: boolean;
  selection: readonly Selectionne[];
  onFermer: () => void;
  onRattachee: (idLevee: number) => void;
}) {
  const levees = useLeveesActives(ouverte);
  const rattachement = useRattacherSelection();
  const [choisie, setChoisie] = useState<number>();
  const [jour, setJour] = useState<string | null>(null);
  const [secteur, setSecteur] = useState<string>();
  const toutes = levees.data ?? [];
  const secteurs = [...new Set(toutes.map(libelleSecteurLevee))].sort((a, b) => a.localeCompare(b, 'fr', { numeric: true }));
  const affichees = toutes.filter((l) => (!jour || l.dateLevee === jour) && (!secteur || libelleSecteurLevee(l) === secteur));
  // only a levée still shown may be chosen: a filter that hides the chosen one disables « Ajouter »
  const levee = affichees.find((l) => l.idLevee === choisie);

  const rattacher = async () => {
    if (!levee) return;
    const changent = horsSecteur(selection, levee);
    if (
      changent > 0 &&
      !(await confirmer({
        titre: L.changementSecteur,
        contenu: L.confirmationChangementSecteur(changent, selection.length, levee.secteur!.libelle),
      }))
    )
      return;
    const liaison = { idDebarras: selection.map((e) => e.id), idLevee: levee.idLevee };
    const resultat = await siAbouti(avecConfirmationCapacite((force) => rattachement.mutateAsync({ liaison, force })));
    if (!resultat) return;
    notifier.succes(DEBARRAS_SUCCES.rattaches(selection.length, `${libelleSecteurLevee(levee)} du ${formaterDate(levee.dateLevee)}`));
    onRattachee(resultat.idLevee);
  };

  return (
    <Modal
      open={ouverte}
      title={L.rattacher}
      okText={L.ajouter}
      okButtonProps={{ disabled: !levee }}
      confirmLoading={rattachement.isPending}
      onOk={rattacher}
      onCancel={onFermer}
      afterClose={() => {
        setChoisie(undefined);
        setJour(null);
        setSecteur(undefined);
      }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph>{L.debarrasSelectionnes(selection.length)}</Typography.Paragraph>
      <Flex gap="small" wrap style={{ marginBottom: 12 }}>
        <ChampDate aria-label={L.filtreDate} placeholder={L.toutesDates} value={jour} onChange={setJour} allowClear />
        <Select
          aria-label={L.filtreSecteur}
          placeholder={L.tousSecteurs}
          value={secteur}
          onChange={setSecteur}
          options={secteurs.map((s) => ({ value: s, label: s }))}
          allowClear
          showSearch
          style={{ flex: 1, minWidth: 240 }}
        />
      </Flex>
      <Table<Levee>
        size="small"
        rowKey="idLevee"
        columns={COLONNES}
        dataSource={affichees}
        loading={levees.isFetching}
        locale={{ emptyText: L.aucuneLeveeActive }}
        pagination={{ pageSize: TAILLE_PAGE, showSizeChanger: false, hideOnSinglePage: true }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: choisie === undefined ? [] : [choisie],
          onChange: (cles) => setChoisie(Number(cles[0])),
          getCheckboxProps: (l) => ({
            'aria-label': `${L.choisirLevee} : ${libelleSecteurLevee(l)} du ${formaterJourDate(l.dateLevee)}`,
          }),
        }}
        onRow={(l) => ({ onClick: () => setChoisie(l.idLevee), style: { cursor: 'pointer' } })}
      />
    </Modal>
  );
}
