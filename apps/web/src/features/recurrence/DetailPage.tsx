import { InfoCircleOutlined } from '@ant-design/icons';
import {
  JOURS_RECURRENCE,
  joursDeRecurrence,
  libelleJour,
  RECURRENCE_LIBELLES as L,
  RECURRENCE_MESSAGES,
  RECURRENCE_SUCCES,
  type Adresse,
  type RecurrenceSaisie,
  type JourRecurrence,
  type Recurrence,
} from '@debarras/domain';
import { Checkbox, Col, Form, Input, Row, Skeleton, Tooltip, Typography, type GetProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampActif } from '../../components/ChampActif';
import { ChampDate } from '../../components/ChampDate';
import { ChampTexte, ZoneTexte } from '../../components/ChampTexte';
import { PiedFormulaire } from '../../components/PiedFormulaire';
import { TitrePage } from '../../components/TitrePage';
import { useFormulaireDetail } from '../../components/useFormulaireDetail';
import { ChoixAdresse } from '../../entites/adresse/ChoixAdresse';
import { useObjetsChoisissables } from '../../entites/objet/api';
import { lignesRenseignees, type LigneObjet } from '../../entites/objet/lignesObjets';
import { ModaleObjets } from '../../entites/objet/ModaleObjets';
import { TableObjets } from '../../entites/objet/TableObjets';
import { choisir, confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { useApercuRecurrence, useEnregistrerRecurrence, useRecurrence } from './api';
import {
  adresseChange,
  contenuDesDebarrasChange,
  joursCoches,
  lignesDe,
  messageDuChamp,
  versSaisie,
  versValeurs,
  type ChampRecurrence,
  type ValeursRecurrence,
} from './saisieRecurrence';
import { Formulaire } from '../../components/Formulaire';

const OPTIONS_JOURS = JOURS_RECURRENCE.map((j) => ({ value: j, label: libelleJour(j) }));

const regleChamp =
  (champ: ChampRecurrence): Rule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const message = messageDuChamp(getFieldsValue(true) as ValeursRecurrence, champ);
      if (message) throw new Error(message);
    },
  });

type PropsJours = GetProps<typeof Checkbox.Group<JourRecurrence>> & { 'aria-required'?: unknown; 'aria-invalid'?: unknown };

/**
 * The weekday boxes, a group named « Jours ». The form item's aria-required and aria-invalid are not allowed on a
 * group (axe): the label's star and the message under the boxes say it.
 */
function ChoixJours({ 'aria-required': _requis, 'aria-invalid': _invalide, ...props }: PropsJours) {
  return <Checkbox.Group<JourRecurrence> {...props} options={OPTIONS_JOURS} role="group" aria-label={L.jours} />;
}

/** The save, whose success also says how many recurring débarras it created at once on the coming levées. */
function useEnregistrementAvecBilan() {
  const enregistrement = useEnregistrerRecurrence();
  const mutate: typeof enregistrement.mutate = (saisie, options) =>
    enregistrement.mutate(saisie, {
      ...options,
      onSuccess: (enregistree, ...reste) => {
        options?.onSuccess?.(enregistree, ...reste);
        if (enregistree.debarrasCrees > 0) notifier.succes(RECURRENCE_SUCCES.debarrasCrees(enregistree.debarrasCrees));
        if (enregistree.debarrasModifies > 0) notifier.succes(RECURRENCE_SUCCES.debarrasModifies(enregistree.debarrasModifies));
      },
    });
  return { ...enregistrement, mutate };
}

/** Edits of the object lines belong to the record they were made on: a save or a new read starts them afresh. */
interface ObjetsSaisis {
  pour: Recurrence | undefined;
  lignes: LigneObjet[];
}

const memesLignes = (a: readonly LigneObjet[], b: readonly LigneObjet[]) =>
  JSON.stringify(lignesRenseignees(a)) === JSON.stringify(lignesRenseignees(b));

