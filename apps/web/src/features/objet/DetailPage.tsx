import {
  OBJET_LIBELLES,
  OBJET_SUCCES,
  objetSaisieSchema,
  TYPES_OBJET,
  type Objet,
  type ObjetSaisie,
  type TypeObjet,
} from '@debarras/domain';
import { Form, InputNumber, Select, Skeleton } from 'antd';
import { Navigate, useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampActif } from '../../components/ChampActif';
import { ChampTexte } from '../../components/ChampTexte';
import { PiedFormulaire } from '../../components/PiedFormulaire';
import { useFormulaireDetail } from '../../components/useFormulaireDetail';
import { useSession } from '../../lib/session';
import { regle } from '../../lib/zodForm';
import { useEnregistrerObjet, useObjet } from './api';
import { ImageObjet } from './ImageObjet';
import { TitrePage } from '../../components/TitrePage';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  libelle: string;
  libelleExt: string;
  libelleExtEn: string;
  url: string;
  urlInterdit: string;
  urlInterditEn: string;
  ordre: number | null;
  /** undefined (not '') lets the select show its placeholder. */
  type?: TypeObjet;
  actif: 0 | 1;
}

const champs = objetSaisieSchema.shape;
const OPTIONS_TYPE = TYPES_OBJET.map((t) => ({ value: t, label: t }));
const versValeurs = (o: Objet | undefined): Valeurs => ({
  libelle: o?.libelle ?? '',
  libelleExt: o?.libelleExt ?? '',
  libelleExtEn: o?.libelleExtEn ?? '',
  url: o?.url ?? '',
  urlInterdit: o?.urlInterdit ?? '',
  urlInterditEn: o?.urlInterditEn ?? '',
  ordre: o?.ordre ?? null,
  type: o?.type,
  actif: o?.actif ?? 1,
});

/** Called once the form rules have passed, so the order and the type are set. */
const versSaisie = (v: Valeurs, objet: Objet | undefined): ObjetSaisie => ({
  ...v,
  ordre: v.ordre as number,
  type: v.type as TypeObjet,
  idObjet: objet?.idObjet,
  version: objet?.version,
});

export function ObjetDetailPage() {
  const { id } = useParams();
  const idObjet = id ? Number(id) : undefined;
  // Adding an object and changing what the online booking shows of it belong to the technical role.
  const technique = useSession().peut('gererCatalogueEnLigne');
  const {
    entite: objet,
    chargement,
    form,
    saisie,
    initiales,
    modifie,
    enregistrer,
    enCours,
  } = useFormulaireDetail({
    id: idObjet,
    requete: useObjet(idObjet),
    enregistrement: useEnregistrerObjet(),
    versValeurs,
    versSaisie,
    succes: OBJET_SUCCES,
    nom: (o) => o.libelle,
    chemin: (o) => `/objetDetail/${o.idObjet}`,
  });

  if (!idObjet && !technique) return <Navigate to="/403" replace />;
  if (chargement) return <Skeleton active />;
  return (
    <div className="page-detail">
      <TitrePage>{objet ? OBJET_LIBELLES.fiche(objet.libelle) : OBJET_LIBELLES.nouveau}</TitrePage>
      <Formulaire<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
        <Form.Item label={OBJET_LIBELLES.libelle} name="libelle" rules={[regle(champs.libelle)]} required>
          <ChampTexte maxLength={300} autoFocus />
        </Form.Item>
        <Form.Item label={OBJET_LIBELLES.libelleExt} name="libelleExt" rules={[regle(champs.libelleExt)]} required>
          <ChampTexte maxLength={300} disabled={!technique} />
        </Form.Item>
        <Form.Item
          label={OBJET_LIBELLES.libelleExtEn}
          name="libelleExtEn"
          rules={[regle(champs.libelleExtEn)]}
          extra={OBJET_LIBELLES.aideAnglais}
        >
          <ChampTexte maxLength={300} disabled={!technique} lang="en" />
        </Form.Item>
        <Form.Item
          label={OBJET_LIBELLES.url}
          name="url"
          rules={[regle(champs.url)]}
          required
          extra={<ImageObjet url={saisie?.url} alt={OBJET_LIBELLES.apercu} taille={48} />}
        >
          <ChampTexte maxLength={120} disabled={!technique} placeholder="icones/nom.svg" />
        </Form.Item>
        <Form.Item label={OBJET_LIBELLES.ordre} name="ordre" rules={[regle(champs.ordre)]} required>
          <InputNumber maxLength={3} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label={OBJET_LIBELLES.type} name="type" rules={[regle(champs.type)]} required>
          <Select options={OPTIONS_TYPE} allowClear placeholder={OBJET_LIBELLES.choisirType} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item label={OBJET_LIBELLES.urlInterdit} name="urlInterdit" rules={[regle(champs.urlInterdit)]}>
          <ChampTexte maxLength={300} placeholder="https://" />
        </Form.Item>
        <Form.Item
          label={OBJET_LIBELLES.urlInterditEn}
          name="urlInterditEn"
          rules={[regle(champs.urlInterditEn)]}
          extra={OBJET_LIBELLES.aideAnglais}
        >
          <ChampTexte maxLength={300} placeholder="https://" lang="en" />
        </Form.Item>
        <ChampActif />
        <LigneAudit audit={objet} />
        <PiedFormulaire liste="/objetListe" enregistrable={modifie} enCours={enCours} />
      </Formulaire>
    </div>
  );
}
