import {
  aujourdhui,
  DEBARRAS_DETAIL_LIBELLES as L,
  DEBARRAS_MESSAGES,
  DEBARRAS_SUCCES,
  exceptionPourLevee,
  type Adresse,
  type Debarras,
} from '@debarras/domain';
import { createElement, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useGardeModifications } from '../../components/useGardeModifications';
import { useExceptionParIdpadr } from '../../entites/adresseException/api';
import { useChargerLeveesProchaines } from '../../entites/levee/api';
import { avecConfirmationCapacite } from '../../lib/capacite';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { useSession } from '../../lib/session';
import { useChercherDoublons, useEnregistrerDebarras, useReactiverDebarras } from './api';
import { ContenuDoublons } from './Doublons';
import {
  avecException,
  CHAMPS_ERREUR,
  choisirLevee,
  droitsDe,
  erreursDe,
  estModifie,
  manquantsDe,
  raccourciDe,
  valeursInitiales,
  versSaisie,
  type ApportException,
  type ChampErreur,
  type Valeurs,
} from './formulaire';

export const CHEMIN_FICHE = '/debarrasDetail';

/**
 * The control (by its id) that had the focus when a save started: the form is rebuilt after a save (a new
 * version, or the created débarras's own page), and gives it back, so that a keyboard user goes on where
 * they were instead of from the top of the page.
 */
let focusApresEnregistrement: string | undefined;

/**
 * The débarras form: its values, which fields were touched (errors show once a field was left),
 * what the user may do, and the actions (address chosen, sauvage changed, save, reactivate) with
 * the rules of docs/regles.md « Comportement du formulaire » and « Enregistrement d'un débarras ».
 * Leaving it with unsaved changes asks first; Ctrl+Enter or Ctrl+S saves, Ctrl+Shift+Enter saves
 * then opens a new form.
 */
