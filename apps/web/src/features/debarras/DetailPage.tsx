import { EditOutlined, SearchOutlined } from '@ant-design/icons';
import {
  aujourdhui,
  DEBARRAS_DETAIL_LIBELLES as L,
  DEBARRAS_LIBELLES,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  libelleSecteurLevee,
  libelleStatutDebarras,
  TYPE_DEMANDE_LIBELLES,
  TYPES_DEMANDE_SAISISSABLES,
  type Adresse,
  type Debarras,
  type Levee,
} from '@debarras/domain';
import { Alert, Button, Checkbox, Col, Descriptions, Form, Input, Row, Select, Skeleton, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AddressPicker } from '../../components/AddressPicker';
import { AuditLine } from '../../components/AuditLine';
import { ChampTexte, ZoneTexte } from '../../components/ChampTexte';
import { avecConfirmationCapacite } from '../../lib/capacite';
import { confirmer } from '../../lib/confirmation';
import { formaterDate } from '../../lib/dates';
import { messageErreur, notifier } from '../../lib/notifications';
import { useSession } from '../../lib/session';
import { chercherDoublons, leveesProchaines, useDebarras, useEnregistrerDebarras, useReactiverDebarras } from './api';
import {
  avecPunaisesDechets,
  choisirLevee,
  droitsDe,
  enteteObjetsEnAlerte,
  erreursDe,
  estModifie,
  lignesAffichees,
  valeursInitiales,
  versSaisie,
  type ChampErreur,
  type LigneObjet,
  type Valeurs,
} from './formulaire';
import { ModaleJournal } from './ModaleJournal';
import { ModaleLevees } from './ModaleLevees';
import { ModaleObjets } from './ModaleObjets';
import { QuantiteLevee } from './QuantiteLevee';

const CHEMIN = '/debarrasDetail';
const OPTIONS_TYPE = TYPES_DEMANDE_SAISISSABLES.map((t) => ({ value: t, label: TYPE_DEMANDE_LIBELLES[t] }));
const OPTION_INTERNET = { value: 'INTERNET', label: TYPE_DEMANDE_LIBELLES.INTERNET, disabled: true };
const COULEUR_ALERTE_OBJETS = '#ffe7ba';

/** 'Nouveau débarras' or 'Détail du débarras n° {numero} - status - request type - Récurrent' (spec §2). */
export const titreDebarras = (d: Debarras | undefined) =>
  d
    ? [
        L.titre(d.numero),
        libelleStatutDebarras(d.statut),
        TYPE_DEMANDE_LIBELLES[d.typeDemande],
        ...(d.recurrent ? [L.recurrent] : []),
      ].join(' - ')
    : L.nouveau;

export function DebarrasDetailPage() {
  const { id } = useParams();
  const idDebarras = id ? Number(id) : undefined;
  const { key } = useLocation();
  const { data: debarras, isLoading, error } = useDebarras(idDebarras);

  useEffect(() => {
    if (error) notifier.erreur(messageErreur(error));
  }, [error]);

  if (isLoading) return <Skeleton active />;
  if (idDebarras !== undefined && !debarras) return <Alert type="error" showIcon message={messageErreur(error)} />;
  // A new visit ('Enregistrer / Nouveau') or a new version from the server starts the form afresh.
  return <FicheDebarras key={`${key}-${debarras?.version ?? ''}`} debarras={debarras} />;
}

