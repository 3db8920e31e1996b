import {
  DEBARRAS_DETAIL_LIBELLES as L,
  DEBARRAS_LIBELLES,
  DEBARRAS_MESSAGES,
  IMPRESSION_LIBELLES,
  libelleStatutDebarras,
  peutReactiverDebarras,
  TYPE_DEMANDE_LIBELLES,
  TYPES_DEMANDE_SAISISSABLES,
  type Debarras,
  type Levee,
} from '@debarras/domain';
import { EnvironmentOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ResultatDuDebarras } from './ResultatDuDebarras';
import { ChampTexte } from '../../components/ChampTexte';
import { Formulaire } from '../../components/Formulaire';
import { ChoixAdresse } from '../../entites/adresse/ChoixAdresse';
import { useObjetsChoisissables } from '../../entites/objet/api';
import type { LigneObjet } from '../../entites/objet/lignesObjets';
import { ModaleObjets } from '../../entites/objet/ModaleObjets';
import { TableObjets } from '../../entites/objet/TableObjets';
import { messageErreur } from '../../lib/notifications';
import { useSession } from '../../lib/session';
import { urlImpressionDebarras, useDebarras } from './api';
import { avecPunaisesDechets } from './formulaire';
import { ModaleJournal } from './ModaleJournal';
import { ModaleLevees } from './ModaleLevees';
import { Champ, LigneLevee, Remarque } from './parties';
import { useFicheDebarras } from './useFicheDebarras';
import { TitrePage } from '../../components/TitrePage';

const OPTIONS_TYPE = TYPES_DEMANDE_SAISISSABLES.map((t) => ({ value: t, label: TYPE_DEMANDE_LIBELLES[t] }));
const OPTION_INTERNET = { value: 'INTERNET', label: TYPE_DEMANDE_LIBELLES.INTERNET, disabled: true };

/** 'Nouveau débarras' or 'Détail du débarras n° {numero} - status - request type - Récurrent' (docs/regles.md « Fiche débarras »). */
export const titreDebarras = (d: Debarras | undefined) =>
  d
    ? [
        L.titre(d.numero),
        libelleStatutDebarras(d.statut),
        TYPE_DEMANDE_LIBELLES[d.typeDemande],
        ...(d.recurrent ? [L.recurrent] : []),
      ].join(' - ')
    : L.nouveau;

/** Why a save button is off, if it is, and its keyboard shortcut. */
function InfoBulle({ raisons, raccourci }: { raisons: readonly string[]; raccourci: string }) {
  return (
    <>
      <ListeRaisons raisons={raisons} />
      <div>{raccourci}</div>
    </>
  );
}

