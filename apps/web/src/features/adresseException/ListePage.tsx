import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ADRESSE_EXCEPTION_FILTRE_DEFAUT,
  ADRESSE_EXCEPTION_LIBELLES as L,
  ADRESSE_EXCEPTION_MESSAGES,
  ADRESSE_EXCEPTION_SUCCES,
  ADRESSE_EXCEPTION_TRI_DEFAUT,
  libelleStatutException,
  type AdresseException,
  type StatutException,
} from '@debarras/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { actionModifier, actionSupprimer, colonneActions, type ActionLigne } from '../../components/ActionsLigne';
import { TableServeur, type ColonneServeur } from '../../components/TableServeur';
import { CHEMIN_EXPORT, CLE_ETAT_LISTE, listerAdressesExceptions, useSupprimerAdresseException } from '../../entites/adresseException/api';
import { clesAdresseException } from '../../entites/adresseException/cles';
import { formaterDate } from '../../lib/dates';
import { DialogueDiffere, differe } from '../../lib/differe';
import { notifier } from '../../lib/notifications';
import { OPTIONS_STATUT } from './saisieException';

const detail = (e: AdresseException) => `/adresseExceptionDetail/${e.id}`;

const colonneTexte = (
  champ: 'idpadr' | 'adresse' | 'remarqueInterne' | 'remarquePublique' | 'remarqueTravaux',
): ColonneServeur<AdresseException> => ({
  champ,
  titre: L[champ],
  filtre: { type: 'texte' },
  ellipsis: true,
});

const colonneDate = (champ: 'dateDebutTravaux' | 'dateFinTravaux'): ColonneServeur<AdresseException> => ({
  champ,
  titre: L[champ],
  width: 120,
  render: (jour: string | null) => formaterDate(jour),
});

const nom = (e: AdresseException) => e.adresse;

function colonnes(supprimer: ActionLigne<AdresseException>): ColonneServeur<AdresseException>[] {
  return [
    colonneActions<AdresseException>(100, [
      actionModifier(detail, nom),
      {
        nom: (e) => `${L.copier} ${nom(e)}`,
        infobulle: L.copier,
        icone: <CopyOutlined />,
        chemin: (e) => `/adresseExceptionCopie/${e.id}`,
      },
      supprimer,
    ]),
    { ...colonneTexte('idpadr'), width: 120 },
    colonneTexte('adresse'),
    colonneTexte('remarqueInterne'),
    colonneTexte('remarquePublique'),
    colonneTexte('remarqueTravaux'),
    colonneDate('dateDebutTravaux'),
    colonneDate('dateFinTravaux'),
    {
      champ: 'statut',
      titre: L.statut,
      width: 100,
      filtre: { type: 'choix', options: OPTIONS_STATUT },
      render: (statut: StatutException) => libelleStatutException(statut),
    },
  ];
}

const ModaleAjout = differe(() => import('./ModaleAjout'), 'ModaleAjout');

/** « Gérer les exceptions » (docs/regles.md « Adresses exceptions »). */
export function AdresseExceptionListePage() {
  const naviguer = useNavigate();
  const suppression = useSupprimerAdresseException();
  const [ajoutOuvert, setAjoutOuvert] = useState(false);

  const supprimer = actionSupprimer(nom, {
    confirmation: (e) => ({
      titre: L.titreSuppression,
      contenu: ADRESSE_EXCEPTION_MESSAGES.confirmationSuppression(e.adresse),
      ok: L.supprimer,
      annuler: 'Annuler',
      danger: true,
    }),
    faire: (e) =>
      suppression.mutate(e, { onSuccess: (supprimee) => notifier.succes(ADRESSE_EXCEPTION_SUCCES.supprimee(supprimee.adresse)) }),
  });

  return (
    <>
      <TableServeur<AdresseException>
        cleEtat={CLE_ETAT_LISTE}
        cleRequete={clesAdresseException.listes}
        titre={L.titre}
        colonnes={colonnes(supprimer)}
        charger={listerAdressesExceptions}
        triDefaut={ADRESSE_EXCEPTION_TRI_DEFAUT}
        filtresDefaut={ADRESSE_EXCEPTION_FILTRE_DEFAUT}
        cleLigne={(e) => e.id}
        cheminExport={CHEMIN_EXPORT}
        surLigne={(e) => ({ onDoubleClick: () => naviguer(detail(e)) })}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAjoutOuvert(true)}>
            Ajouter
          </Button>
        }
      />
      <DialogueDiffere ouvert={ajoutOuvert}>
        <ModaleAjout ouvert={ajoutOuvert} onFermer={() => setAjoutOuvert(false)} />
      </DialogueDiffere>
    </>
  );
}
