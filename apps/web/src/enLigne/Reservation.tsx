import { useEffect, useId, useRef, useState } from 'react';
import { dateLisible, type DateEnLigne, type ObjetEnLigne, type ReservationEnLigne } from '@debarras/domain/enLigne';
import { api, nouvelleSession, type ErreurEnLigne, type LigneObjet } from './api';
import { useCatalogue, useDonnees } from './donnees';
import { Alerte, Chargement, Impasse } from './Etape';
import { EtapeDate } from './etapes/Date';
import { EtapeObjets, type Quantites } from './etapes/Objets';
import { useTextes } from './langue';
import { useRetenirDepart } from './retenirDepart';
import { NumeroReservation, Recapitulatif } from './Recapitulatif';

type Mode = 'vue' | 'annulation' | 'objets' | 'date';

/**
 * The booking's own link (route `en-ligne/reservation/<jeton>`): the booking and its state; while it may still
 * be changed, its objects and date (the booking's steps again, as a change session) and its cancellation.
 */
export function Reservation({ jeton }: { jeton: string }) {
  const { langue, t } = useTextes();
  const chargee = useDonnees(`reservation:${jeton}`, () => api.reservation(jeton, langue));
  const catalogue = useCatalogue(langue);
  const service = useDonnees(`service:${langue}`, () => api.service(langue));
  const [modifiee, setModifiee] = useState<ReservationEnLigne>();
  const reservation = modifiee ?? chargee.donnees;

  const [mode, setMode] = useState<Mode>('vue');
  const [focaliser, setFocaliser] = useState(false);
  // what the last change did, said in the one status region that stays through the modes: a region mounted with its
  // text already in it is not read out by every screen reader
  const [message, setMessage] = useState<string>();
  const [erreur, setErreur] = useState<string>();
  const [occupe, setOccupe] = useState(false);
  const [session, setSession] = useState('');
  const [quantites, setQuantites] = useState<Quantites>({});
  const [objets, setObjets] = useState<LigneObjet[]>([]);
  const [date, setDate] = useState<DateEnLigne | null>(null);
  const [essaiDates, setEssaiDates] = useState(0);
  useRetenirDepart(mode === 'objets' || mode === 'date');

  if (chargee.erreur) {
    return <Impasse message={chargee.erreur} />;
  }
  if (!reservation) {
    return <Chargement />;
  }

  const aller = (suivant: Mode, erreurAppel?: string) => {
    setMode(suivant);
    setFocaliser(true);
    setErreur(erreurAppel);
  };
  const modifier = () => {
    setSession(nouvelleSession());
    setQuantites(Object.fromEntries(reservation.objets.map((o) => [o.idObjet, String(o.quantite)])));
    setDate({ idLevee: reservation.idLevee, date: reservation.date });
    setMessage(undefined);
    aller('objets');
  };
  const enregistrer = async () => {
    setOccupe(true);
    try {
      await api.noterDate(session, 'modification', langue);
      setModifiee(await api.modifier(jeton, { session, langue, idLevee: date!.idLevee, objets }));
      setMessage(t.modificationEnregistree);
      aller('vue');
    } catch (e) {
      const { message: refus, code } = e as ErreurEnLigne;
      if (code === 'CAPACITE_DEPASSEE') {
        setDate(null);
        setEssaiDates((n) => n + 1);
      }
      setErreur(refus);
    } finally {
      setOccupe(false);
    }
  };
  const signaler = async (remarque: string) => {
    setOccupe(true);
    try {
      setModifiee(await api.signaler(jeton, langue, remarque));
      setMessage(t.signalementEnvoye);
      setErreur(undefined);
      return true;
    } catch (e) {
      setErreur((e as ErreurEnLigne).message);
      return false;
    } finally {
      setOccupe(false);
    }
  };
  const annuler = async () => {
    setOccupe(true);
    try {
      setModifiee(await api.annuler(jeton, nouvelleSession(), langue));
      setMessage(t.annulee);
      aller('vue');
    } catch (e) {
      setErreur((e as ErreurEnLigne).message);
    } finally {
      setOccupe(false);
    }
  };

  let contenu;
  if (mode === 'objets') {
    contenu = (
      <EtapeObjets
        numero={1}
        total={2}
        catalogue={catalogue.donnees}
        erreurCatalogue={catalogue.erreur}
        quantites={quantites}
        onQuantites={setQuantites}
        focaliser={focaliser}
        erreur={erreur}
        onSuivant={(lignes) => {
          setObjets(lignes);
          aller('date');
        }}
        onPrecedent={() => aller('vue')}
      />
    );
  } else if (mode === 'date') {
    contenu = (
      <EtapeDate
        key={essaiDates}
        numero={2}
        total={2}
        idpAdr={reservation.idpAdr}
        date={date}
        onDate={setDate}
        dateActuelle={{ idLevee: reservation.idLevee, date: reservation.date }}
        telephone={service.donnees?.telephone ?? ''}
        focaliser={focaliser}
        erreur={erreur}
        occupe={occupe}
        libelleSuivant={t.enregistrer}
        onSuivant={enregistrer}
        onPrecedent={() => aller('objets')}
      />
    );
  } else {
    contenu = (
      <Vue
        reservation={reservation}
        catalogue={catalogue.donnees}
        focaliser={focaliser}
        etatDit={message === t[reservation.etat]}
        erreur={erreur}
        occupe={occupe}
        confirmation={mode === 'annulation'}
        onModifier={modifier}
        onAnnuler={() => aller('annulation')}
        onConfirmerAnnulation={annuler}
        onGarder={() => aller('vue')}
        onSignaler={signaler}
      />
    );
  }
  return (
    <>
      <p role="status" className={message ? 'succes' : undefined}>
        {message}
      </p>
      {contenu}
    </>
  );
}

