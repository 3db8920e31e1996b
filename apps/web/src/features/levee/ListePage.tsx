import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import {
  aujourdhui,
  EQUIPE_LIBELLES,
  peutSupprimerLevee,
  LEVEE_FILTRE_DEFAUT,
  LEVEE_LIBELLES,
  LEVEE_TAILLE_PAGE,
  LEVEE_TRI_DEFAUT,
  libelleSecteurLevee,
  STATUT_LEVEE_LIBELLES,
  STATUTS_LEVEE,
  type Levee,
} from '@debarras/domain';
import { Tag } from 'antd';
import { useNavigate } from 'react-router';
import { actionSupprimer, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { clesLevee } from '../../entites/levee/cles';
import { QuantiteLevee } from '../../entites/levee/QuantiteLevee';
import { formaterDate } from '../../lib/dates';
import { useSession } from '../../lib/session';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerLevees, useSupprimerLevee } from './api';

const OPTIONS_STATUT = STATUTS_LEVEE.map((s) => ({ value: s, label: STATUT_LEVEE_LIBELLES[s] }));
const OPTIONS_SUPPLEMENTAIRE = [
  { value: '1', label: 'Oui' },
  { value: '0', label: 'Non' },
];

/** Rows of the same date share a background; it alternates at each new date of the page. */
export function classeParDate(lignes: readonly Levee[], index: number): string {
  let rang = 0;
  for (let i = 1; i <= index; i++) if (lignes[i]!.dateLevee !== lignes[i - 1]!.dateLevee) rang++;
  return rang % 2 === 1 ? 'ligne-date-grise' : '';
}

/** Today's levées stand out: the ones whose trucks are out now, that callers ask about. */
const classeLigne = (l: Levee, index: number, lignes: readonly Levee[]) =>
  [classeParDate(lignes, index), l.dateLevee === aujourdhui() ? 'ligne-aujourdhui' : ''].filter(Boolean).join(' ');

/** A levée as its row's actions and its delete confirmation name it: « Escalade du 01.12.2026 ». */
const designation = (l: Levee) => `${libelleSecteurLevee(l)} du ${formaterDate(l.dateLevee)}`;
const detail = (l: Levee) => `/leveeDetail/${l.idLevee}`;

function colonnes(gerer: boolean, supprimer: (l: Levee) => void): ColonneServeur<Levee>[] {
  return [
    colonneActions<Levee>(
      80,
      [
        {
          nom: (l) => `Détail de la levée ${designation(l)}`,
          infobulle: 'Afficher le détail',
          icone: <EyeOutlined />,
          chemin: detail,
        },
        actionSupprimer((l) => `la levée ${designation(l)}`, {
          permis: gerer,
          si: peutSupprimerLevee,
          confirmation: (l) => ({ titre: LEVEE_LIBELLES.confirmationSuppression, contenu: designation(l), danger: true }),
          faire: supprimer,
        }),
      ],
      { compacte: true },
    ),
    {
      champ: 'secteur.libelle',
      titre: LEVEE_LIBELLES.secteur,
      filtre: { type: 'texte', parametre: 'secteurLibelle' },
      render: (_, l) => libelleSecteurLevee(l),
    },
    {
      champ: 'dateLevee',
      titre: LEVEE_LIBELLES.dateLevee,
      width: 190,
      filtre: { type: 'periode', debut: 'dateFrom', fin: 'dateTo', finSuitDebut: true },
      // today's rounds say how far their crews are (docs/regles.md « Tournée des équipes »)
      render: (d: string, l) =>
        d === aujourdhui() ? (
          <>
            <strong>{formaterDate(d)}</strong>
            <Tag color="green" className="etiquette-aujourdhui">
              {LEVEE_LIBELLES.aujourdhui}
            </Tag>
            {l.statut === 'ACTIF' && l.nbDebarras > 0 && (
              <div className="progression-tournee">{EQUIPE_LIBELLES.progressionCourte(l.nbResultats, l.nbDebarras)}</div>
            )}
          </>
        ) : (
          formaterDate(d)
        ),
    },
    {
      champ: 'quantite',
      titre: LEVEE_LIBELLES.quantite,
      triable: false,
      width: 110,
      align: 'center',
      render: (_, l) => <QuantiteLevee levee={l} liste />,
    },
    { champ: 'nbDebarrasMax', titre: LEVEE_LIBELLES.nbDebarrasMax, width: 100, align: 'right', filtre: { type: 'texte' } },
    { champ: 'indisponibilite', titre: LEVEE_LIBELLES.indisponibilite, width: 150, align: 'right', filtre: { type: 'texte' } },
    { champ: 'kilometrage', titre: LEVEE_LIBELLES.kilometrage, width: 100, align: 'right', filtre: { type: 'texte' } },
    {
      champ: 'statut',
      titre: LEVEE_LIBELLES.statut,
      width: 120,
      filtre: { type: 'choix', options: OPTIONS_STATUT },
      render: (s: Levee['statut']) => STATUT_LEVEE_LIBELLES[s],
    },
    {
      champ: 'supplementaire',
      titre: LEVEE_LIBELLES.supplementaire,
      width: 150,
      align: 'center',
      filtre: { type: 'choix', options: OPTIONS_SUPPLEMENTAIRE },
      render: (s: Levee['supplementaire']) => (s === 1 ? <CheckOutlined aria-label={LEVEE_LIBELLES.supplementaire} /> : null),
    },
  ];
}

export function LeveeListePage() {
  const naviguer = useNavigate();
  const gerer = useSession().peut('gererLevees');
  const suppression = useSupprimerLevee();

  const supprimer = (l: Levee) => suppression.mutate({ idLevee: l.idLevee, version: l.version });

  return (
    <TableServeur<Levee>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesLevee.listes}
      titre={LEVEE_LIBELLES.titre}
      colonnes={colonnes(gerer, supprimer)}
      charger={listerLevees}
      triDefaut={LEVEE_TRI_DEFAUT}
      filtresDefaut={LEVEE_FILTRE_DEFAUT}
      taillePage={LEVEE_TAILLE_PAGE}
      cleLigne={(l) => l.idLevee}
      compacte
      cheminExport={gerer ? CHEMIN_EXPORT : undefined}
      classeLigne={classeLigne}
      surLigne={(l) => ({ onDoubleClick: () => naviguer(detail(l)) })}
    />
  );
}
