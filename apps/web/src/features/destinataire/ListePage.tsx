import { PlusOutlined } from '@ant-design/icons';
import {
  DESTINATAIRE_FILTRE_DEFAUT,
  DESTINATAIRE_LIBELLES,
  DESTINATAIRE_MESSAGES,
  DESTINATAIRE_SUCCES,
  DESTINATAIRE_TRI_DEFAUT,
  STATUTS_ACTIF,
  type Destinataire,
} from '@debarras/domain';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { clesDestinataire } from '../../entites/destinataire/cles';
import { actionModifier, actionSupprimer, colonneActions } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { notifier } from '../../lib/notifications';
import { useFormatsImpression } from '../../entites/parametre/api';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerDestinataires, useSupprimerDestinataire } from './api';

const OPTIONS_STATUT = STATUTS_ACTIF.map((s) => ({ value: s.valeur, label: s.libelle }));
const libelleStatut = (actif: number) => STATUTS_ACTIF.find((s) => s.valeur === actif)?.libelle;
const detail = (d: Destinataire) => `/destinataireDetail/${d.idDestinataire}`;
const nom = (d: Destinataire) => d.destinataire;

export function DestinataireListePage() {
  const naviguer = useNavigate();
  const formats = useFormatsImpression();
  const suppression = useSupprimerDestinataire();

  const colonnes: ColonneServeur<Destinataire>[] = [
    colonneActions<Destinataire>(80, [
      actionModifier(detail, nom),
      actionSupprimer(nom, {
        confirmation: (d) => ({
          titre: DESTINATAIRE_LIBELLES.titreSuppression,
          contenu: DESTINATAIRE_MESSAGES.confirmationSuppression(d.destinataire),
          ok: 'Supprimer',
          annuler: 'Annuler',
          danger: true,
        }),
        faire: (d) =>
          suppression.mutate(d, { onSuccess: (supprime) => notifier.succes(DESTINATAIRE_SUCCES.supprime(supprime.destinataire)) }),
      }),
    ]),
    { champ: 'destinataire', titre: DESTINATAIRE_LIBELLES.destinataire, filtre: { type: 'texte' } },
    { champ: 'email', titre: DESTINATAIRE_LIBELLES.email, filtre: { type: 'texte' } },
    { champ: 'description', titre: DESTINATAIRE_LIBELLES.description, filtre: { type: 'texte' }, ellipsis: true },
    {
      champ: 'type',
      titre: DESTINATAIRE_LIBELLES.type,
      width: 110,
      filtre: { type: 'choix', options: formats.map((f) => ({ value: f, label: f })) },
    },
    {
      champ: 'actif',
      titre: DESTINATAIRE_LIBELLES.actif,
      width: 110,
      filtre: { type: 'choix', options: OPTIONS_STATUT },
      render: (actif: number) => libelleStatut(actif),
    },
  ];

  return (
    <TableServeur<Destinataire>
      cleEtat={CLE_ETAT_LISTE}
      cleRequete={clesDestinataire.listes}
      titre={DESTINATAIRE_LIBELLES.titre}
      colonnes={colonnes}
      charger={listerDestinataires}
      triDefaut={DESTINATAIRE_TRI_DEFAUT}
      filtresDefaut={DESTINATAIRE_FILTRE_DEFAUT}
      cleLigne={(d) => d.idDestinataire}
      cheminExport={CHEMIN_EXPORT}
      surLigne={(d) => ({ onDoubleClick: () => naviguer(detail(d)) })}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => naviguer('/destinataireDetail')}>
          Ajouter
        </Button>
      }
    />
  );
}
