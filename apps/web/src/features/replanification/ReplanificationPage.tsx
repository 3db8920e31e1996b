import { CheckOutlined } from '@ant-design/icons';
import {
  REPLANIFICATION_LIBELLES as L,
  REPLANIFICATION_MESSAGES as M,
  RESULTAT_LIBELLES,
  type AReplanifier,
  type MotifNonLeve,
  type ReponseReplanification,
} from '@debarras/domain';
import { Alert, Button, Checkbox, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChoixBoutons } from '../../components/ChoixBoutons';
import { TitrePage } from '../../components/TitrePage';
import { COULEURS_RESULTAT } from '../../entites/resultat/EtiquetteResultat';
import { formaterDate } from '../../lib/dates';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useSession } from '../../lib/session';
import { useAReplanifier, useReplanifier } from './api';
import { ChampsDestination, useDestination } from './ChoixDestination';
import { ModaleAction } from './ModaleAction';

const Motif = ({ motif }: { motif: MotifNonLeve }) =>
  motif === 'AUCUN' ? <Tag>{L.sansResultat}</Tag> : <Tag color={COULEURS_RESULTAT[motif]}>{RESULTAT_LIBELLES[motif]}</Tag>;

const COLONNES: ColumnsType<AReplanifier> = [
  {
    key: 'numero',
    title: L.numero,
    width: 120,
    render: (_, d) => <Link to={`/debarrasDetail/${d.idDebarras}`}>{d.numero}</Link>,
  },
  { key: 'dateLevee', title: L.dateLevee, width: 110, render: (_, d) => formaterDate(d.dateLevee) },
  { key: 'secteur', title: L.secteur, dataIndex: 'secteur', width: '18%', ellipsis: true },
  { key: 'adresse', title: L.adresse, dataIndex: 'adresse', ellipsis: true },
  { key: 'motif', title: L.motif, width: 180, render: (_, d) => <Motif motif={d.motif} /> },
  { key: 'remarque', title: L.remarque, dataIndex: 'remarque', width: '20%', ellipsis: true },
  {
    key: 'email',
    title: L.email,
    width: 80,
    align: 'center',
    render: (_, d) => (d.email ? <CheckOutlined aria-label={L.email} /> : null),
  },
];

/** What the move said: how many moved and were told, and each débarras left where it was, with why. */
function bilan(r: ReponseReplanification) {
  const envoyes = r.deplaces.filter((d) => d.courriel === 'envoye').length;
  const echoues = r.deplaces.filter((d) => d.courriel === 'echec').length;
  if (r.deplaces.length) notifier.succes([M.deplaces(r.deplaces.length), envoyes ? M.courriels(envoyes) : ''].filter(Boolean).join(' '));
  if (echoues) notifier.attention(M.courrielsEchoues(echoues));
  return r.nonDeplaces.map((d) => d.message);
}

/**
 * « Replanifier » (docs/regles.md « À replanifier »): to each one's next levée of its sector with a place, or to one
 * levée chosen for all; the requesters told by e-mail if asked.
 */
function ModaleReplanification({ ids, onFermer, onFait }: { ids: number[]; onFermer: () => void; onFait: (restes: string[]) => void }) {
  const choix = useDestination();
  const [courriel, setCourriel] = useState(true);
  const replanification = useReplanifier();

  const valider = async () => {
    const r = await siAbouti(replanification.mutateAsync({ idDebarras: ids, idLevee: choix.cible, courriel }));
    if (r) onFait(bilan(r));
  };

  return (
    <ModaleAction
      titre={L.modale}
      ok={L.replanifier(ids.length)}
      enCours={replanification.isPending}
      desactive={!choix.complete}
      onOk={valider}
      onFermer={onFermer}
    >
      <ChampsDestination choix={choix} places={ids.length} />
      <Checkbox checked={courriel} onChange={(e) => setCourriel(e.target.checked)}>
        {L.courriel}
      </Checkbox>
    </ModaleAction>
  );
}

type Vue = 'tous' | 'nonLeves' | 'sansResultat';
const DANS_LA_VUE: Record<Vue, (d: AReplanifier) => boolean> = {
  tous: () => true,
  nonLeves: (d) => d.motif !== 'AUCUN',
  sansResultat: (d) => d.motif === 'AUCUN',
};

export function ReplanificationPage() {
  const liste = useAReplanifier();
  const gerer = useSession().peut('gererDebarras');
  const [selection, setSelection] = useState<number[]>([]);
  const [modale, setModale] = useState(false);
  const [restes, setRestes] = useState<string[]>([]);
  // what the crews reported apart from the levées left without any result, which a day not archived piles up
  const [vue, setVue] = useState<Vue>('tous');
  const toutes = liste.data?.lignes ?? [];
  const lignes = toutes.filter(DANS_LA_VUE[vue]);
  const choisis = selection.filter((id) => lignes.some((l) => l.idDebarras === id));
  const combien = (v: Vue) => toutes.filter(DANS_LA_VUE[v]).length;

  return (
    <>
      <TitrePage>{L.titre}</TitrePage>
      <Typography.Paragraph>{L.aide}</Typography.Paragraph>
      {restes.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setRestes([])}
          style={{ marginBottom: 12 }}
          message={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {restes.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          }
        />
      )}
      {liste.data && liste.data.total > toutes.length && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={L.tronquee(toutes.length)} />
      )}
      <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
        <ChoixBoutons<Vue>
          libelle={L.vues}
          valeur={vue}
          onChange={setVue}
          options={[
            { value: 'tous', label: L.tous(combien('tous')) },
            { value: 'nonLeves', label: L.nonLeves(combien('nonLeves')) },
            { value: 'sansResultat', label: L.sansResultats(combien('sansResultat')) },
          ]}
        />
        {gerer && (
          <Button type="primary" disabled={choisis.length === 0} onClick={() => setModale(true)}>
            {L.replanifier(choisis.length)}
          </Button>
        )}
      </Flex>
      <Table<AReplanifier>
        size="small"
        rowKey="idDebarras"
        loading={liste.isLoading}
        columns={COLONNES}
        dataSource={lignes}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: L.aucun }}
        rowSelection={
          gerer
            ? {
                selectedRowKeys: choisis,
                onChange: (cles) => setSelection(cles as number[]),
                getTitleCheckboxProps: () => ({ 'aria-label': L.selectionnerTout }),
                getCheckboxProps: (d) => ({ 'aria-label': d.numero }),
              }
            : undefined
        }
      />
      {modale && (
        <ModaleReplanification
          ids={choisis}
          onFermer={() => setModale(false)}
          onFait={(r) => {
            setModale(false);
            setSelection([]);
            setRestes(r);
          }}
        />
      )}
    </>
  );
}
