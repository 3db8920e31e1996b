import {
  clotureSignalementSchema,
  FORMULAIRE_MESSAGES as F,
  RESULTAT_LIBELLES,
  SIGNALEMENT_LIBELLES as L,
  SIGNALEMENT_MESSAGES as M,
  SIGNALEMENT_TEXTE_MAX,
  type Signalement,
  type TraitementSignalement,
} from '@debarras/domain';
import { Button, Flex, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChoixBoutons } from '../../components/ChoixBoutons';
import { TitrePage } from '../../components/TitrePage';
import { useGardeModifications } from '../../components/useGardeModifications';
import { confirmer } from '../../lib/confirmation';
import { COULEURS_RESULTAT } from '../../entites/resultat/EtiquetteResultat';
import { formaterDate, formaterDateHeure } from '../../lib/dates';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useSession } from '../../lib/session';
import { regle, valeursValides } from '../../lib/zodForm';
import { useCloreSignalement, useReplanifierSignalement, useSignalements } from './api';
import { ChampsDestination, useDestination } from './ChoixDestination';
import { ModaleAction } from './ModaleAction';

type Etat = Signalement['etat'];
type Action = { signalement: Signalement; quoi: 'replanifier' | 'clore' };

function colonnes(etat: Etat, gerer: boolean, agir: (a: Action) => void): ColumnsType<Signalement> {
  return [
    { key: 'numero', title: L.numero, width: 120, render: (_, s) => <Link to={`/debarrasDetail/${s.idDebarras}`}>{s.numero}</Link> },
    { key: 'dateLevee', title: L.dateLevee, width: 110, render: (_, s) => formaterDate(s.dateLevee) },
    { key: 'adresse', title: L.adresse, dataIndex: 'adresse', ellipsis: true },
    {
      key: 'resultat',
      title: L.resultat,
      width: 170,
      render: (_, s) =>
        s.resultat ? <Tag color={COULEURS_RESULTAT[s.resultat]}>{RESULTAT_LIBELLES[s.resultat]}</Tag> : <Tag>{L.sansResultat}</Tag>,
    },
    { key: 'recuLe', title: L.recuLe, width: 160, render: (_, s) => formaterDateHeure(s.recuLe) },
    { key: 'remarque', title: L.remarque, dataIndex: 'remarque', width: '22%', ellipsis: true },
    etat === 'RESOLU'
      ? {
          key: 'traitement',
          title: L.traitement,
          width: '24%',
          ellipsis: true,
          render: (_, s) => (s.resolution === 'REPLANIFIE' ? L.replanifie(formaterDate(s.nouvelleDate)) : `${L.clos} : ${s.reponse ?? ''}`),
        }
      : {
          key: 'actions',
          title: '',
          width: 260,
          render: (_, s) =>
            gerer && (
              <Space size={4}>
                <Button
                  size="small"
                  onClick={() => agir({ signalement: s, quoi: 'replanifier' })}
                  aria-label={`${L.replanifier} ${s.numero}`}
                >
                  {L.replanifier}
                </Button>
                <Button size="small" onClick={() => agir({ signalement: s, quoi: 'clore' })} aria-label={`${L.clore} ${s.numero}`}>
                  {L.clore}
                </Button>
              </Space>
            ),
        },
  ];
}

/** The handling said: what was done, and, when the resident's e-mail did not leave, that staff should call. */
function annoncer(t: TraitementSignalement) {
  const s = t.signalement;
  notifier.succes(s.resolution === 'REPLANIFIE' ? M.replanifie(s.numero, formaterDate(s.nouvelleDate)) : M.clos(s.numero));
  if (t.courriel === 'echec') notifier.attention(M.courrielEchoue);
}

function ModaleReplanifier({ signalement: s, onFermer }: { signalement: Signalement; onFermer: () => void }) {
  const choix = useDestination();
  const replanification = useReplanifierSignalement();
  const valider = async () => {
    const r = await siAbouti(replanification.mutateAsync({ idSignalement: s.idSignalement, idLevee: choix.cible }));
    if (!r) return;
    annoncer(r);
    onFermer();
  };
  return (
    <ModaleAction
      titre={L.modaleReplanifier(s.numero)}
      ok={L.replanifier}
      enCours={replanification.isPending}
      desactive={!choix.complete}
      onOk={valider}
      onFermer={onFermer}
    >
      <ChampsDestination choix={choix} places={1} />
    </ModaleAction>
  );
}

function ModaleClore({ signalement: s, onFermer }: { signalement: Signalement; onFermer: () => void }) {
  const [form] = Form.useForm<{ reponse: string }>();
  const cloture = useCloreSignalement();
  // an answer typed is not lost unasked: by leaving the screen, or by « Annuler »
  const ecrite = !!(Form.useWatch('reponse', form) as string | undefined)?.trim();
  useGardeModifications(ecrite && !cloture.isSuccess);
  const annuler = async () => {
    if (!ecrite || (await confirmer({ titre: F.quitterTitre, contenu: F.quitterContenu, ok: F.quitter, annuler: F.rester }))) onFermer();
  };
  const valider = async () => {
    const valeurs = await valeursValides(form);
    if (!valeurs) return;
    const r = await siAbouti(cloture.mutateAsync({ idSignalement: s.idSignalement, reponse: valeurs.reponse }));
    if (!r) return;
    annoncer(r);
    onFermer();
  };
  return (
    <ModaleAction form={form} titre={L.modaleClore(s.numero)} ok={L.clore} enCours={cloture.isPending} onOk={valider} onFermer={annuler}>
      <Form.Item label={L.reponse} name="reponse" rules={[regle(clotureSignalementSchema.shape.reponse)]} required>
        <Input.TextArea autoFocus rows={4} maxLength={SIGNALEMENT_TEXTE_MAX} showCount />
      </Form.Item>
    </ModaleAction>
  );
}

/** « Signalements » (docs/regles.md « Signalements »): the residents' reports to handle, and those handled. */
export function SignalementsPage() {
  const gerer = useSession().peut('gererDebarras');
  const [etat, setEtat] = useState<Etat>('OUVERT');
  const [action, setAction] = useState<Action>();
  const liste = useSignalements(etat);
  const ouverts = useSignalements('OUVERT');
  const fermer = () => setAction(undefined);
  return (
    <>
      <TitrePage>{L.titre}</TitrePage>
      <Typography.Paragraph>{L.aide}</Typography.Paragraph>
      <Flex style={{ marginBottom: 12 }}>
        <ChoixBoutons<Etat>
          libelle={L.titre}
          valeur={etat}
          onChange={setEtat}
          options={[
            { value: 'OUVERT', label: L.ouverts(ouverts.data?.length ?? 0) },
            { value: 'RESOLU', label: L.resolus },
          ]}
        />
      </Flex>
      <Table<Signalement>
        size="small"
        rowKey="idSignalement"
        loading={liste.isLoading}
        columns={colonnes(etat, gerer, setAction)}
        dataSource={liste.data ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: L.aucun }}
      />
      {action?.quoi === 'replanifier' && <ModaleReplanifier signalement={action.signalement} onFermer={fermer} />}
      {action?.quoi === 'clore' && <ModaleClore signalement={action.signalement} onFermer={fermer} />}
    </>
  );
}