export function useFicheDebarras(debarras: Debarras | undefined) {
  const naviguer = useNavigate();
  const { peut } = useSession();
  const gerer = peut('gererDebarras');
  const [initiales] = useState(() => valeursInitiales(debarras));
  const [valeurs, setValeurs] = useState(initiales);
  const [touches, setTouches] = useState<ReadonlySet<ChampErreur>>(new Set());
  const [rechercheLevee, setRechercheLevee] = useState(false);
  const [enCours, setEnCours] = useState(false);
  useEffect(() => {
    const id = focusApresEnregistrement;
    focusApresEnregistrement = undefined;
    if (id) document.getElementById(id)?.focus({ preventScroll: true });
  }, []);
  // once a save was attempted with something missing, the missing things are listed by the buttons
  const [tentative, setTentative] = useState(false);
  const chargerLeveesProchaines = useChargerLeveesProchaines();
  const doublons = useChercherDoublons();
  const enregistrement = useEnregistrerDebarras();
  const reactivation = useReactiverDebarras();

  const statut = debarras?.statut ?? 'ACTIF';
  const droits = droitsDe(statut, gerer);
  const erreurs = erreursDe(valeurs);
  const manquants = manquantsDe(erreurs);
  const modifie = estModifie(initiales, valeurs);
  const enregistrable = droits.enregistrer && manquants.length === 0 && modifie && !enCours;
  const secteur = valeurs.adresse?.secteur ?? null;
  const { sansGarde } = useGardeModifications(modifie);
  /** Why 'Enregistrer' is off (its tooltip): the status, what is missing, or nothing changed yet. */
  const raisons = !droits.enregistrer
    ? [statut === 'EN_ATTENTE_VALIDATION' ? DEBARRAS_MESSAGES.enAttenteValidation : DEBARRAS_MESSAGES.nonModifiable]
    : manquants.length > 0
      ? manquants
      : modifie
        ? []
        : [L.aucuneModification];

  useExceptionDeLaLevee(valeurs, setValeurs, droits.champs && peut('consulterCarteExceptions'), rechercheLevee);

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
      const semblables = await doublons.mutateAsync({
        idDebarras: debarras?.idDebarras,
        adresse: { idpAdr: valeurs.adresse?.idpAdr },
        telephone: valeurs.telephone.trim() || null,
        email: valeurs.email.trim() || null,
      });
      if (
        semblables &&
        !(await confirmer({ titre: L.doublons, contenu: createElement(ContenuDoublons, { doublons: semblables.doublons }) }))
      )
        return null;
    }
    const saisie = versSaisie(valeurs, debarras);
    return avecConfirmationCapacite((force) => enregistrement.mutateAsync({ saisie, force }));
  };

  const enregistrer = async (puisNouveau: boolean) => {
    // Enter in a field and the shortcuts too: the same conditions as the buttons
    if (enCours || (puisNouveau && !droits.enregistrerNouveau)) return;
    if (!enregistrable) {
      // each message under its field (the objects' one too, without opening their modal), and the list by the buttons
      if (droits.enregistrer && manquants.length > 0) {
        toucher(...CHAMPS_ERREUR);
        setTentative(true);
      }
      return;
    }
    setEnCours(true);
    const focus = document.activeElement?.id || undefined;
    const enregistre = await siAbouti(confirmerPuisEnregistrer());
    setEnCours(false);
    if (!enregistre) return;
    // « Enregistrer / Nouveau » opens an empty form, its focus in the address search
    if (!puisNouveau) focusApresEnregistrement = focus;
    notifier.succes(debarras ? DEBARRAS_SUCCES.misAJour(enregistre.numero) : DEBARRAS_SUCCES.cree(enregistre.numero));
    // what was typed is saved: the next screen may follow without asking
    if (puisNouveau) sansGarde(() => naviguer(CHEMIN_FICHE));
    else if (!debarras) sansGarde(() => naviguer(`${CHEMIN_FICHE}/${enregistre.idDebarras}`, { replace: true }));
  };

  const surTouche = useEffectEvent((evenement: KeyboardEvent) => {
    const raccourci = raccourciDe(evenement);
    // an open dialog (objects, duplicates, leaving) keeps its own keys
    const dansDialogue = evenement.target instanceof Element && evenement.target.closest('[role="dialog"]');
    if (!raccourci || !droits.enregistrer || dansDialogue) return;
    // Ctrl+S would otherwise save the web page
    evenement.preventDefault();
    void enregistrer(raccourci === 'enregistrerNouveau');
  });
  useEffect(() => {
    const ecouter = (evenement: KeyboardEvent) => surTouche(evenement);
    window.addEventListener('keydown', ecouter);
    return () => window.removeEventListener('keydown', ecouter);
  }, []);

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
    /** The address's map may be opened. */
    carte: peut('consulterCarteExceptions'),
    valeurs,
    setValeurs,
    changer,
    toucher,
    erreur,
    etat,
    droits,
    secteur,
    enregistrable,
    raisons,
    manquantsSignales: tentative ? manquants : [],
    enCours,
    rechercheLevee,
    reactivationEnCours: reactivation.isPending,
    choisirAdresse,
    changerSauvage,
    enregistrer,
    reactiver,
  };
}

const adresseEtLevee = (v: Valeurs) => JSON.stringify([v.adresse?.idpAdr, v.levee?.idLevee]);

/**
 * Loading the levée loads the address's exception too (docs/regles.md « Comportement du formulaire »): once the address or
 * the levée changed, and the levée search is over, what the exception gives for the levée's date is applied. A débarras
 * opened and left as it was keeps its own values.
 */
function useExceptionDeLaLevee(
  valeurs: Valeurs,
  setValeurs: (maj: (v: Valeurs) => Valeurs) => void,
  actif: boolean,
  rechercheLevee: boolean,
) {
  const exception = useExceptionParIdpadr(valeurs.adresse?.idpAdr, actif);
  const appliqueePour = useRef(adresseEtLevee(valeurs));
  const apportPrecedent = useRef<ApportException | null>(null);
  const cle = adresseEtLevee(valeurs);
  const dateLevee = valeurs.levee?.dateLevee;
  const lue = exception.isSuccess || exception.isError;
  useEffect(() => {
    if (!actif || rechercheLevee || !lue || cle === appliqueePour.current) return;
    appliqueePour.current = cle;
    // a failed read was notified; the form stays as it is
    if (!exception.isSuccess) return;
    const apport = exceptionPourLevee(exception.data, dateLevee);
    const precedent = apportPrecedent.current;
    apportPrecedent.current = apport;
    setValeurs((v) => avecException(v, apport, precedent));
  }, [actif, rechercheLevee, lue, cle, exception.isSuccess, exception.data, dateLevee, setValeurs]);
}
