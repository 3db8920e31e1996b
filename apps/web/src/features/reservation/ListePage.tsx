import { CloseOutlined } from '@ant-design/icons';
import {
  dureeEntre,
  LANGUES,
  libelleLangue,
  libelleTypeReservation,
  RESERVATION_LIBELLES,
  RESERVATION_TRI_DEFAUT,
  reservationAboutie,
  TYPES_RESERVATION,
  type Reservation,
} from '@debarras/domain';
import { clesReservation } from '../../entites/reservation/cles';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { formaterDateHeure } from '../../lib/dates';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerReservations } from './api';

const OPTIONS_LANGUE = LANGUES.map((l) => ({ value: l.valeur, label: l.libelle }));
const OPTIONS_TYPE = TYPES_RESERVATION.map((t) => ({ value: t.valeur, label: t.libelle }));
const horodatage = (champ: 'timestampReservation' | 'timestampConfirmation' | 'timestampValidation'): ColonneServeur<Reservation> => ({
  champ,
  titre: RESERVATION_LIBELLES[champ],
  width: 190,
  render: (t: string | null) => formaterDateHeure(t),
});

const COLONNES: ColonneServeur<Reservation>[] = [
  {
    champ: 'type',
    titre: RESERVATION_LIBELLES.type,
    width: 130,
    filtre: { type: 'choix', options: OPTIONS_TYPE },
    render: (type: string) => libelleTypeReservation(type),
  },
  {
    champ: 'idSession',
    titre: RESERVATION_LIBELLES.idSession,
    filtre: { type: 'texte' },
    ellipsis: true,
    render: (session: string) => <span className="identifiant-session">{session}</span>,
  },
  horodatage('timestampReservation'),
  horodatage('timestampConfirmation'),
  horodatage('timestampValidation'),
  {
    champ: 'diff12',
    titre: RESERVATION_LIBELLES.diff12,
    triable: false,
    width: 120,
    align: 'right',
    render: (_, r) => dureeEntre(r.timestampReservation, r.timestampConfirmation),
  },
  {
    champ: 'diff23',
    titre: RESERVATION_LIBELLES.diff23,
    triable: false,
    width: 120,
    align: 'right',
    render: (_, r) => dureeEntre(r.timestampConfirmation, r.timestampValidation),
  },
  {
    champ: 'rejetEmail',
    titre: RESERVATION_LIBELLES.rejetEmail,
    width: 120,
    align: 'center',
    render: (rejet: number) => (rejet === 1 ? <CloseOutlined className="icone-rejet" aria-label={RESERVATION_LIBELLES.rejetee} /> : null),
  },
  {
    champ: 'langue',
    titre: RESERVATION_LIBELLES.langue,
    width: 120,
    filtre: { type: 'choix', options: OPTIONS_LANGUE },
    render: (l: string | null) => libelleLangue(l),
  },
];

/** Online bookings stage by stage; a completed one shows in green (docs/regles.md « Réservations en ligne »). */
export function ReservationListePage() {
  return (
    <TableServeur<Reservation>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesReservation.listes}
      titre={RESERVATION_LIBELLES.titre}
      colonnes={COLONNES}
      charger={listerReservations}
      triDefaut={RESERVATION_TRI_DEFAUT}
      cleLigne={(r) => r.idReservation}
      cheminExport={CHEMIN_EXPORT}
      classeLigne={(r) => (reservationAboutie(r) ? 'ligne-aboutie' : '')}
    />
  );
}
