import { ADRESSE_EXCEPTION_LIBELLES as A, ADRESSE_EXCEPTION_SUCCES, type AdresseException } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Radio, Row, Skeleton, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampDate } from '../../components/ChampDate';
import { ZoneTexte } from '../../components/ChampTexte';
import { TitrePage } from '../../components/TitrePage';
import { useGardeModifications } from '../../components/useGardeModifications';
import { requeteAdresse } from '../../entites/adresse/api';
import { useAdresseException, useEnregistrerAdresseException } from '../../entites/adresseException/api';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import type { NouvelleException } from './ModaleAjout';
import { CartePointsException } from './DetailPageCarte';
import { LIBELLES_FICHE as L } from './libellesCarte';
import {
  CHAMPS_EXCEPTION,
  estModifiee,
  formaterCoordonnee,
  messageDuChamp,
  OPTIONS_STATUT,
  placerPoint,
  pointDe,
  retirerPoint,
  versSaisie,
  versValeurs,
  type AdresseDeLaFiche,
  type ChampException,
  type GenrePoint,
  type ValeursException,
} from './saisieException';
import './fiche.css';
import { Formulaire } from '../../components/Formulaire';

const LISTE = '/adresseExceptionListe';

/**
 * `/adresseExceptionDetail/:id?` (docs/regles.md « Adresses exceptions »): an existing exception by
 * its id, or a new one for the address the add dialog passed in the router state.
 */
export function AdresseExceptionDetailPage() {
  const { id } = useParams();
  const idException = id ? Number(id) : undefined;
  const nouvelle = useLocation().state as NouvelleException | null;
  const requete = useAdresseException(idException);
  const exception = requete.data;
  const adresse: AdresseDeLaFiche | undefined = exception ?? (idException === undefined && nouvelle?.idpadr ? nouvelle : undefined);
  const registre = useQuery(requeteAdresse(adresse?.idpadr));

  if (idException === undefined && !adresse) return <Navigate to={LISTE} replace />;
  if (requete.isLoading || registre.isLoading) return <Skeleton active />;
  // a failed read is announced; the list is where to go on
  if (!adresse) return <Navigate to={LISTE} replace />;
  const centre: [number, number] | null = registre.data
    ? [registre.data.x, registre.data.y]
    : (pointDe(versValeurs(exception), 'depot') ?? pointDe(versValeurs(exception), 'travaux'));
  return <FicheException exception={exception} adresse={adresse} centre={centre} />;
}

interface PropsFiche {
  exception: AdresseException | undefined;
  adresse: AdresseDeLaFiche;
  centre: [number, number] | null;
}

