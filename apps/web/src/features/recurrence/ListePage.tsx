import { PlusOutlined } from '@ant-design/icons';
import {
  libelleRecurrence,
  RECURRENCE_FILTRE_DEFAUT,
  RECURRENCE_LIBELLES as L,
  RECURRENCE_MESSAGES,
  RECURRENCE_SUCCES,
  RECURRENCE_TRI_DEFAUT,
  STATUTS_ACTIF,
  type RecurrenceLigne,
} from '@debarras/domain';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { actionModifier, actionSupprimer, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { clesRecurrence } from '../../entites/recurrence/cles';
import { formaterDate } from '../../lib/dates';
import { notifier } from '../../lib/notifications';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerRecurrences, useSupprimerRecurrence } from './api';

const OPTIONS_STATUT = STATUTS_ACTIF.map((s) => ({ value: s.valeur, label: s.libelle }));
const libelleStatut = (actif: boolean) => STATUTS_ACTIF.find((s) => s.valeur === (actif ? 1 : 0))?.libelle;

const detail = (r: RecurrenceLigne) => `/RecurrenceDetail/${r.idRecurrence}`;

const colonneTexte = (champ: 'remarque' | 'remarqueObjet'): ColonneServeur<RecurrenceLigne> => ({
  champ,
  titre: L[champ],
  filtre: { type: 'texte' },
  ellipsis: true,
});

const colonneDate = (champ: 'dateDebut' | 'dateFin'): ColonneServeur<RecurrenceLigne> => ({
  champ,
  titre: L[champ],
  width: 110,
  render: (jour: string | null) => formaterDate(jour),
});

const nom = (r: RecurrenceLigne) => r.adresse.adresse;

function colonnes(supprimer: (r: RecurrenceLigne) => void): ColonneServeur<RecurrenceLigne>[] {
  return [
    colonneActions<RecurrenceLigne>(80, [
      actionModifier(detail, nom),
      actionSupprimer(nom, {
        infobulle: L.infoSuppression,
        confirmation: (r) => ({
          titre: L.titreSuppression,
          contenu: RECURRENCE_MESSAGES.confirmationSuppression(r.adresse.adresse),
          ok: 'Supprimer',
          annuler: 'Annuler',
          danger: true,
        }),
        faire: supprimer,
      }),
    ]),
    {
      champ: 'adresse',
      titre: L.adresse,
      filtre: { type: 'texte' },
      ellipsis: true,
      render: (adresse: RecurrenceLigne['adresse']) => adresse.adresse,
    },
    { champ: 'recurrence', titre: L.recurrence, filtre: { type: 'texte' }, render: (jours: string) => libelleRecurrence(jours) },
    colonneDate('dateDebut'),
    colonneDate('dateFin'),
    colonneTexte('remarque'),
    colonneTexte('remarqueObjet'),
    {
      champ: 'isActif',
      titre: L.statut,
      width: 100,
      filtre: { type: 'choix', options: OPTIONS_STATUT, parametre: 'actif' },
      render: (actif: boolean) => libelleStatut(actif),
    },
  ];
}

/** « Afficher les récurrences »: the addresses that put out bulky waste on fixed weekdays. */
export function RecurrenceListePage() {
  const naviguer = useNavigate();
  const suppression = useSupprimerRecurrence();

  const supprimer = (r: RecurrenceLigne) =>
    suppression.mutate(r, { onSuccess: (supprimee) => notifier.succes(RECURRENCE_SUCCES.supprime(supprimee.adresse.adresse)) });

  return (
    <TableServeur<RecurrenceLigne>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesRecurrence.listes}
      titre={L.titre}
      colonnes={colonnes(supprimer)}
      charger={listerRecurrences}
      triDefaut={RECURRENCE_TRI_DEFAUT}
      filtresDefaut={RECURRENCE_FILTRE_DEFAUT}
      cleLigne={(r) => r.idRecurrence}
      cheminExport={CHEMIN_EXPORT}
      surLigne={(r) => ({ onDoubleClick: () => naviguer(detail(r)) })}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => naviguer('/RecurrenceDetail')}>
          Ajouter
        </Button>
      }
    />
  );
}