function FicheDebarras({ debarras }: { debarras: Debarras | undefined }) {
  const naviguer = useNavigate();
  const gerer = useSession().peut('gererDebarras');
  const [initiales] = useState(() => valeursInitiales(debarras));
  const [valeurs, setValeurs] = useState(initiales);
  const [touches, setTouches] = useState<ReadonlySet<ChampErreur>>(new Set());
  const [rechercheLevee, setRechercheLevee] = useState(false);
  const [modale, setModale] = useState<'objets' | 'levees' | 'journal' | null>(null);
  const [enCours, setEnCours] = useState(false);
  const enregistrement = useEnregistrerDebarras();
  const reactivation = useReactiverDebarras();

  const statut = debarras?.statut ?? 'ACTIF';
  const droits = droitsDe(statut, gerer);
  const erreurs = erreursDe(valeurs);
  const valide = Object.keys(erreurs).length === 0;
  const modifie = estModifie(initiales, valeurs);
  const enregistrable = droits.enregistrer && valide && modifie && !enCours;
  const secteur = valeurs.adresse?.secteur ?? null;

  const changer = (change: Partial<Valeurs>) => setValeurs((v) => ({ ...v, ...change }));
  const toucher = (...champs: ChampErreur[]) => setTouches((t) => new Set([...t, ...champs]));
  const erreur = (champ: ChampErreur) => (touches.has(champ) ? erreurs[champ] : undefined);
  const etat = (champ: ChampErreur) => ({ help: erreur(champ), validateStatus: erreur(champ) ? ('error' as const) : undefined });

  /** Fills the levée from the sector's next levées by the spec's choice rule. */
  const chargerLevee = async (secteurAdresse: string, sauvage: Valeurs['sauvage']) => {
    setRechercheLevee(true);
    try {
      const levees = await leveesProchaines(secteurAdresse, sauvage === '1');
      changer({ levee: choisirLevee(levees, secteurAdresse, sauvage, aujourdhui()) });
    } catch (e) {
      notifier.erreur(messageErreur(e));
    } finally {
      setRechercheLevee(false);
    }
  };

  const choisirAdresse = (adresse: Adresse | null) => {
    if (!adresse) return;
    changer({ adresse: { idpAdr: adresse.idpAdr, adresse: adresse.adresse, secteur: adresse.secteur }, levee: null });
    toucher('adresse');
    if (!adresse.secteur) {
      notifier.attention(DEBARRAS_MESSAGES.aucunSecteur);
      return;
    }
    void chargerLevee(adresse.secteur, valeurs.sauvage);
  };

  const changerSauvage = (coche: boolean) => {
    const sauvage = coche ? '1' : '0';
    changer({ sauvage });
    if (debarras) notifier.attention(DEBARRAS_MESSAGES.changementSauvage);
    if (secteur) void chargerLevee(secteur, sauvage);
  };

  const enregistrer = async (puisNouveau: boolean) => {
    // Enter in a field submits too: the same conditions as the buttons
    if (!enregistrable || (puisNouveau && !droits.enregistrerNouveau)) return;
    setEnCours(true);
    try {
      if (statut !== 'ARCHIVE') {
        const message = await chercherDoublons({
          idDebarras: debarras?.idDebarras,
          adresse: { idpAdr: valeurs.adresse?.idpAdr },
          telephone: valeurs.telephone.trim() || null,
          email: valeurs.email.trim() || null,
        });
        if (message && !(await confirmer({ titre: L.doublons, contenu: message }))) return;
      }
      const saisie = versSaisie(valeurs, debarras);
      const enregistre = await avecConfirmationCapacite((force) => enregistrement.mutateAsync({ saisie, force }));
      if (!enregistre) return;
      notifier.succes(debarras ? DEBARRAS_SUCCES.misAJour(enregistre.numero) : DEBARRAS_SUCCES.cree(enregistre.numero));
      if (puisNouveau) naviguer(CHEMIN);
      else if (!debarras) naviguer(`${CHEMIN}/${enregistre.idDebarras}`, { replace: true });
    } catch (e) {
      notifier.erreur(messageErreur(e));
    } finally {
      setEnCours(false);
    }
  };

  const reactiver = async (d: Debarras) => {
    if (!(await confirmer({ titre: L.reactiver, contenu: L.confirmationReactivation(d.numero) }))) return;
    try {
      const reactive = await reactivation.mutateAsync({ idDebarras: d.idDebarras, version: d.version });
      notifier.succes(DEBARRAS_SUCCES.reactiver(reactive.numero));
      if (reactive.avertissement) notifier.attention(reactive.avertissement);
    } catch (e) {
      notifier.erreur(messageErreur(e));
    }
  };

  const editerObjets = () => {
    if (droits.champs) setModale('objets');
  };
  const bloque = !droits.champs;

  return (
    <div className="page-detail" style={{ maxWidth: 1100 }}>
      <Space className="entete-debarras" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>{titreDebarras(debarras)}</Typography.Title>
        {debarras && (
          <Space>
            <Button onClick={() => setModale('journal')}>{L.journal}</Button>
            {gerer && (debarras.statut === 'SUPPRIME' || debarras.statut === 'ARCHIVE') && (
              <Button loading={reactivation.isPending} onClick={() => reactiver(debarras)}>
                {L.reactiver}
              </Button>
            )}
          </Space>
        )}
      </Space>
      <Form layout="vertical" component="form" onFinish={() => enregistrer(false)}>
        <LigneLevee
          valeurs={valeurs}
          chargement={rechercheLevee}
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
              <Checkbox checked={valeurs.sauvage === '1'} disabled={bloque} onChange={(e) => changerSauvage(e.target.checked)}>
                {DEBARRAS_LIBELLES.sauvage}
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={L.rechercheAdresse} htmlFor="rechercheAdresse">
              <AddressPicker id="rechercheAdresse" value={null} disabled={bloque} onChange={choisirAdresse} autoFocus={!debarras} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={DEBARRAS_LIBELLES.adresse} htmlFor="adresse" required {...etat('adresse')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="adresse" readOnly value={valeurs.adresse?.adresse ?? ''} onBlur={() => toucher('adresse')} />
            <Input
              aria-label={DEBARRAS_LIBELLES.secteur}
              readOnly
              style={{ maxWidth: 320 }}
              value={valeurs.adresse ? (secteur ?? DEBARRAS_MESSAGES.secteurNonDefini) : ''}
            />
          </Space.Compact>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Champ id="precisionLieu" libelle={L.precisionLieu}>
              <ZoneTexte
                id="precisionLieu"
                rows={2}
                maxLength={1000}
                disabled={bloque}
                value={valeurs.precisionLieu}
                onChange={(e) => changer({ precisionLieu: e.target.value })}
              />
            </Champ>
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
            <Champ id="travaux" libelle={L.travaux}>
              <ZoneTexte
                id="travaux"
                rows={2}
                maxLength={1000}
                disabled={bloque}
                value={valeurs.travaux}
                onChange={(e) => changer({ travaux: e.target.value })}
              />
            </Champ>
          </Col>
          <Col xs={24} md={12}>
            <Champ id="remarqueLieu" libelle={L.remarqueLieu}>
              <ZoneTexte
                id="remarqueLieu"
                rows={2}
                maxLength={1000}
                disabled={bloque}
                value={valeurs.remarqueLieu}
                onChange={(e) => changer({ remarqueLieu: e.target.value })}
              />
            </Champ>
          </Col>
          <Col xs={24} md={12}>
            <Champ id="remarqueGenerale" libelle={L.remarqueGenerale}>
              <ZoneTexte
                id="remarqueGenerale"
                rows={2}
                maxLength={1000}
                disabled={!droits.remarqueGenerale}
                value={valeurs.remarqueGenerale}
                onChange={(e) => changer({ remarqueGenerale: e.target.value })}
              />
            </Champ>
          </Col>
        </Row>
        <Typography.Title level={5}>{L.demandeur}</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Champ id="nomPersonne" libelle={DEBARRAS_LIBELLES.nomPersonne} requis={valeurs.sauvage !== '1'} etat={etat('nomPersonne')}>
              <ChampTexte
                id="nomPersonne"
                maxLength={255}
                disabled={bloque}
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
                disabled={bloque}
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
                disabled={bloque}
                value={valeurs.email}
                onChange={(e) => changer({ email: e.target.value })}
                onBlur={() => toucher('email', 'telephone')}
              />
            </Champ>
          </Col>
        </Row>
        <TableObjets lignes={valeurs.debarrasObjets} editer={bloque ? undefined : editerObjets} erreur={erreur('debarrasObjets')} />
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
            onChange={(e) => setValeurs((v) => avecPunaisesDechets(v, e.target.checked))}
          >
            {L.punaisesDechets}
          </Checkbox>
        </Space>
        <Champ id="remarqueObjet" libelle={L.remarqueObjet}>
          <ZoneTexte
            id="remarqueObjet"
            rows={2}
            maxLength={1000}
            disabled={bloque}
            value={valeurs.remarqueObjet}
            onChange={(e) => changer({ remarqueObjet: e.target.value })}
          />
        </Champ>
        <AuditLine audit={debarras} />
        <div className="pied-formulaire">
          <Button onClick={() => naviguer('/debarrasListe')}>Retour à la liste</Button>
          <Space>
            <Button htmlType="button" disabled={!enregistrable || !droits.enregistrerNouveau} onClick={() => enregistrer(true)}>
              Enregistrer / Nouveau
            </Button>
            <Button type="primary" htmlType="submit" loading={enCours} disabled={!enregistrable}>
              Enregistrer
            </Button>
          </Space>
        </div>
      </Form>
      <ModaleObjets
        ouvert={modale === 'objets'}
        lignes={valeurs.debarrasObjets}
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

interface PropsChamp {
  id: string;
  libelle: string;
  requis?: boolean;
  etat?: { help?: string; validateStatus?: 'error' };
  children: ReactNode;
}

function Champ({ id, libelle, requis, etat, children }: PropsChamp) {
  return (
    <Form.Item label={libelle} htmlFor={id} required={requis} {...etat}>
      {children}
    </Form.Item>
  );
}

interface PropsLigneLevee {
  valeurs: Valeurs;
  chargement: boolean;
  erreur: string | undefined;
  /** Opens 'Levées disponibles'; absent when no other levée may be chosen. */
  chercher: (() => void) | undefined;
}

/** The levée row: link, sector, date, quantity, max, unavailability, and the search for another levée. */
function LigneLevee({ valeurs, chargement, erreur, chercher }: PropsLigneLevee) {
  const { levee, adresse } = valeurs;
  const secteur = adresse && !adresse.secteur ? DEBARRAS_MESSAGES.secteurNonDefini : levee ? libelleSecteurLevee(levee) : '';
  return (
    <Spin spinning={chargement}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 7 }}
        layout="vertical"
        className="ligne-levee"
        items={[
          {
            key: 'levee',
            label: L.levee,
            children: levee ? <Link to={`/leveeDetail/${levee.idLevee}`}>{L.detailLevee}</Link> : null,
          },
          { key: 'secteur', label: DEBARRAS_LIBELLES.secteur, children: <span data-testid="secteur-levee">{secteur}</span> },
          {
            key: 'date',
            label: DEBARRAS_LIBELLES.dateLevee,
            children: (
              <span data-testid="date-levee" style={{ whiteSpace: 'nowrap' }}>
                {levee ? formaterDate(levee.dateLevee) : ''}
              </span>
            ),
          },
          { key: 'quantite', label: L.quantite, children: levee ? <QuantiteLevee levee={levee} /> : null },
          { key: 'max', label: L.max, children: levee?.nbDebarrasMax },
          { key: 'indisponibilite', label: L.indisponibilite, children: levee?.indisponibilite },
          {
            key: 'chercher',
            label: ' ',
            children: (
              <Button icon={<SearchOutlined />} aria-label={L.autreLevee} title={L.autreLevee} disabled={!chercher} onClick={chercher} />
            ),
          },
        ]}
      />
      {erreur && <Typography.Text type="danger">{erreur}</Typography.Text>}
    </Spin>
  );
}

interface PropsTableObjets {
  lignes: readonly LigneObjet[];
  /** Opens 'Choisir les objets'; absent when the objects cannot be edited. */
  editer: (() => void) | undefined;
  erreur: string | undefined;
}

/** The chosen objects, padded to 7 rows; the header warns from 7 lines (spec §4). */
function TableObjets({ lignes, editer, erreur }: PropsTableObjets) {
  const alerte = enteteObjetsEnAlerte(lignes);
  const entete = () => ({ style: alerte ? { background: COULEUR_ALERTE_OBJETS } : undefined });
  const colonnes: ColumnsType<{ cle: number; ligne: LigneObjet | null }> = [
    // an empty row keeps a line's height
    { key: 'objet', title: L.objet, onHeaderCell: entete, render: (_, { ligne }) => ligne?.objet.libelle ?? '\u00a0' },
    { key: 'quantite', title: L.quantite, width: 110, align: 'center', onHeaderCell: entete, render: (_, { ligne }) => ligne?.quantite },
    { key: 'remarque', title: L.remarque, onHeaderCell: entete, render: (_, { ligne }) => ligne?.remarque },
  ];
  return (
    <div className="objets-debarras">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {DEBARRAS_LIBELLES.objets}
        </Typography.Title>
        <Button icon={<EditOutlined />} disabled={!editer} onClick={editer}>
          {L.editer}
        </Button>
      </Space>
      <Table
        rowKey="cle"
        size="small"
        bordered
        columns={colonnes}
        dataSource={lignesAffichees(lignes).map((ligne, cle) => ({ cle, ligne }))}
        pagination={false}
        onRow={() => ({ onDoubleClick: editer })}
      />
      {erreur && <Typography.Text type="danger">{erreur}</Typography.Text>}
    </div>
  );
}