function FicheException({ exception, adresse, centre }: PropsFiche) {
  const naviguer = useNavigate();
  const [form] = Form.useForm<ValeursException>();
  const saisie = Form.useWatch([], form) as ValeursException | undefined;
  const initiales = useMemo(() => versValeurs(exception), [exception]);
  const modifie = estModifiee(saisie, initiales);
  const { sansGarde } = useGardeModifications(modifie);
  const enregistrement = useEnregistrerAdresseException();
  const [edition, setEdition] = useState<GenrePoint | null>(null);
  // placing a point takes the keyboard to the map; once placed or cancelled, it comes back to the form
  const boutonsPlacer = useRef<Partial<Record<GenrePoint, HTMLElement | null>>>({});
  const [auClavier, setAuClavier] = useState(false);
  const editer = (genre: GenrePoint | null, clavier = false) => {
    if (genre === null && edition && auClavier) boutonsPlacer.current[edition]?.focus();
    setAuClavier(clavier);
    setEdition(genre);
  };
  const valeurs = saisie ?? initiales;
  const points = { depot: pointDe(valeurs, 'depot'), travaux: pointDe(valeurs, 'travaux') };

  const regleException =
    (champ: ChampException): Rule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const message = messageDuChamp(getFieldsValue(true) as ValeursException, adresse, champ);
        if (message) throw new Error(message);
      },
    });

  /** A change from the map: the fields already showing a message are checked again against it. */
  const changer = (valeursModifiees: Partial<ValeursException>) => {
    form.setFieldsValue(valeursModifiees);
    const enErreur = form
      .getFieldsError()
      .filter((f) => f.errors.length)
      .map((f) => f.name);
    if (enErreur.length) form.validateFields(enErreur).catch(() => undefined);
  };

  const placer = (genre: GenrePoint, x: number, y: number) => {
    changer(placerPoint(genre, x, y));
    editer(null);
  };

  const supprimer = async (genre: GenrePoint) => {
    setEdition(null);
    if (genre === 'travaux' && !(await confirmer({ titre: L.confirmationTravauxTitre, contenu: L.confirmationTravaux, danger: true })))
      return;
    changer(retirerPoint(genre));
  };

  const enregistrer = () =>
    enregistrement.mutate(versSaisie(form.getFieldsValue(true) as ValeursException, adresse, exception), {
      onSuccess: (enregistree) => {
        notifier.succes(
          exception ? ADRESSE_EXCEPTION_SUCCES.miseAJour(enregistree.adresse) : ADRESSE_EXCEPTION_SUCCES.ajoutee(enregistree.adresse),
        );
        sansGarde(() => naviguer(LISTE));
      },
    });

  const item = (champ: ChampException) => ({
    name: champ,
    rules: [regleException(champ)],
    dependencies: CHAMPS_EXCEPTION.filter((c) => c !== champ),
  });

  /** Two fields side by side. */
  const paire = (...champs: [ChampException, string, ReactNode][]) => (
    <Row gutter={8}>
      {champs.map(([champ, libelle, controle]) => (
        <Col span={12} key={champ}>
          <Form.Item label={libelle} {...item(champ)}>
            {controle}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );

  const commandesPoint = (genre: GenrePoint) => (
    <Space wrap size={8}>
      <Button
        size="small"
        ref={(bouton) => {
          boutonsPlacer.current[genre] = bouton;
        }}
        type={edition === genre ? 'primary' : 'default'}
        aria-pressed={edition === genre}
        // `detail` is 0 when Enter or Space pressed the button: the keyboard then goes on to the map
        onClick={(e) => editer(edition === genre ? null : genre, e.detail === 0)}
      >
        {L.placer[genre]}
      </Button>
      <Button size="small" danger disabled={!points[genre]} onClick={() => void supprimer(genre)}>
        {L.supprimer[genre]}
      </Button>
    </Space>
  );

  return (
    <div className="fiche-carte">
      <TitrePage>{exception ? L.titre(adresse.adresse) : L.titreNouvelle(adresse.adresse)}</TitrePage>
      <div className="fiche-carte-corps">
        <CartePointsException
          centre={centre}
          libelle={L.carteFiche(adresse.adresse)}
          points={points}
          edition={edition}
          onEditer={editer}
          focaliser={auClavier}
          onPlacer={placer}
          onSupprimer={(genre) => void supprimer(genre)}
        />
        <aside className="fiche-carte-panneau" aria-label={A.adresse}>
          <Formulaire<ValeursException> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
            <Form.Item label={A.remarqueInterne} {...item('remarqueInterne')}>
              <ZoneTexte autoSize={{ minRows: 2, maxRows: 5 }} autoFocus />
            </Form.Item>
            <Form.Item label={A.remarquePublique} {...item('remarquePublique')}>
              <ZoneTexte autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            <fieldset>
              <legend>{A.pointDepot}</legend>
              {paire(['xdepot', A.xdepot, <ChampCoordonnee />], ['ydepot', A.ydepot, <ChampCoordonnee />])}
              {commandesPoint('depot')}
            </fieldset>
            <fieldset>
              <legend>{L.travaux}</legend>
              <Form.Item label={A.remarqueTravaux} {...item('remarqueTravaux')}>
                <ZoneTexte autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
              {paire(
                ['dateDebutTravaux', `${A.dateDebutTravaux} (${L.du.toLowerCase()})`, <ChampDate style={{ width: '100%' }} />],
                ['dateFinTravaux', `${A.dateFinTravaux} (${L.au.toLowerCase()})`, <ChampDate style={{ width: '100%' }} />],
              )}
              {paire(['xtravaux', A.xtravaux, <ChampCoordonnee />], ['ytravaux', A.ytravaux, <ChampCoordonnee />])}
              {commandesPoint('travaux')}
            </fieldset>
            <Form.Item label={A.statut} name="statut">
              <Radio.Group options={OPTIONS_STATUT} />
            </Form.Item>
            <LigneAudit audit={exception} />
            <div className="pied-formulaire">
              <Button onClick={() => naviguer(LISTE)}>{L.quitter}</Button>
              <Button
                type="primary"
                htmlType="submit"
                loading={enregistrement.isPending}
                disabled={(exception !== undefined && !modifie) || enregistrement.isPending}
              >
                {L.enregistrer}
              </Button>
            </div>
          </Formulaire>
        </aside>
      </div>
    </div>
  );
}

/** A coordinate set from the map only: shown with its two decimals, never typed. */
function ChampCoordonnee({ value, id }: { value?: number | null; id?: string }) {
  return <Input id={id} value={formaterCoordonnee(value)} readOnly />;
}
