import {
  ADRESSE_EXCEPTION_LIBELLES as A,
  ADRESSE_EXCEPTION_MESSAGES as M,
  libelleStatutException,
  PARAMETRE_CLES,
  type Adresse,
  type AdresseCarte,
  type AdresseException,
} from '@debarras/domain';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ActionsLigne, type ActionLigne } from '../../components/ActionsLigne';
import { TitrePage } from '../../components/TitrePage';
import { ChoixAdresse } from '../../entites/adresse/ChoixAdresse';
import { requeteAdresse } from '../../entites/adresse/api';
import { useGardeModifications } from '../../components/useGardeModifications';
import { requeteExisteException, useAdresseException, useCopierAdresseException } from '../../entites/adresseException/api';
import { useValeurParametre } from '../../entites/parametre/api';
import { formaterDate } from '../../lib/dates';
import { messageErreur } from '../../lib/notifications';
import { basculerAdresse, texteAdresses, versCopies } from './copieException';
import { CarteCopie } from './CopiePageCarte';
import { LIBELLES_FICHE as L } from './libellesCarte';
import { formaterCoordonnee, pointDe } from './saisieException';
import './fiche.css';
import { Formulaire } from '../../components/Formulaire';

const LISTE = '/adresseExceptionListe';

/** `/adresseExceptionCopie/:id`: the exception copied onto addresses picked on the map (docs/regles.md « Adresses exceptions »). */
export function AdresseExceptionCopiePage() {
  const { id } = useParams();
  const idException = id ? Number(id) : undefined;
  const requete = useAdresseException(idException);
  const registre = useQuery(requeteAdresse(requete.data?.idpadr));
  if (idException === undefined) return <Navigate to={LISTE} replace />;
  if (requete.isLoading || registre.isLoading) return <Skeleton active />;
  if (!requete.data) return <Navigate to={LISTE} replace />;
  return <Copie source={requete.data} centre={registre.data ? [registre.data.x, registre.data.y] : null} />;
}

type Retour = { type: 'error' | 'info'; texte: string } | null;

function Copie({ source, centre }: { source: AdresseException; centre: [number, number] | null }) {
  const naviguer = useNavigate();
  const client = useQueryClient();
  const gestionnaire = useValeurParametre(PARAMETRE_CLES.gestionnaireCarte);
  const copie = useCopierAdresseException();
  const [choisies, setChoisies] = useState<AdresseCarte[]>([]);
  const [retour, setRetour] = useState<Retour>(null);
  const { sansGarde } = useGardeModifications(choisies.length > 0);

  /** An address is taken (or, picked again on the map, taken back); one that already has an exception is refused. */
  const prendre = async (adresse: AdresseCarte, reprendre: boolean) => {
    setRetour(null);
    const dejaChoisie = choisies.some((c) => c.idpAdr === adresse.idpAdr);
    if (dejaChoisie && !reprendre) return;
    if (!dejaChoisie) {
      try {
        if (adresse.idpAdr === source.idpadr || (await client.fetchQuery(requeteExisteException(adresse.idpAdr))))
          return setRetour({ type: 'error', texte: M.adresseExistante(adresse.adresse) });
      } catch (e) {
        return setRetour({ type: 'error', texte: messageErreur(e) });
      }
    }
    setChoisies((avant) => basculerAdresse(avant, adresse));
  };

  const retirer: ActionLigne<AdresseCarte> = {
    nom: (a) => L.retirer(a.adresse),
    icone: <DeleteOutlined />,
    danger: true,
    faire: (a) => setChoisies((avant) => avant.filter((c) => c.idpAdr !== a.idpAdr)),
  };

  /** The map's pick: the nearest address of the configured manager within 2 m. */
  const pointees = ([adresse]: AdresseCarte[]) =>
    adresse ? prendre(adresse, true) : (setRetour({ type: 'info', texte: L.aucuneProche }), Promise.resolve());

  /** The keyboard's way: the address search, held to the same manager as the map's pick. */
  const recherchee = (adresse: Adresse | null) => {
    if (!adresse) return;
    const attendu = gestionnaire.data?.trim();
    if (!attendu || adresse.gestionnaire !== attendu)
      return setRetour({ type: 'error', texte: M.autreGestionnaire(adresse.adresse, attendu ?? '') });
    void prendre(adresse, false);
  };

  const enregistrer = () => copie.mutate(versCopies(source, choisies), { onSuccess: () => sansGarde(() => naviguer(LISTE)) });

  return (
    <div className="fiche-carte">
      <TitrePage>{A.copieTitre(source.adresse)}</TitrePage>
      <div className="fiche-carte-corps">
        <CarteCopie
          centre={centre}
          points={{ depot: pointDe(source, 'depot'), travaux: pointDe(source, 'travaux') }}
          libelle={L.carteCopie}
          choisies={choisies}
          gestionnaire={gestionnaire.data ?? undefined}
          onPointees={(a) => void pointees(a)}
        />
        <aside className="fiche-carte-panneau" aria-label={L.source}>
          <Descriptions
            className="resume-source"
            title={L.source}
            size="small"
            column={1}
            bordered
            items={[
              { key: 'adresse', label: A.adresse, children: source.adresse },
              { key: 'interne', label: A.remarqueInterne, children: source.remarqueInterne },
              { key: 'publique', label: A.remarquePublique, children: source.remarquePublique },
              { key: 'depot', label: A.pointDepot, children: point(source.xdepot, source.ydepot) },
              { key: 'travaux', label: A.remarqueTravaux, children: source.remarqueTravaux },
              {
                key: 'periode',
                label: L.travaux,
                children: source.dateDebutTravaux && `${formaterDate(source.dateDebutTravaux)} – ${formaterDate(source.dateFinTravaux)}`,
              },
              { key: 'pointTravaux', label: A.pointTravaux, children: point(source.xtravaux, source.ytravaux) },
              { key: 'statut', label: A.statut, children: libelleStatutException(source.statut) },
            ].filter((i) => i.children)}
          />
          <Formulaire layout="vertical" component="div" style={{ marginTop: 16 }}>
            <Form.Item label={L.ajouterAdresse} htmlFor="copie-recherche">
              <ChoixAdresse id="copie-recherche" value={null} onChange={recherchee} />
            </Form.Item>
            <Form.Item label={`${A.adressesChoisies} (${choisies.length})`} htmlFor="copie-adresses">
              <Input.TextArea
                id="copie-adresses"
                readOnly
                value={texteAdresses(choisies)}
                placeholder={L.aucuneChoisie}
                autoSize={{ minRows: 3, maxRows: 8 }}
              />
            </Form.Item>
          </Formulaire>
          {retour && <Alert type={retour.type} role="alert" showIcon message={retour.texte} />}
          {choisies.length > 0 && (
            <ul className="adresses-choisies" aria-label={A.adressesChoisies}>
              {choisies.map((a) => (
                <li key={a.idpAdr}>
                  <span>{a.adresse}</span>
                  <ActionsLigne ligne={a} compacte actions={[retirer]} />
                </li>
              ))}
            </ul>
          )}
          <div className="pied-formulaire">
            <Button onClick={() => naviguer(LISTE)}>{L.quitter}</Button>
            <Button type="primary" loading={copie.isPending} disabled={!choisies.length || copie.isPending} onClick={enregistrer}>
              {L.enregistrerCopies}
            </Button>
          </div>
        </aside>
      </div>
    </div>
  );
}

const point = (x: number | null, y: number | null) =>
  x === null || y === null ? null : `${formaterCoordonnee(x)} / ${formaterCoordonnee(y)}`;