/** `/RecurrenceDetail/:id?` (docs/regles.md « Récurrences »): an address's fixed weekdays, and what each débarras they create holds. */
export function RecurrenceDetailPage() {
  const { id } = useParams();
  const idRecurrence = id ? Number(id) : undefined;
  const requete = useRecurrence(idRecurrence);
  const enregistrees = useMemo(() => lignesDe(requete.data), [requete.data]);
  const [objets, setObjets] = useState<ObjetsSaisis | null>(null);
  const lignes = objets && objets.pour === requete.data ? objets.lignes : enregistrees;
  const objetsModifies = !memesLignes(lignes, enregistrees);
  const [modaleObjets, setModaleObjets] = useState(false);
  const boutonEditer = useRef<HTMLButtonElement>(null);
  const appliquerAuxDebarras = useRef(false);
  // the catalogue is read with the form: the objects modal opens ready for the keyboard
  useObjetsChoisissables(true);

  const {
    entite: recurrence,
    chargement,
    form,
    initiales,
    modifie,
    enregistrer,
    enCours,
  } = useFormulaireDetail({
    id: idRecurrence,
    requete,
    enregistrement: useEnregistrementAvecBilan(),
    versValeurs,
    versSaisie: (valeurs, r) => ({ ...versSaisie(valeurs, lignes, r), appliquerAuxDebarras: appliquerAuxDebarras.current }),
    succes: RECURRENCE_SUCCES,
    nom: (r) => r.adresse.adresse,
    chemin: (r) => `/RecurrenceDetail/${r.idRecurrence}`,
    autreSaisieEnCours: objetsModifies,
  });

  const apercu = useApercuRecurrence();
  /**
   * Before the save, the user is told what it will do to the débarras, and asked (docs/regles.md « Récurrences »):
   * first whether its débarras still to collect take the changed address, requester, objects and remarks; then the
   * levées on which it creates one, unless it remakes them at a new address.
   */
  const enregistrerApresQuestions = async (valeurs: ValeursRecurrence) => {
    const saisie: RecurrenceSaisie = versSaisie(valeurs, lignes, recurrence);
    appliquerAuxDebarras.current = false;
    const demenage = !!recurrence && adresseChange(saisie, recurrence);
    if (recurrence && recurrence.debarrasAVenir > 0 && contenuDesDebarrasChange(saisie, recurrence)) {
      const choix = await choisir({
        titre: RECURRENCE_MESSAGES.appliquerTitre,
        contenu: (demenage ? RECURRENCE_MESSAGES.appliquerAdresse : RECURRENCE_MESSAGES.appliquer)(recurrence.debarrasAVenir),
        choix: [
          { libelle: L.recurrenceSeule, valeur: 'seule' },
          { libelle: L.appliquerAussi, valeur: 'aussi' },
        ],
      });
      if (!choix) return;
      appliquerAuxDebarras.current = choix === 'aussi';
    }
    // débarras remade at a new address: the question above said so, they are not new ones
    if (!(demenage && appliquerAuxDebarras.current)) {
      const { dates } = await apercu.mutateAsync(saisie);
      if (
        dates.length &&
        !(await confirmer({
          titre: RECURRENCE_MESSAGES.creationTitre,
          contenu: RECURRENCE_MESSAGES.creation(dates),
          ok: L.creer,
          annuler: 'Annuler',
        }))
      )
        return;
    }
    enregistrer(valeurs);
  };

  const choisirAdresse = (adresse: Adresse | null) => {
    if (!adresse) return;
    form.setFieldsValue({ idpAdr: adresse.idpAdr, adresse: adresse.adresse });
    if (form.getFieldError('adresse').length) form.validateFields(['adresse']).catch(() => undefined);
  };

  if (chargement) return <Skeleton active />;
  return (
    <div className="page-detail">
      <TitrePage>{recurrence ? L.fiche : L.nouvelle}</TitrePage>
      <Formulaire<ValeursRecurrence>
        form={form}
        layout="vertical"
        onFinish={(valeurs) => void enregistrerApresQuestions(valeurs).catch(() => undefined)}
        initialValues={initiales}
      >
        <Form.Item label={L.rechercheAdresse} htmlFor="rechercheAdresse">
          <ChoixAdresse id="rechercheAdresse" value={null} onChange={choisirAdresse} autoFocus={!recurrence} />
        </Form.Item>
        <Form.Item name="idpAdr" hidden>
          <Input />
        </Form.Item>
        <Form.Item label={L.adresse} name="adresse" rules={[regleChamp('adresse')]} required>
          {/* filled by the search: Tab goes on from the search to the days */}
          <Input readOnly tabIndex={-1} />
        </Form.Item>
        <Form.Item
          label={
            <>
              {L.jours}
              <Tooltip title={L.info} trigger={['hover', 'focus']}>
                <InfoCircleOutlined tabIndex={0} aria-label={L.info} style={{ marginInlineStart: 6 }} />
              </Tooltip>
            </>
          }
          name="recurrence"
          rules={[regleChamp('recurrence')]}
          required
          getValueProps={(jours: string) => ({ value: joursDeRecurrence(jours) })}
          getValueFromEvent={(jours: JourRecurrence[]) => joursCoches(jours)}
        >
          <ChoixJours />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={L.dateDebutSaisie} name="dateDebut" rules={[regleChamp('dateDebut')]} required>
              <ChampDate allowClear={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={L.dateFinSaisie} name="dateFin" rules={[regleChamp('dateFin')]} dependencies={['dateDebut']}>
              <ChampDate style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={L.remarqueSaisie} name="remarque" rules={[regleChamp('remarque')]}>
          <ZoneTexte autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} />
        </Form.Item>
        <Form.Item label={L.remarqueObjetSaisie} name="remarqueObjet" rules={[regleChamp('remarqueObjet')]}>
          <ZoneTexte autoSize={{ minRows: 2, maxRows: 5 }} maxLength={300} />
        </Form.Item>
        <ChampActif />
        <Typography.Title level={5}>{L.demandeur}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={L.nomPersonne} name="nomPersonne" rules={[regleChamp('nomPersonne')]}>
              <ChampTexte maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={L.telephone} name="telephone" rules={[regleChamp('telephone')]}>
              <ChampTexte maxLength={60} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={L.email} name="email" rules={[regleChamp('email')]}>
              <ChampTexte maxLength={300} inputMode="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <TableObjets lignes={lignes} editer={() => setModaleObjets(true)} erreur={undefined} refEditer={boutonEditer} />
        <LigneAudit audit={recurrence} />
        <PiedFormulaire liste="/RecurrenceListe" enregistrable={modifie || objetsModifies} enCours={enCours || apercu.isPending} />
      </Formulaire>
      <ModaleObjets
        ouvert={modaleObjets}
        lignes={lignes}
        retour={boutonEditer}
        onFermer={() => setModaleObjets(false)}
        onValider={(choisies) => {
          setObjets({ pour: recurrence, lignes: choisies });
          setModaleObjets(false);
        }}
      />
    </div>
  );
}
