import {
  DESTINATAIRE_LIBELLES,
  DESTINATAIRE_SUCCES,
  destinataireSaisieSchema,
  type Destinataire,
  type FormatImpression,
} from '@debarras/domain';
import { Form, Select, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampActif } from '../../components/ChampActif';
import { ChampTexte, ZoneTexte } from '../../components/ChampTexte';
import { PiedFormulaire } from '../../components/PiedFormulaire';
import { useFormulaireDetail } from '../../components/useFormulaireDetail';
import { regle } from '../../lib/zodForm';
import { useFormatsImpression } from '../../entites/parametre/api';
import { useDestinataire, useEnregistrerDestinataire } from './api';
import { TitrePage } from '../../components/TitrePage';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  destinataire: string;
  email: string;
  description: string;
  /** undefined (not '') lets the select show its placeholder. */
  type?: FormatImpression;
  actif: 0 | 1;
}

const champs = destinataireSaisieSchema.shape;
const versValeurs = (d: Destinataire | undefined): Valeurs => ({
  destinataire: d?.destinataire ?? '',
  email: d?.email ?? '',
  description: d?.description ?? '',
  type: d?.type,
  actif: d?.actif ?? 1,
});

export function DestinataireDetailPage() {
  const { id } = useParams();
  const idDestinataire = id ? Number(id) : undefined;
  const {
    entite: destinataire,
    chargement,
    form,
    initiales,
    modifie,
    enregistrer,
    enCours,
  } = useFormulaireDetail({
    id: idDestinataire,
    requete: useDestinataire(idDestinataire),
    enregistrement: useEnregistrerDestinataire(),
    versValeurs,
    versSaisie: (valeurs, d) => ({ ...valeurs, type: valeurs.type as FormatImpression, idDestinataire, version: d?.version }),
    succes: DESTINATAIRE_SUCCES,
    nom: (d) => d.destinataire,
    chemin: (d) => `/destinataireDetail/${d.idDestinataire}`,
  });
  const formats = useFormatsImpression();
  // A recipient keeps the Pdf format it was given while Pdf was enabled: shown, not silently changed.
  const optionsType = [...new Set([...formats, ...(destinataire ? [destinataire.type] : [])])].map((f) => ({ value: f, label: f }));

  if (chargement) return <Skeleton active />;
  return (
    <div className="page-detail">
      <TitrePage>{destinataire ? DESTINATAIRE_LIBELLES.fiche(destinataire.destinataire) : DESTINATAIRE_LIBELLES.nouveau}</TitrePage>
      <Formulaire<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
        <Form.Item label={DESTINATAIRE_LIBELLES.destinataire} name="destinataire" rules={[regle(champs.destinataire)]} required>
          <ChampTexte maxLength={300} autoFocus />
        </Form.Item>
        <Form.Item label={DESTINATAIRE_LIBELLES.email} name="email" rules={[regle(champs.email)]} required>
          <ChampTexte maxLength={300} inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={DESTINATAIRE_LIBELLES.description} name="description" rules={[regle(champs.description)]} required>
          <ZoneTexte autoSize={{ minRows: 2, maxRows: 6 }} maxLength={300} />
        </Form.Item>
        <Form.Item label={DESTINATAIRE_LIBELLES.type} name="type" rules={[regle(champs.type)]} required>
          <Select options={optionsType} allowClear placeholder={DESTINATAIRE_LIBELLES.choisirType} style={{ maxWidth: 240 }} />
        </Form.Item>
        <ChampActif />
        <LigneAudit audit={destinataire} />
        <PiedFormulaire liste="/destinataireListe" enregistrable={modifie} enCours={enCours} />
      </Formulaire>
    </div>
  );
}
