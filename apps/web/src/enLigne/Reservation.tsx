import { useEffect, useId, useRef, useState } from 'react';
import type { DateEnLigne, ObjetEnLigne, ReservationEnLigne } from '@debarras/domain/enLigne';
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
    </section>
  );
}