interface PropsVue {
  reservation: ReservationEnLigne;
  catalogue?: ObjetEnLigne[];
  focaliser: boolean;
  /** The status region has just said the booking's state (a cancellation): the page does not say it twice. */
  etatDit: boolean;
  erreur?: string;
  occupe: boolean;
  confirmation: boolean;
  onModifier: () => void;
  onAnnuler: () => void;
  onConfirmerAnnulation: () => void;
  onGarder: () => void;
  /** Sends the report; true once it is recorded. */
  onSignaler: (remarque: string) => Promise<boolean>;
}

function Vue({ reservation: r, catalogue, focaliser, etatDit, erreur, occupe, confirmation, ...actions }: PropsVue) {
  const { t } = useTextes();
  const id = useId();
  const titre = useRef<HTMLHeadingElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const boutonAnnuler = useRef<HTMLButtonElement>(null);
  const enConfirmation = useRef(confirmation);
  useEffect(() => {
    // the booking kept: the keyboard takes up where it left, at the button that asked (gone once it is cancelled)
    const garde = enConfirmation.current && !confirmation ? boutonAnnuler.current : null;
    enConfirmation.current = confirmation;
    if (confirmation) question.current?.focus();
    else if (garde) garde.focus();
    else if (focaliser) titre.current?.focus();
  }, [confirmation, focaliser]);
  return (
    <section className="etape" aria-labelledby={id}>
      <h2 id={id} ref={titre} tabIndex={-1}>
        <NumeroReservation numero={r.numero} />
      </h2>
      {!etatDit && <p className={`etat etat-${r.etat}`}>{t[r.etat]}</p>}
      <Suivi reservation={r} />
      <Recapitulatif adresse={r.adresse} date={r.date} objets={r.objets} catalogue={catalogue} coordonnees={r} />
      <Alerte message={erreur} />
      {r.modifiable && !confirmation && (
        <div className="actions">
          <button type="button" className="bouton principal" onClick={actions.onModifier}>
            {t.modifier}
          </button>
          <button ref={boutonAnnuler} type="button" className="bouton danger" onClick={actions.onAnnuler}>
            {t.annuler}
          </button>
        </div>
      )}
      {r.modifiable && confirmation && (
        <div className="confirmation" role="group" aria-labelledby={`${id}-question`}>
          <p id={`${id}-question`} ref={question} tabIndex={-1}>
            {t.confirmerAnnulation}
          </p>
          <div className="actions">
            <button
              type="button"
              className="bouton danger"
              aria-disabled={occupe || undefined}
              onClick={() => !occupe && actions.onConfirmerAnnulation()}
            >
              {occupe ? t.envoiEnCours : t.annuler}
            </button>
            <button type="button" className="bouton secondaire" onClick={actions.onGarder}>
              {t.garderReservation}
            </button>
          </div>
        </div>
      )}
      {!r.modifiable && (r.etat === 'validee' || r.etat === 'enAttente') && <p className="avis">{t.plusModifiable}</p>}
      <Signalement reservation={r} occupe={occupe} onSignaler={actions.onSignaler} />
    </section>
  );
}