function ListeRaisons({ raisons }: { raisons: readonly string[] }) {
  return raisons.length > 0 ? (
    <ul className="liste-raisons">
      {raisons.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  ) : null;
}

/** The address's map with its exception, for the levée's date; a new tab, as the levée's link: the form and what was typed in it stay. */
function LienCarte({ idpAdr, dateLevee }: { idpAdr: string; dateLevee: string | undefined }) {
  return (
    <Tooltip title={L.carteAdresse}>
      {/* out of the Tab order, as the address row it ends: Tab goes on from the search to the requester */}
      <Link
        to={`/DebarrasCartographie/${encodeURIComponent(idpAdr)}${dateLevee ? `/${dateLevee}` : ''}`}
        target="_blank"
        rel="noopener"
        tabIndex={-1}
        aria-label={L.carteAdresse}
        style={{ fontSize: 18 }}
      >
        <EnvironmentOutlined />
      </Link>
    </Tooltip>
  );
}

export function DebarrasDetailPage() {
  const { id } = useParams();
  const idDebarras = id ? Number(id) : undefined;
  const { key } = useLocation();
  const gerer = useSession().peut('gererDebarras');
  const { data: debarras, isLoading, error } = useDebarras(idDebarras);

  // a new débarras is no screen for a read-only user
  if (idDebarras === undefined && !gerer) return <Navigate to="/403" replace />;
  if (isLoading) return <Skeleton active />;
  if (idDebarras !== undefined && !debarras) return <Alert type="error" showIcon message={messageErreur(error)} />;
  // A new visit ('Enregistrer / Nouveau') or a new version from the server starts the form afresh.
  return <FicheDebarras key={`${key}-${debarras?.version ?? ''}`} debarras={debarras} />;
}

function FicheDebarras({ debarras }: { debarras: Debarras | undefined }) {
  const naviguer = useNavigate();
  const fiche = useFicheDebarras(debarras);
  const { valeurs, changer, toucher, erreur, etat, droits, secteur } = fiche;
  const [modale, setModale] = useState<'objets' | 'levees' | 'journal' | null>(null);
  const boutonEditer = useRef<HTMLButtonElement>(null);
  const bloque = !droits.champs;
  // the catalogue is read with the form: the objects modal opens ready for the keyboard
  useObjetsChoisissables(droits.champs);
  const editerObjets = () => {
    if (droits.champs) setModale('objets');
  };
  const raisonsNouveau = droits.enregistrer && !droits.enregistrerNouveau ? [DEBARRAS_MESSAGES.nonModifiable] : fiche.raisons;

  return (
    <div className="page-detail" style={{ maxWidth: 1100 }}>
      <Space className="entete-debarras" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <TitrePage onglet={debarras ? `Débarras ${debarras.numero}` : L.nouveau}>{titreDebarras(debarras)}</TitrePage>
        {debarras && (
          <Space>
            <Button icon={<PrinterOutlined />} href={urlImpressionDebarras(debarras.idDebarras)} target="_blank" rel="noopener">
              {IMPRESSION_LIBELLES.imprimer}
            </Button>
            <Button onClick={() => setModale('journal')}>{L.journal}</Button>
            {fiche.gerer && peutReactiverDebarras(debarras.statut) && (
              <Button loading={fiche.reactivationEnCours} onClick={() => fiche.reactiver(debarras)}>
                {L.reactiver}
              </Button>
            )}
          </Space>
        )}
      </Space>
      {/* fields that cannot be changed keep the normal text colour (styles.css) */}
      <Formulaire layout="vertical" className={bloque ? 'fiche-lecture-seule' : undefined} onFinish={() => fiche.enregistrer(false)}>
        <LigneLevee
          valeurs={valeurs}
          chargement={fiche.rechercheLevee}
          erreur={erreur('levee')}
          chercher={bloque || !secteur ? undefined : () => setModale('levees')}
        />
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={DEBARRAS_LIBELLES.typeDemande} htmlFor="typeDemande">
              <Select
                id="typeDemande"
                value={valeurs.typeDemande}
                options={valeurs.typeDemande === 'INTERNET' ? [...OPTIONS_TYPE, OPTION_INTERNET] : OPTIONS_TYPE}
                disabled={bloque || valeurs.typeDemande === 'INTERNET'}
                onChange={(typeDemande) => changer({ typeDemande })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label=" " colon={false}>
              <Checkbox checked={valeurs.sauvage === '1'} disabled={bloque} onChange={(e) => fiche.changerSauvage(e.target.checked)}>
                {DEBARRAS_LIBELLES.sauvage}
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={L.rechercheAdresse} htmlFor="rechercheAdresse">
              <ChoixAdresse id="rechercheAdresse" value={null} disabled={bloque} onChange={fiche.choisirAdresse} autoFocus={!debarras} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={DEBARRAS_LIBELLES.adresse} htmlFor="adresse" required {...etat('adresse')}>
          <Flex gap="small" align="center">
            <Space.Compact style={{ width: '100%' }}>
              {/* filled by the search: Tab goes on from the search to the requester */}
              <Input id="adresse" readOnly tabIndex={-1} value={valeurs.adresse?.adresse ?? ''} onBlur={() => toucher('adresse')} />
              <Input
                aria-label={DEBARRAS_LIBELLES.secteur}
                readOnly
                tabIndex={-1}
                style={{ maxWidth: 320 }}
                value={valeurs.adresse ? (secteur ?? DEBARRAS_MESSAGES.secteurNonDefini) : ''}
              />
            </Space.Compact>
            {fiche.carte && valeurs.adresse && <LienCarte idpAdr={valeurs.adresse.idpAdr} dateLevee={valeurs.levee?.dateLevee} />}
          </Flex>
        </Form.Item>
        <Typography.Title level={5}>{L.demandeur}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Champ id="nomPersonne" libelle={DEBARRAS_LIBELLES.nomPersonne} requis={valeurs.sauvage !== '1'} etat={etat('nomPersonne')}>
              <ChampTexte
                id="nomPersonne"
                maxLength={255}
                readOnly={bloque}
                value={valeurs.nomPersonne}
                onChange={(e) => changer({ nomPersonne: e.target.value })}
                onBlur={() => toucher('nomPersonne')}
              />
            </Champ>
          </Col>
          <Col xs={24} md={8}>
            <Champ id="telephone" libelle={DEBARRAS_LIBELLES.telephone} etat={etat('telephone')}>
              <ChampTexte
                id="telephone"
                maxLength={50}
                readOnly={bloque}
                value={valeurs.telephone}
                onChange={(e) => changer({ telephone: e.target.value })}
                onBlur={() => toucher('telephone')}
              />
            </Champ>
          </Col>
          <Col xs={24} md={8}>
            <Champ id="email" libelle={DEBARRAS_LIBELLES.email} etat={etat('email')}>
              <ChampTexte
                id="email"
                type="email"
                maxLength={255}
                readOnly={bloque}
                value={valeurs.email}
                onChange={(e) => changer({ email: e.target.value })}
                onBlur={() => toucher('email', 'telephone')}
              />
            </Champ>
          </Col>
        </Row>
        <TableObjets
          lignes={valeurs.debarrasObjets}
          editer={bloque ? undefined : editerObjets}
          erreur={erreur('debarrasObjets')}
          refEditer={boutonEditer}
        />
        <Space wrap style={{ margin: '8px 0' }}>
          <Checkbox
            checked={valeurs.punaises === 'true'}
            disabled={bloque || valeurs.punaisesDechets === 'true'}
            onChange={(e) => changer({ punaises: e.target.checked ? 'true' : 'false' })}
          >
            {L.punaises}
          </Checkbox>
          <Checkbox
            checked={valeurs.punaisesDechets === 'true'}
            disabled={bloque}
            onChange={(e) => fiche.setValeurs((v) => avecPunaisesDechets(v, e.target.checked))}
          >
            {L.punaisesDechets}
          </Checkbox>
        </Space>
        <Remarque champ="remarqueObjet" valeurs={valeurs} changer={changer} lectureSeule={bloque} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Remarque champ="precisionLieu" valeurs={valeurs} changer={changer} lectureSeule={bloque} />
            <Form.Item>
              <Checkbox
                checked={valeurs.inclurePrecisionLieu === '1'}
                disabled={bloque}
                onChange={(e) => changer({ inclurePrecisionLieu: e.target.checked ? '1' : '0' })}
              >
                {L.inclurePrecisionLieu}
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Remarque champ="travaux" valeurs={valeurs} changer={changer} lectureSeule={bloque} />
          </Col>
          <Col xs={24} md={12}>
            <Remarque champ="remarqueLieu" valeurs={valeurs} changer={changer} lectureSeule={bloque} />
          </Col>
          <Col xs={24} md={12}>
            <Remarque champ="remarqueGenerale" valeurs={valeurs} changer={changer} lectureSeule={!droits.remarqueGenerale} />
          </Col>
        </Row>
        {debarras?.resultat && <ResultatDuDebarras resultat={debarras.resultat} objets={debarras.debarrasObjets} />}
        <LigneAudit audit={debarras} />
        {fiche.manquantsSignales.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="manquants-debarras"
            title={L.aCompleter}
            description={<ListeRaisons raisons={fiche.manquantsSignales} />}
          />
        )}
        <div className="pied-formulaire">
          <Button onClick={() => naviguer('/debarrasListe')}>Retour à la liste</Button>
          {/* a read-only user is offered no save at all */}
          {fiche.gerer && (
            <Space>
              <Tooltip title={<InfoBulle raisons={raisonsNouveau} raccourci={L.raccourciEnregistrerNouveau} />}>
                {/* a disabled button gets no hover: its wrapper shows the tooltip */}
                <span className="bouton-infobulle">
                  <Button
                    htmlType="button"
                    aria-keyshortcuts="Control+Shift+Enter"
                    disabled={!fiche.enregistrable || !droits.enregistrerNouveau}
                    onClick={() => fiche.enregistrer(true)}
                  >
                    {L.enregistrerNouveau}
                  </Button>
                </span>
              </Tooltip>
              <Tooltip title={<InfoBulle raisons={fiche.raisons} raccourci={L.raccourciEnregistrer} />}>
                <span className="bouton-infobulle">
                  <Button
                    type="primary"
                    htmlType="submit"
                    aria-keyshortcuts="Control+Enter Control+S"
                    loading={fiche.enCours}
                    disabled={!fiche.enregistrable}
                  >
                    {L.enregistrer}
                  </Button>
                </span>
              </Tooltip>
            </Space>
          )}
        </div>
      </Formulaire>
      <ModaleObjets
        ouvert={modale === 'objets'}
        lignes={valeurs.debarrasObjets}
        retour={boutonEditer}
        onFermer={() => setModale(null)}
        onValider={(debarrasObjets: LigneObjet[]) => {
          changer({ debarrasObjets });
          toucher('debarrasObjets');
          setModale(null);
        }}
      />
      <ModaleLevees
        ouvert={modale === 'levees'}
        secteur={secteur}
        sauvage={valeurs.sauvage === '1'}
        idLeveeActuelle={valeurs.levee?.idLevee}
        onFermer={() => setModale(null)}
        onChoisir={(levee: Levee) => {
          changer({ levee });
          setModale(null);
        }}
      />
      {debarras && <ModaleJournal idDebarras={debarras.idDebarras} ouvert={modale === 'journal'} onFermer={() => setModale(null)} />}
    </div>
  );
}
