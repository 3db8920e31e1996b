import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { lienPage, useTextes } from './langue';

interface Props {
  numero: number;
  total: number;
  titre: string;
  /** Whether the heading takes the focus when the step shows: not on the page's first view, which starts at its top. */
  focaliser: boolean;
  /** The call's refusal, in the resident's language. */
  erreur?: string;
  onSuivant: () => void;
  onPrecedent?: () => void;
  libelleSuivant?: string;
  /** A call is under way: the button says so and cannot be pressed twice. */
  occupe?: boolean;
  children: ReactNode;
}

/**
 * A step of the booking: its form, its heading (with « Étape n sur N », focused when the step changes so that
 * keyboard and screen reader users start at it), the call's refusal and the Précédent / Suivant buttons.
 */
export function Etape({ numero, total, titre, focaliser, erreur, onSuivant, onPrecedent, libelleSuivant, occupe, children }: Props) {
  const { t } = useTextes();
  const idTitre = useId();
  const titreRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focaliser) titreRef.current?.focus();
  }, [focaliser]);
  const soumettre = (e: FormEvent) => {
    e.preventDefault();
    if (!occupe) onSuivant();
  };
  return (
    <form className="etape" noValidate aria-labelledby={idTitre} onSubmit={soumettre}>
      <h2 id={idTitre} ref={titreRef} tabIndex={-1}>
        <span className="etape-numero">{t.etapeSur(numero, total)}</span> {titre}
      </h2>
      <div className="progression" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={i < numero ? 'faite' : undefined} />
        ))}
      </div>
      {children}
      <Alerte message={erreur} />
      <div className="actions">
        {onPrecedent && (
          <button type="button" className="bouton secondaire" onClick={onPrecedent}>
            {t.precedent}
          </button>
        )}
        <button type="submit" className="bouton principal" aria-disabled={occupe || undefined}>
          {occupe ? t.envoiEnCours : (libelleSuivant ?? t.suivant)}
        </button>
      </div>
    </form>
  );
}

/** A refused call, read out as soon as it shows: the region is always there, only its text changes. */
export function Alerte({ message }: { message?: string }) {
  return (
    <div role="alert" className={message ? 'alerte' : undefined}>
      {message}
    </div>
  );
}

/** A field's message, which the field names with `aria-describedby`. */
export function MessageChamp({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="erreur-champ">
      {message}
    </p>
  ) : null;
}

/** Data on its way: said to screen readers as well. */
export function Chargement() {
  const { t } = useTextes();
  return (
    <p role="status" className="statut">
      {t.chargement}
    </p>
  );
}

/** A page that cannot go on (unknown or expired link): why, and a new booking. */
export function Impasse({ message, suite }: { message: string; suite?: ReactNode }) {
  const { langue, t } = useTextes();
  return (
    <section className="etape">
      <h2>{message}</h2>
      {suite}
      <p>
        <a className="bouton secondaire" href={lienPage('', langue)}>
          {t.nouvelleReservation}
        </a>
      </p>
    </section>
  );
}
