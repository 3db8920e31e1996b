import {
  aujourdhui,
  EQUIPE_LIBELLES,
  FORMAT_DATE,
  LEVEE_LIBELLES,
  LEVEE_MESSAGES,
  leveeModificationSchema,
  libelleSecteurLevee,
  peutArchiverLevee,
  peutModifierLevee,
  peutModifierMaxLevee,
  STATUT_LEVEE_LIBELLES,
  type Levee,
} from '@debarras/domain';
import { Alert, Button, Form, InputNumber, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { useGardeModifications } from '../../components/useGardeModifications';
import { DebarrasDeLaLevee } from '../../entites/debarras/DebarrasDeLaLevee';
import { confirmer } from '../../lib/confirmation';
import { formaterDate } from '../../lib/dates';
import { messageErreur, notifier } from '../../lib/notifications';
import { useSession } from '../../lib/session';
import { regle } from '../../lib/zodForm';
import { useArchiverLevee, useEnregistrerLevee, useLevee } from './api';
import { TitrePage } from '../../components/TitrePage';
import { TourneeLevee } from './TourneeLevee';
import { EquipeLevee } from './EquipeLevee';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  nbDebarrasMax: number | null;
  indisponibilite: number;
  kilometrage: number | null;
}

const champs = leveeModificationSchema.shape;
const regleMax = champs.nbDebarrasMax.unwrap();
const versValeurs = (l: Levee): Valeurs => ({
  nbDebarrasMax: l.nbDebarrasMax,
  indisponibilite: l.indisponibilite,
  kilometrage: l.kilometrage,
});

/** « secteur {label} », unless the label already says it (« Secteur 1 - Pâquis … » would read « secteur Secteur 1 »). */
const libelleSecteur = (libelle: string) => (/^secteur\b/i.test(libelle) ? libelle : `secteur ${libelle}`);

/** 'Détail de la levée [supplémentaire] du {weekday date} - secteur {label} or name - status' (docs/regles.md « Détail d'une levée »). */
export const titreLevee = (l: Levee) =>
  [
    `${LEVEE_LIBELLES.detail}${l.supplementaire ? ' supplémentaire' : ''} du ${dayjs(l.dateLevee).format(`dddd ${FORMAT_DATE}`)}`,
    l.secteur ? libelleSecteur(l.secteur.libelle) : l.name || LEVEE_LIBELLES.nomParDefaut,
    STATUT_LEVEE_LIBELLES[l.statut],
  ].join(' - ');

export function LeveeDetailPage() {
  const { id } = useParams();
  const idLevee = id ? Number(id) : undefined;
  const { data: levee, isLoading, error } = useLevee(idLevee);

  // a round is never created from here: without an id the list is the place to choose one
  if (idLevee === undefined) return <Navigate to="/leveeListe" replace />;
  if (isLoading) return <Skeleton active />;
  if (!levee) return <Alert type="error" showIcon message={messageErreur(error)} />;
  return <FicheLevee key={levee.idLevee} levee={levee} />;
}

function FicheLevee({ levee }: { levee: Levee }) {
  const naviguer = useNavigate();
  const gerer = useSession().peut('gererLevees');
  const [form] = Form.useForm<Valeurs>();
  const enregistrement = useEnregistrerLevee();
  const archivage = useArchiverLevee();
  const saisie = Form.useWatch([], form) as Valeurs | undefined;
  const [tourneeModifiee, setTourneeModifiee] = useState(false);
  useGardeModifications(
    tourneeModifiee || (saisie !== undefined && (['nbDebarrasMax', 'kilometrage'] as const).some((k) => (saisie[k] ?? null) !== levee[k])),
  );

  const actif = peutModifierLevee(levee);
  const maxModifiable = gerer && peutModifierMaxLevee(levee);
  const valide =
    champs.kilometrage.safeParse(saisie?.kilometrage ?? null).success &&
    (!maxModifiable || regleMax.safeParse(saisie?.nbDebarrasMax ?? undefined).success);

  useEffect(() => {
    form.setFieldsValue(versValeurs(levee));
  }, [form, levee]);

  const enregistrer = (valeurs: Valeurs) =>
    enregistrement.mutate({
      idLevee: levee.idLevee,
      kilometrage: valeurs.kilometrage,
      ...(maxModifiable && valeurs.nbDebarrasMax !== null ? { nbDebarrasMax: valeurs.nbDebarrasMax } : {}),
      version: levee.version,
    });

  const archiver = async () => {
    if (!peutArchiverLevee(levee, aujourdhui())) {
      notifier.erreur(LEVEE_MESSAGES.archivageImpossible);
      return;
    }
    // stops the crew left without result are said before they are archived as done (docs/regles.md « Tournée des équipes »)
    const sansResultat = levee.nbDebarras - levee.nbResultats;
    const contenu = sansResultat > 0 ? EQUIPE_LIBELLES.confirmationArchivageSansResultat(sansResultat) : undefined;
    if (!(await confirmer({ titre: LEVEE_MESSAGES.confirmationArchivage, contenu, ok: 'Archiver', annuler: 'Annuler', danger: true })))
      return;
    archivage.mutate({ idLevee: levee.idLevee, version: levee.version });
  };

  return (
    <div className="page-detail">
      <TitrePage onglet={`Levée ${libelleSecteurLevee(levee)} du ${formaterDate(levee.dateLevee)}`}>{titreLevee(levee)}</TitrePage>
      <Formulaire<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={versValeurs(levee)}>
        <Form.Item
          label={LEVEE_LIBELLES.maxDebarras}
          name="nbDebarrasMax"
          rules={maxModifiable ? [regle(regleMax)] : []}
          required={maxModifiable}
        >
          <InputNumber disabled={!maxModifiable} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.indisponibilite} name="indisponibilite">
          <InputNumber disabled style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={LEVEE_LIBELLES.kilometrageDetail} name="kilometrage" rules={[regle(champs.kilometrage)]}>
          <InputNumber disabled={!gerer || !actif} style={{ width: 200 }} />
        </Form.Item>
        <DebarrasDeLaLevee idLevee={levee.idLevee} />
        <TourneeLevee levee={levee} onModifie={setTourneeModifiee} />
        {gerer && <EquipeLevee levee={levee} />}
        <LigneAudit audit={levee} />
        <div className="pied-formulaire">
          <Button onClick={() => naviguer('/leveeListe')}>Retour à la liste</Button>
          {gerer && (
            <Space>
              <Button danger disabled={!actif || !valide} loading={archivage.isPending} onClick={archiver}>
                Archiver
              </Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={enregistrement.isPending}
                disabled={!actif || !valide || enregistrement.isPending}
              >
                Enregistrer
              </Button>
            </Space>
          )}
        </div>
      </Formulaire>
    </div>
  );
}
