import {
  CheckOutlined,
  DeleteOutlined,
  DownOutlined,
  EyeOutlined,
  MinusSquareOutlined,
  PlusSquareOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  DEBARRAS_DETAIL_LIBELLES,
  DEBARRAS_FILTRE_DEFAUT,
  DEBARRAS_LIBELLES,
  DEBARRAS_LISTE_LIBELLES as L,
  DEBARRAS_SUCCES,
  DEBARRAS_TAILLE_PAGE,
  DEBARRAS_TRI_DEFAUT,
  FILTRE_RESULTAT_LIBELLES,
  FILTRES_RESULTAT,
  libelleSecteurLevee,
  libelleStatutDebarras,
  peutReactiverDebarras,
  peutSupprimerDebarras,
  STATUT_DEBARRAS_LIBELLES,
  STATUTS_DEBARRAS,
  type CodeResultat,
  type DebarrasLigne,
} from '@debarras/domain';
import { Button, Dropdown, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { colonneActions, type ActionLigne } from '../../components/ActionsLigne';
import { clesDebarras } from '../../entites/debarras/cles';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { formaterDate, formaterDateHeure } from '../../lib/dates';
import { DialogueDiffere, differe } from '../../lib/differe';
import { notifier } from '../../lib/notifications';
import { useSession } from '../../lib/session';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerDebarras, useReactiverDebarras, useSupprimerDebarras } from './api';
import { IconePunaisesDechets, IconePunaisesImmeuble, IconeResultat, IconeSauvage, SigneResultat } from './IconesDrapeaux';
import { useSelection, type Selection } from './selection';

const OPTIONS_STATUT = STATUTS_DEBARRAS.map((s) => ({ value: s, label: STATUT_DEBARRAS_LIBELLES[s] }));
const OPTIONS_RESULTAT = FILTRES_RESULTAT.map((r) => ({ value: r, label: FILTRE_RESULTAT_LIBELLES[r] }));

/**
 * A yes/no column: a tick for yes, on the server's own pair of values for the field ('true'/'false' or '1'/'0'),
 * under an icon header named by the column's title.
 */
function colonneOuiNon(
  champ: 'punaises' | 'punaisesDechets' | 'sauvage',
  entete: ReactNode,
  [oui, non]: [string, string],
): ColonneServeur<DebarrasLigne> {
  const titre = DEBARRAS_LIBELLES[champ];
  return {
    champ,
    titre,
    entete,
    // the widest line of its header, two icons or the sort arrows beside the funnel: its title would take twice
    // as much from the address and the requester (docs/decisions.md « Liste des débarras (écran) »)
    width: 40,
    align: 'center',
    filtre: {
      type: 'choix',
      options: [
        { value: oui, label: L.oui },
        { value: non, label: L.non },
      ],
    },
    render: (valeur: string) => (valeur === oui ? <CheckOutlined aria-label={titre} /> : null),
  };
}

/** What may be deleted may be selected (docs/regles.md « Statut d'un débarras »). */
const estSupprimable = (d: DebarrasLigne) => peutSupprimerDebarras(d.statut);
const estReactivable = (d: DebarrasLigne) => peutReactiverDebarras(d.statut);
const detail = (d: DebarrasLigne) => `/debarrasDetail/${d.idDebarras}`;

/**
 * Detail for all; to a manager, delete and select what is ACTIF (the selection button adds or takes back), reactivate
 * what is deleted or archived.
 */
