import {
  aujourdhui,
  DEBARRAS_DETAIL_LIBELLES as L,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  type Adresse,
  type Debarras,
} from '@debarras/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useChargerLeveesProchaines } from '../../entites/levee/api';
import { avecConfirmationCapacite } from '../../lib/capacite';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useSession } from '../../lib/session';
import { useChercherDoublons, useEnregistrerDebarras, useReactiverDebarras } from './api';
import { choisirLevee, droitsDe, erreursDe, estModifie, valeursInitiales, versSaisie, type ChampErreur, type Valeurs } from './formulaire';

export const CHEMIN_FICHE = '/debarrasDetail';

/**
 * The débarras form: its values, which fields were touched (errors show once a field was left),
 * what the user may do, and the actions (address chosen, sauvage changed, save, reactivate) with
 * the rules of docs/regles.md « Comportement du formulaire » and « Enregistrement d'un débarras ».
 */
export function useFicheDebarras(debarras: Debarras | undefined) {
  const naviguer = useNavigate();
  const gerer = useSession().peut('gererDebarras');
  const [initiales] = useState(() => valeursInitiales(debarras));
  const [valeurs, setValeurs] = useState(initiales);
  const [touches, setTouches] = useState<ReadonlySet<ChampErreur>>(new Set());
  const [rechercheLevee, setRechercheLevee] = useState(false);
  const [enCours, setEnCours] = useState(false);
  const chargerLeveesProchaines = useChargerLeveesProchaines();
  const doublons = useChercherDoublons();
  const enregistrement = useEnregistrerDebarras();
  const reactivation = useReactiverDebarras();

  const statut = debarras?.statut ?? 'ACTIF';
  const droits = droitsDe(statut, gerer);
  const erreurs = erreursDe(valeurs);
  const enregistrable = droits.enregistrer && Object.keys(erreurs).length === 0 && estModifie(initiales, valeurs) && !enCours;
  const secteur = valeurs.adresse?.secteur ?? null;

  const changer = (change: Partial<Valeurs>) => setValeurs((v) => ({ ...v, ...change }));
  const toucher = (...champs: ChampErreur[]) => setTouches((t) => new Set([...t, ...champs]));
  const erreur = (champ: ChampErreur) => (touches.has(champ) ? erreurs[champ] : undefined);
  const etat = (champ: ChampErreur) => ({ help: erreur(champ), validateStatus: erreur(champ) ? ('error' as const) : undefined });

  /** Fills the levée from the sector's next levées by the choice rule. */
  const chargerLevee = async (secteurAdresse: string, sauvage: Valeurs['sauvage']) => {
    setRechercheLevee(true);
    const levees = await siAbouti(chargerLeveesProchaines(secteurAdresse, sauvage === '1'));
    setRechercheLevee(false);
    if (levees) changer({ levee: choisirLevee(levees, secteurAdresse, sauvage, aujourdhui()) });
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

  /** The duplicate question, then the save with the capacity question; null when staff decline either. */
  const confirmerPuisEnregistrer = async (): Promise<Debarras | null> => {
    if (statut !== 'ARCHIVE') {
      const message = await doublons.mutateAsync({
        idDebarras: debarras?.idDebarras,
        adresse: { idpAdr: valeurs.adresse?.idpAdr },
        telephone: valeurs.telephone.trim() || null,
        email: valeurs.email.trim() || null,
      });
      if (message && !(await confirmer({ titre: L.doublons, contenu: message }))) return null;
    }
    const saisie = versSaisie(valeurs, debarras);
    return avecConfirmationCapacite((force) => enregistrement.mutateAsync({ saisie, force }));
  };

  const enregistrer = async (puisNouveau: boolean) => {
    // Enter in a field submits too: the same conditions as the buttons
    if (!enregistrable || (puisNouveau && !droits.enregistrerNouveau)) return;
    setEnCours(true);
    const enregistre = await siAbouti(confirmerPuisEnregistrer());
    setEnCours(false);
    if (!enregistre) return;
    notifier.succes(debarras ? DEBARRAS_SUCCES.misAJour(enregistre.numero) : DEBARRAS_SUCCES.cree(enregistre.numero));
    if (puisNouveau) naviguer(CHEMIN_FICHE);
    else if (!debarras) naviguer(`${CHEMIN_FICHE}/${enregistre.idDebarras}`, { replace: true });
  };

  const reactiver = async (d: Debarras) => {
    if (!(await confirmer({ titre: L.reactiver, contenu: L.confirmationReactivation(d.numero) }))) return;
    reactivation.mutate(
      { idDebarras: d.idDebarras, version: d.version },
      {
        onSuccess: (reactive) => {
          notifier.succes(DEBARRAS_SUCCES.reactiver(reactive.numero));
          if (reactive.avertissement) notifier.attention(reactive.avertissement);
        },
      },
    );
  };

  return {
    gerer,
    valeurs,
    setValeurs,
    changer,
    toucher,
    erreur,
    etat,
    droits,
    secteur,
    enregistrable,
    enCours,
    rechercheLevee,
    reactivationEnCours: reactivation.isPending,
    choisirAdresse,
    changerSauvage,
    enregistrer,
    reactiver,
  };
}