/** What the crew found (docs/regles.md « Signalements »): collected on a day, or not, why, and the new date if any. */
function Suivi({ reservation: r }: { reservation: ReservationEnLigne }) {
  const { langue, t } = useTextes();
  const { etat, le, motif } = r.suivi;
  if (etat === 'levee') return <p className="etat etat-levee">{t.leveeLe(dateLisible(le!, langue))}</p>;
  if (etat !== 'nonLevee') return null;
  return (
    <div className="suivi-non-leve">
      <p className="etat etat-non-leve">{t.nonLeve}</p>
      <p>{t.nonLeveLe(dateLisible(le!, langue), t.motifsNonLeve[motif!])}</p>
      {r.date > le! && <p>{t.nouvelleDate(dateLisible(r.date, langue))}</p>}
    </div>
  );
}

/** « Mes objets n'ont pas été levés »: said once it is made; offered, with the resident's words, while it may be. */
function Signalement({
  reservation: r,
  occupe,
  onSignaler,
}: {
  reservation: ReservationEnLigne;
  occupe: boolean;
  onSignaler: PropsVue['onSignaler'];
}) {
  const { langue, t } = useTextes();
  const id = useId();
  const [ouvert, setOuvert] = useState(false);
  const [remarque, setRemarque] = useState('');
  const bouton = useRef<HTMLButtonElement>(null);
  const champ = useRef<HTMLTextAreaElement>(null);
  useRetenirDepart(ouvert && remarque.trim() !== '');
  useEffect(() => {
    if (ouvert) champ.current?.focus();
  }, [ouvert]);
  if (r.signalement.etat === 'ouvert') return <p className="avis">{t.signalementOuvert}</p>;
  if (r.signalement.etat === 'traite') return <p className="avis">{t.signalementTraite}</p>;
  if (!r.signalement.possibleJusquAu) return null;
  const fermer = () => {
    setOuvert(false);
    // back to the button that opened it, once it is drawn again
    setTimeout(() => bouton.current?.focus());
  };
  return (
    <div className="signalement">
      <p>{t.signalerAide(dateLisible(r.signalement.possibleJusquAu, langue))}</p>
      {!ouvert ? (
        <button ref={bouton} type="button" className="bouton secondaire" onClick={() => setOuvert(true)}>
          {t.signaler}
        </button>
      ) : (
        <div role="group" aria-labelledby={`${id}-titre`}>
          <p id={`${id}-titre`} className="etat">
            {t.signaler}
          </p>
          <label htmlFor={`${id}-remarque`}>{t.signalementRemarque}</label>
          <textarea
            ref={champ}
            id={`${id}-remarque`}
            rows={3}
            maxLength={500}
            value={remarque}
            onChange={(e) => setRemarque(e.target.value)}
          />
          <div className="actions">
            <button
              type="button"
              className="bouton principal"
              aria-disabled={occupe || undefined}
              onClick={async () => {
                if (!occupe && (await onSignaler(remarque))) setOuvert(false);
              }}
            >
              {occupe ? t.envoiEnCours : t.signalementEnvoyer}
            </button>
            <button type="button" className="bouton secondaire" onClick={fermer}>
              {t.signalementRenoncer}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