function actionsDebarras(
  gerer: boolean,
  selection: Selection,
  supprimer: (d: DebarrasLigne) => void,
  reactiver: (d: DebarrasLigne) => void,
): ActionLigne<DebarrasLigne>[] {
  const selectionnee = (d: DebarrasLigne) => selection.contient(d.idDebarras);
  return [
    {
      nom: (d) => L.detail(d.numero),
      infobulle: 'Afficher le détail',
      icone: <EyeOutlined />,
      chemin: detail,
    },
    {
      nom: (d) => L.supprimer(d.numero),
      infobulle: 'Supprimer',
      icone: <DeleteOutlined />,
      danger: true,
      permis: gerer,
      si: estSupprimable,
      confirmation: (d) => ({ titre: L.confirmationSuppression(d.numero), danger: true }),
      faire: supprimer,
    },
    {
      nom: (d) => L.retirerSelection(d.numero),
      infobulle: 'Retirer de la sélection',
      icone: <MinusSquareOutlined />,
      permis: gerer,
      si: (d) => estSupprimable(d) && selectionnee(d),
      faire: (d) => selection.retirer(d.idDebarras),
    },
    {
      nom: (d) => L.ajouterSelection(d.numero),
      infobulle: 'Ajouter à la sélection',
      icone: <PlusSquareOutlined />,
      permis: gerer,
      si: (d) => estSupprimable(d) && !selectionnee(d),
      faire: (d) => selection.ajouter([d]),
    },
    {
      nom: (d) => L.reactiver(d.numero),
      infobulle: DEBARRAS_DETAIL_LIBELLES.reactiver,
      icone: <UndoOutlined />,
      permis: gerer,
      si: estReactivable,
      confirmation: (d) => ({ titre: DEBARRAS_DETAIL_LIBELLES.confirmationReactivation(d.numero) }),
      faire: reactiver,
    },
  ];
}

function colonnes(actions: ActionLigne<DebarrasLigne>[]): ColonneServeur<DebarrasLigne>[] {
  return [
    colonneActions(80, actions, { compacte: true }),
    { champ: 'numero', titre: DEBARRAS_LIBELLES.numero, width: 80, filtre: { type: 'texte' } },
    {
      champ: 'levee.dateLevee',
      titre: DEBARRAS_LIBELLES.dateLevee,
      width: 80,
      filtre: { type: 'periode', debut: 'startDateLevee', fin: 'endDateLevee' },
      render: (_, d) => formaterDate(d.levee.dateLevee),
    },
    // sector and e-mail grow with the screen, less than the address and the requester, which share the rest
    {
      champ: 'levee.secteur',
      titre: DEBARRAS_LIBELLES.secteur,
      width: '6.5%',
      filtre: { type: 'texte', parametre: 'leveeSecteurOuSupplementaire' },
      render: (_, d) => libelleSecteurLevee(d.levee),
    },
    { champ: 'adresse.adresse', titre: DEBARRAS_LIBELLES.adresse, filtre: { type: 'texte', parametre: 'adresse_adresse' } },
    { champ: 'nomPersonne', titre: DEBARRAS_LIBELLES.nomPersonne, filtre: { type: 'texte' } },
    // beyond the spec: a call back often gives only the number (docs/decisions.md « Liste des débarras (écran) »)
    { champ: 'telephone', titre: DEBARRAS_LIBELLES.telephone, width: 96, filtre: { type: 'texte' } },
    { champ: 'email', titre: DEBARRAS_LIBELLES.email, width: '6.5%', filtre: { type: 'texte' } },
    {
      champ: 'statut',
      titre: DEBARRAS_LIBELLES.statut,
      width: 72,
      filtre: { type: 'choix', options: OPTIONS_STATUT },
      render: (s: string) => libelleStatutDebarras(s),
    },
    // bugs in the building or in the items themselves (the form's « Punaises de lit immeuble » and « … déchets »)
    colonneOuiNon('punaises', <IconePunaisesImmeuble />, ['true', 'false']),
    colonneOuiNon('punaisesDechets', <IconePunaisesDechets />, ['true', 'false']),
    colonneOuiNon('sauvage', <IconeSauvage />, ['1', '0']),
    // what the crew found on the débarras's levée (docs/regles.md « Tournée des équipes »), as narrow as the yes/no ones
    {
      champ: 'codeResultat',
      titre: DEBARRAS_LIBELLES.resultat,
      entete: <IconeResultat />,
      width: 40,
      align: 'center',
      triable: false,
      filtre: { type: 'choix', options: OPTIONS_RESULTAT, parametre: 'resultat' },
      render: (code: CodeResultat | null) => (code ? <SigneResultat code={code} /> : null),
    },
    // « 28.11.2026 - 21:22:05 » takes 127 px in the widest sans-serif font of the stack (DejaVu Sans)
    { champ: 'createdDate', titre: DEBARRAS_LIBELLES.createdDate, width: 138, render: (d: string) => formaterDateHeure(d) },
    { champ: 'createdBy', titre: DEBARRAS_LIBELLES.createdBy, width: 88, filtre: { type: 'texte' } },
  ];
}

