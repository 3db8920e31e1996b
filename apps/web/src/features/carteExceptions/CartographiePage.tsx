import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { CARTE, exceptionActive, estDateIso, type Adresse, type AdresseException } from '@debarras/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TitrePage } from '../../components/TitrePage';
import { requeteAdresse } from '../../entites/adresse/api';
import { useExceptionParIdpadr } from '../../entites/adresseException/api';
import { imprimerCarte } from '../../entites/carte/api';
import { CadreCarte } from '../../entites/carte/CadreCarte';
import { imageDeLaCarte } from '../../entites/carte/image';
import { useAdresseMarquee } from '../../entites/carte/useAdresseMarquee';
import { useCarte } from '../../entites/carte/useCarte';
import { messageErreur } from '../../lib/notifications';
import { BulleException, LegendeExceptions, ListeExceptionsVisibles } from './BulleException';
import { useCoucheExceptions } from './coucheExceptions';
import { LIBELLES_CARTES as C, marqueursException } from './coucheExceptionsDonnees';
import './CartePage.css';

const LISTE_DEBARRAS = '/DebarrasListe';

/**
 * « Retour »: back to the screen the map was opened from, the débarras form most often. Opened in a tab of its own (the
 * form's link), there is no screen to go back to: the tab closes, or, when the browser keeps it, the list of débarras.
 */
function BoutonRetour() {
  const naviguer = useNavigate();
  const { key } = useLocation();
  const retour = () => {
    if (key !== 'default') return void naviguer(-1);
    window.close();
    if (!window.closed) void naviguer(LISTE_DEBARRAS);
  };
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={retour}>
      {C.retour}
    </Button>
  );
}

/**
 * The map of one address (docs/regles.md « Carte d'une adresse »), from the link beside the débarras form's address:
 * the address, its active exception's depot point, and its works point when works are in progress on the levée's
 * day (any works without a day); « Imprimer » makes the PDF titled and named after the address.
 */
export function DebarrasCartographiePage() {
  const { idpAdr, dateLevee } = useParams();
  // an unknown address is said on the screen itself
  const adresse = useQuery({ ...requeteAdresse(idpAdr), meta: { erreurSurPlace: true } });
  const exception = useExceptionParIdpadr(idpAdr);

  if (!idpAdr)
    return (
      <Result
        status="info"
        title={C.sansAdresse}
        extra={
          <Link to={LISTE_DEBARRAS}>
            <Button type="primary">{C.versDebarras}</Button>
          </Link>
        }
      />
    );
  if (adresse.isLoading || exception.isLoading) return <Skeleton active />;
  if (!adresse.data)
    return (
      <Space orientation="vertical">
        <Alert type="error" showIcon title={messageErreur(adresse.error)} />
        <BoutonRetour />
      </Space>
    );
  return (
    <CarteAdresse
      adresse={adresse.data}
      exception={exception.data && exceptionActive(exception.data) ? exception.data : null}
      erreurException={exception.error}
      jour={dateLevee && estDateIso(dateLevee) ? dateLevee : undefined}
    />
  );
}

interface Props {
  adresse: Adresse;
  exception: AdresseException | null;
  erreurException: Error | null;
  jour: string | undefined;
}

/** Mounted once the address is known: the map opens on it at 1:2000. */
function CarteAdresse({ adresse, exception, erreurException, jour }: Props) {
  const carte = useCarte({ initiale: { centre: [adresse.x, adresse.y], echelle: CARTE.echelleInitiale } });
  const [exceptionsVisibles, setExceptionsVisibles] = useState(true);
  // a failure is notified by the app's one error handler (lib/requetes.ts)
  const impression = useMutation({
    mutationFn: async () => imprimerCarte(adresse.adresse, await imageDeLaCarte(carte.carte)),
  });
  const marqueurs = useMemo(
    () => (exception ? marqueursException(exception, { position: adresse, jour }) : []),
    [exception, adresse, jour],
  );
  const couche = useCoucheExceptions(carte.carte, marqueurs, exceptionsVisibles);
  useAdresseMarquee(carte.carte, adresse);

  const imprimer = () => {
    couche.fermer();
    impression.mutate();
  };

  const remarque = erreurException
    ? messageErreur(erreurException)
    : !exception
      ? C.sansException
      : !exceptionsVisibles
        ? C.exceptionsMasquees
        : undefined;

  return (
    <div className="page-carte-adresse">
      <div className="entete-carte">
        <div>
          <TitrePage onglet={C.carteAdresse(adresse.adresse)} style={{ marginBottom: 0 }}>
            {adresse.adresse}
          </TitrePage>
          {jour && <Typography.Text type="secondary">{C.levee(jour)}</Typography.Text>}
        </div>
        <Space>
          <BoutonRetour />
          <Button type="primary" icon={<PrinterOutlined />} loading={impression.isPending} onClick={imprimer}>
            {C.imprimer}
          </Button>
        </Space>
      </div>
      <CadreCarte
        carte={carte}
        libelle={C.carteAdresse(adresse.adresse)}
        exceptions={{
          visible: exceptionsVisibles,
          basculer: (visible) => {
            couche.fermer();
            setExceptionsVisibles(visible);
          },
        }}
      >
        <BulleException carte={carte.carte} bulle={couche.bulle} onFermer={couche.fermer} />
        <div className="carte-pied">
          <ListeExceptionsVisibles
            exceptions={exception && exceptionsVisibles ? [exception] : []}
            remarque={remarque}
            onOuvrir={couche.ouvrir}
          />
          {exception && exceptionsVisibles && <LegendeExceptions />}
        </div>
      </CadreCarte>
    </div>
  );
}
