import { PARAMETRE_LIBELLES, PARAMETRE_SUCCES, parametreSaisieSchema, type Parametre } from '@debarras/domain';
import { Form, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampTexte, ZoneTexte } from '../../components/ChampTexte';
import { PiedFormulaire } from '../../components/PiedFormulaire';
import { useFormulaireDetail } from '../../components/useFormulaireDetail';
import { regle } from '../../lib/zodForm';
import { useEnregistrerParametre, useParametre } from './api';
import { TitrePage } from '../../components/TitrePage';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  cle: string;
  valeur: string;
  description: string;
}

const champs = parametreSaisieSchema.shape;
const versValeurs = (p: Parametre | undefined): Valeurs => ({
  cle: p?.cle ?? '',
  valeur: p?.valeur ?? '',
  description: p?.description ?? '',
});

export function ParametreDetailPage() {
  const { id } = useParams();
  const idParametre = id ? Number(id) : undefined;
  const {
    entite: parametre,
    chargement,
    form,
    initiales,
    modifie,
    enregistrer,
    enCours,
  } = useFormulaireDetail({
    id: idParametre,
    requete: useParametre(idParametre),
    enregistrement: useEnregistrerParametre(),
    versValeurs,
    versSaisie: (valeurs, p) => ({ ...valeurs, idParametre, version: p?.version }),
    succes: PARAMETRE_SUCCES,
    nom: (p) => p.cle,
    chemin: (p) => `/parametreDetail/${p.idParametre}`,
  });

  if (chargement) return <Skeleton active />;
  return (
    <div className="page-detail">
      <TitrePage>{parametre ? `Paramètre ${parametre.cle}` : 'Nouveau paramètre'}</TitrePage>
      <Formulaire<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
        <Form.Item label={PARAMETRE_LIBELLES.cle} name="cle" rules={[regle(champs.cle)]} required>
          <ChampTexte disabled={Boolean(idParametre)} maxLength={300} autoFocus={!idParametre} />
        </Form.Item>
        <Form.Item label={PARAMETRE_LIBELLES.valeur} name="valeur" rules={[regle(champs.valeur)]} required>
          <ChampTexte maxLength={300} autoFocus={Boolean(idParametre)} />
        </Form.Item>
        <Form.Item label={PARAMETRE_LIBELLES.description} name="description" rules={[regle(champs.description)]}>
          <ZoneTexte autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} />
        </Form.Item>
        <LigneAudit audit={parametre} />
        <PiedFormulaire liste="/parametreListe" enregistrable={modifie} enCours={enCours} />
      </Formulaire>
    </div>
  );
}
