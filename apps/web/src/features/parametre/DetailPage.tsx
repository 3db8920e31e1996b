import { PARAMETRE_LIBELLES, PARAMETRE_SUCCES, parametreSaisieSchema, type Parametre } from '@debarras/domain';
import { Button, Form, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuditLine } from '../../components/AuditLine';
import { ChampTexte, ZoneTexte } from '../../components/ChampTexte';
import { messageErreur, notifier } from '../../lib/notifications';
import { regle } from '../../lib/zodForm';
import { useEnregistrerParametre, useParametre } from './api';

interface Valeurs {
  cle: string;
  valeur: string;
  description: string;
}

const champs = parametreSaisieSchema.shape;
const versValeurs = (p: Parametre | undefined): Valeurs => ({ cle: p?.cle ?? '', valeur: p?.valeur ?? '', description: p?.description ?? '' });

export function ParametreDetailPage() {
  const { id } = useParams();
  const idParametre = id ? Number(id) : undefined;
  const naviguer = useNavigate();
  const [form] = Form.useForm<Valeurs>();
  const { data: parametre, isLoading, error } = useParametre(idParametre);
  const enregistrement = useEnregistrerParametre();
  const saisie = Form.useWatch([], form) as Valeurs | undefined;
  const initiales = versValeurs(parametre);
  const modifie = saisie !== undefined && (Object.keys(initiales) as (keyof Valeurs)[]).some((k) => (saisie[k] ?? '') !== initiales[k]);

  useEffect(() => {
    form.setFieldsValue(versValeurs(parametre));
  }, [form, parametre]);
  useEffect(() => {
    if (error) notifier.erreur(messageErreur(error));
  }, [error]);

  const enregistrer = async (valeurs: Valeurs) => {
    try {
      const enregistre = await enregistrement.mutateAsync({ ...valeurs, idParametre, version: parametre?.version });
      notifier.succes(idParametre ? PARAMETRE_SUCCES.misAJour(enregistre.cle) : PARAMETRE_SUCCES.ajoute(enregistre.cle));
      if (!idParametre) naviguer(`/parametreDetail/${enregistre.idParametre}`, { replace: true });
    } catch (e) {
      notifier.erreur(messageErreur(e));
    }
  };

  if (isLoading) return <Skeleton active />;
  return (
    <div className="page-detail">
      <Typography.Title level={3}>{parametre ? `Paramètre ${parametre.cle}` : 'Nouveau paramètre'}</Typography.Title>
      <Form<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
        <Form.Item label={PARAMETRE_LIBELLES.cle} name="cle" rules={[regle(champs.cle)]} required>
          <ChampTexte disabled={Boolean(idParametre)} maxLength={300} autoFocus={!idParametre} />
        </Form.Item>
        <Form.Item label={PARAMETRE_LIBELLES.valeur} name="valeur" rules={[regle(champs.valeur)]} required>
          <ChampTexte maxLength={300} autoFocus={Boolean(idParametre)} />
        </Form.Item>
        <Form.Item label={PARAMETRE_LIBELLES.description} name="description" rules={[regle(champs.description)]}>
          <ZoneTexte autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} />
        </Form.Item>
        <AuditLine audit={parametre} />
        <div className="pied-formulaire">
          <Button onClick={() => naviguer('/parametreListe')}>Retour à la liste</Button>
          <Space>
            <Button type="primary" htmlType="submit" loading={enregistrement.isPending} disabled={!modifie || enregistrement.isPending}>
              Enregistrer
            </Button>
          </Space>
        </div>
      </Form>
    </div>
  );
}