/** 'Sélection': attach the selection to a levée, empty it, or add the page's ACTIF débarras to it. */
function MenuSelection({
  selection,
  page,
  onRattacher,
}: {
  selection: Selection;
  page: readonly DebarrasLigne[];
  onRattacher: () => void;
}) {
  const vide = selection.ids.length === 0;
  const selectionnables = page.filter(estSupprimable);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'rattacher', label: L.ajouterALevee, disabled: vide, onClick: onRattacher },
          { key: 'vider', label: L.viderSelection, disabled: vide, onClick: selection.vider },
          { key: 'page', label: L.ajouterPage, disabled: selectionnables.length === 0, onClick: () => selection.ajouter(selectionnables) },
        ],
      }}
    >
      <Button>
        <Space>
          {`${L.selection} (${selection.ids.length})`}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

const ModaleRattachement = differe(() => import('./ModaleRattachement'), 'ModaleRattachement');

export function DebarrasListePage() {
  const naviguer = useNavigate();
  const gerer = useSession().peut('gererDebarras');
  const selection = useSelection();
  const [rattachementOuvert, setRattachementOuvert] = useState(false);
  const suppression = useSupprimerDebarras();
  const reactivation = useReactiverDebarras();

  const supprimer = (d: DebarrasLigne) =>
    suppression.mutate(
      { idDebarras: d.idDebarras, version: d.version },
      {
        onSuccess: () => {
          selection.retirer(d.idDebarras);
          notifier.succes(DEBARRAS_SUCCES.supprime(d.numero));
        },
      },
    );

  const reactiver = (d: DebarrasLigne) =>
    reactivation.mutate(
      { idDebarras: d.idDebarras, version: d.version },
      {
        // after a reactivation its detail page is shown (docs/regles.md « Liste des débarras »)
        onSuccess: ({ avertissement }) => {
          notifier.succes(DEBARRAS_SUCCES.reactive(d.numero));
          if (avertissement) notifier.attention(avertissement);
          naviguer(detail(d));
        },
      },
    );

  return (
    <>
      <TableServeur<DebarrasLigne>
        cleEtat={CLE_ETAT_LISTE}
        cleRequete={clesDebarras.listes}
        titre={DEBARRAS_LIBELLES.titre}
        colonnes={colonnes(actionsDebarras(gerer, selection, supprimer, reactiver))}
        charger={listerDebarras}
        triDefaut={DEBARRAS_TRI_DEFAUT}
        filtresDefaut={DEBARRAS_FILTRE_DEFAUT}
        taillePage={DEBARRAS_TAILLE_PAGE}
        cleLigne={(d) => d.idDebarras}
        compacte
        actions={
          gerer ? (page) => <MenuSelection selection={selection} page={page} onRattacher={() => setRattachementOuvert(true)} /> : undefined
        }
        reinitialisable={gerer}
        cheminExport={gerer ? CHEMIN_EXPORT : undefined}
        classeLigne={(d) => (selection.contient(d.idDebarras) ? 'ligne-selectionnee' : '')}
        surLigne={(d) => ({ onDoubleClick: () => naviguer(detail(d)) })}
      />
      <DialogueDiffere ouvert={rattachementOuvert}>
        <ModaleRattachement
          ouverte={rattachementOuvert}
          selection={selection.elements}
          onFermer={() => setRattachementOuvert(false)}
          onRattachee={(idLevee) => {
            selection.vider();
            setRattachementOuvert(false);
            naviguer(`/leveeDetail/${idLevee}`);
          }}
        />
      </DialogueDiffere>
    </>
  );
}
