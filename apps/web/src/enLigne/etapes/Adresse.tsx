import { useEffect, useId, useState } from 'react';
import type { AdresseEnLigne } from '@debarras/domain/enLigne';
import { api } from '../api';
import { Etape } from '../Etape';
import { useTextes } from '../langue';

/** The addresses found for a search, kept with it: coming back to the step shows them without searching again. */
export type Resultats = { q: string; adresses: AdresseEnLigne[] };

/** The search waits for a pause in the typing, from this many characters (the server's minimum). */
const RECHERCHE_MIN = 3;
const PAUSE_MS = 250;

interface Props {
  recherche: string;
  onRecherche: (recherche: string) => void;
  resultats?: Resultats;
  onResultats: (resultats: Resultats) => void;
  adresse: AdresseEnLigne | null;
  onAdresse: (adresse: AdresseEnLigne | null) => void;
  telephone: string;
  focaliser: boolean;
  erreur?: string;
  onSuivant: () => void;
}

/** Step 1: the address, searched as one types and chosen in a list of radio buttons (arrows move in it). */
export function EtapeAdresse({
  recherche,
  onRecherche,
  resultats,
  onResultats,
  adresse,
  onAdresse,
  telephone,
  focaliser,
  erreur,
  onSuivant,
}: Props) {
  const { langue, t } = useTextes();
  const id = useId();
  const [erreurChoix, setErreurChoix] = useState<string>();
  const [erreurRecherche, setErreurRecherche] = useState<string>();
  const q = recherche.trim();
  const dejaCherchee = resultats?.q === q;

  useEffect(() => {
    if (q.length < RECHERCHE_MIN || dejaCherchee) return;
    const controleur = new AbortController();
    const minuterie = setTimeout(() => {
      api.adresses(q, langue, controleur.signal).then(
        (adresses) => onResultats({ q, adresses }),
        (e: Error) => !controleur.signal.aborted && setErreurRecherche(e.message),
      );
    }, PAUSE_MS);
    return () => {
      clearTimeout(minuterie);
      controleur.abort();
    };
  }, [q, dejaCherchee, langue, onResultats]);

  // the last answer stays while the next one comes: the list does not blink at each key
  const liste = q.length >= RECHERCHE_MIN ? resultats?.adresses : undefined;
  const avis = erreurChoix ?? (adresse && !adresse.reservable ? t.sansSecteur(telephone) : undefined);
  const idAide = `${id}-aide`;
  const idAvis = `${id}-avis`;

  const suivant = () => {
    if (adresse?.reservable) return onSuivant();
    setErreurChoix(adresse ? t.sansSecteur(telephone) : t.adresseObligatoire);
    document.getElementById(liste?.length ? `${id}-${adresse?.idpAdr ?? liste[0]!.idpAdr}` : `${id}-recherche`)?.focus();
  };

  return (
    <Etape numero={1} total={5} titre={t.etapeAdresse} focaliser={focaliser} erreur={erreur ?? erreurRecherche} onSuivant={suivant}>
      <div className="champ">
        <label htmlFor={`${id}-recherche`}>{t.rechercherAdresse}</label>
        <input
          id={`${id}-recherche`}
          type="search"
          value={recherche}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={erreurChoix && !liste?.length ? true : undefined}
          aria-describedby={
            [q.length > 0 && q.length < RECHERCHE_MIN && idAide, avis && !liste?.length && idAvis].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            onRecherche(e.target.value);
            onAdresse(null);
            setErreurChoix(undefined);
            setErreurRecherche(undefined);
          }}
        />
        {q.length > 0 && q.length < RECHERCHE_MIN && (
          <p id={idAide} className="aide">
            {t.rechercheTropCourte}
          </p>
        )}
      </div>
      <p id={`${id}-statut`} role="status" className="statut">
        {liste && (liste.length ? t.adressesTrouvees(liste.length) : t.aucuneAdresse)}
      </p>
      {liste && liste.length > 0 && (
        <fieldset className="options" aria-labelledby={`${id}-statut`} aria-describedby={avis ? idAvis : undefined}>
          {liste.map((a) => (
            <label key={a.idpAdr} className="option">
              <input
                id={`${id}-${a.idpAdr}`}
                type="radio"
                name="adresse"
                value={a.idpAdr}
                checked={adresse?.idpAdr === a.idpAdr}
                aria-invalid={erreurChoix ? true : undefined}
                onChange={() => {
                  onAdresse(a);
                  setErreurChoix(undefined);
                }}
              />
              <span>
                {a.adresse}
                {!a.reservable && <span className="option-note">{t.adresseNonReservable}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div aria-live="polite">
        {avis && (
          <p id={idAvis} className={erreurChoix ? 'erreur-champ' : 'avis'}>
            {avis}
          </p>
        )}
      </div>
    </Etape>
  );
}
