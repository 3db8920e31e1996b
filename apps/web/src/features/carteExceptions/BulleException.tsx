import { CloseOutlined } from '@ant-design/icons';
import { ADRESSE_EXCEPTION_LIBELLES as L, type AdresseException } from '@debarras/domain';
import { Button } from 'antd';
import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import { Fragment, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import type { Bulle } from './coucheExceptions';
import { LIBELLES_CARTES as C, periodeTravaux } from './coucheExceptionsDonnees';

/** What the popup says of one exception; « Modifier » for those who manage exceptions. */
export function ContenuException({ exception, modifier }: { exception: AdresseException; modifier: boolean }) {
  const periode = periodeTravaux(exception);
  const lignes: Array<[string, string | null]> = [
    [L.remarquePublique, exception.remarquePublique],
    [L.remarqueInterne, exception.remarqueInterne],
    [L.remarqueTravaux, exception.remarqueTravaux],
    [C.travaux, periode],
  ];
  return (
    <section className="bulle-exception-contenu" aria-label={exception.adresse}>
      <h4 className="bulle-exception-adresse">{exception.adresse}</h4>
      <dl>
        {lignes
          .filter(([, valeur]) => valeur)
          .map(([terme, valeur]) => (
            <Fragment key={terme}>
              <dt>{terme}</dt>
              <dd>{valeur}</dd>
            </Fragment>
          ))}
      </dl>
      {modifier && <Link to={`/adresseExceptionDetail/${exception.id}`}>{L.modifier}</Link>}
    </section>
  );
}

interface Props {
  carte: OlMap;
  bulle: Bulle | null;
  onFermer: () => void;
}

/**
 * The popup of the markers clicked (ol/Overlay): the exceptions they stand for. Escape or « Fermer » closes it and gives
 * the focus back where it was; opened from the list, it takes the focus.
 */
export function BulleException({ carte, bulle, onFermer }: Props) {
  const modifier = useSession().peut('gererExceptions');
  const [element] = useState(() => document.createElement('div'));
  const [overlay] = useState(
    () => new Overlay({ element, positioning: 'bottom-center', offset: [0, -16], autoPan: { animation: { duration: 200 }, margin: 24 } }),
  );
  const cadre = useRef<HTMLDivElement>(null);
  const precedent = useRef<HTMLElement | null>(null);

  useEffect(() => {
    carte.addOverlay(overlay);
    return () => void carte.removeOverlay(overlay);
  }, [carte, overlay]);

  const fermer = () => {
    onFermer();
    precedent.current?.focus();
    precedent.current = null;
  };

  const ouverte = bulle !== null;
  useEffect(() => {
    overlay.setPosition(bulle?.position);
    if (!bulle) return;
    precedent.current ??= document.activeElement as HTMLElement | null;
    if (bulle.parClavier) cadre.current?.focus();
  }, [overlay, bulle]);

  useEffect(() => {
    if (!ouverte) return;
    const surTouche = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      fermer();
    };
    document.addEventListener('keydown', surTouche);
    return () => document.removeEventListener('keydown', surTouche);
  });

  return createPortal(
    bulle && (
      <div
        ref={cadre}
        className="carte-bulle bulle-exception"
        role="dialog"
        aria-label={bulle.exceptions.map((e) => e.adresse).join(', ')}
        tabIndex={-1}
      >
        <Button
          type="text"
          size="small"
          className="bulle-exception-fermer"
          icon={<CloseOutlined />}
          aria-label={C.fermer}
          onClick={fermer}
        />
        {bulle.exceptions.map((e) => (
          <ContenuException key={e.id} exception={e} modifier={modifier} />
        ))}
      </div>
    ),
    element,
  );
}

/** The markers' legend, in the map's corner. */
export function LegendeExceptions() {
  return (
    <ul className="legende-exceptions" aria-label="Légende">
      <li>
        <span className="symbole-depot" aria-hidden /> {C.legende.depot}
      </li>
      <li>
        <span className="symbole-travaux" aria-hidden /> {C.legende.travaux}
      </li>
      <li>
        <span className="symbole-adresse" aria-hidden /> {C.legende.adresse}
      </li>
    </ul>
  );
}

interface ListeProps {
  exceptions: readonly AdresseException[];
  /** Why the list is empty when it is: the layer hidden, a view too wide… */
  remarque?: string;
  onOuvrir: (exception: AdresseException) => void;
}

/**
 * The exceptions in view as a list: hidden until the keyboard reaches it (Tab after the map), it opens each popup
 * with Enter, and tells screen readers what the markers show.
 */
export function ListeExceptionsVisibles({ exceptions, remarque, onOuvrir }: ListeProps) {
  return (
    <nav className="liste-exceptions-visibles" aria-label={C.exceptionsVisibles(exceptions.length)}>
      <p className="liste-exceptions-titre" aria-live="polite">
        {C.exceptionsVisibles(exceptions.length)}
        {remarque && ` — ${remarque}`}
      </p>
      {exceptions.length > 0 && (
        <ul>
          {exceptions.map((e) => (
            <li key={e.id}>
              <button type="button" onClick={() => onOuvrir(e)}>
                {e.adresse}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
