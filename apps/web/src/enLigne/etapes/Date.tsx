import { useId, useState } from 'react';
import { dateLisible, type DateEnLigne } from '@debarras/domain/enLigne';
import { api } from '../api';
import { useDonnees } from '../donnees';
import { Chargement, Etape, MessageChamp } from '../Etape';
import { useTextes } from '../langue';

interface Props {
  numero: number;
  total: number;
  idpAdr: string;
  date: DateEnLigne | null;
  onDate: (date: DateEnLigne) => void;
  /** A change's current date: offered even when its levée has no other place left, since this booking holds one. */
  dateActuelle?: DateEnLigne;
  telephone: string;
  focaliser: boolean;
  erreur?: string;
  occupe?: boolean;
  libelleSuivant?: string;
  onSuivant: () => void;
  onPrecedent: () => void;
}

/** The date step: the levées that still have room for the address, loaded each time the step shows. */
export function EtapeDate({
  numero,
  total,
  idpAdr,
  date,
  onDate,
  dateActuelle,
  telephone,
  focaliser,
  erreur,
  occupe,
  libelleSuivant,
  onSuivant,
  onPrecedent,
}: Props) {
  const { langue, t } = useTextes();
  const id = useId();
  const [erreurChoix, setErreurChoix] = useState<string>();
  const { donnees, erreur: erreurDates } = useDonnees(`dates:${idpAdr}`, () => api.dates(idpAdr, langue));
  const dates =
    donnees && dateActuelle && !donnees.some((d) => d.idLevee === dateActuelle.idLevee)
      ? [dateActuelle, ...donnees].sort((a, b) => a.date.localeCompare(b.date))
      : donnees;

  const suivant = () => {
    // no choice can be checked before the list is there: the loading status says why the step waits
    if (!dates) return;
    if (date && dates.some((d) => d.idLevee === date.idLevee)) return onSuivant();
    setErreurChoix(t.dateObligatoire);
    if (dates[0]) document.getElementById(`${id}-${dates[0].idLevee}`)?.focus();
  };

  return (
    <Etape
      numero={numero}
      total={total}
      titre={t.etapeDate}
      focaliser={focaliser}
      erreur={erreur ?? erreurDates}
      occupe={occupe}
      libelleSuivant={libelleSuivant}
      onSuivant={suivant}
      onPrecedent={onPrecedent}
    >
      {!dates && !erreurDates && <Chargement />}
      {dates && !dates.length && <p className="avis">{t.aucuneDate(telephone)}</p>}
      {dates && dates.length > 0 && (
        <fieldset className="options" aria-describedby={erreurChoix ? `${id}-erreur` : undefined}>
          <legend>{t.datesDisponibles}</legend>
          {dates.map((d) => (
            <label key={d.idLevee} className="option">
              <input
                id={`${id}-${d.idLevee}`}
                type="radio"
                name="date"
                value={d.idLevee}
                checked={date?.idLevee === d.idLevee}
                aria-invalid={erreurChoix ? true : undefined}
                onChange={() => {
                  onDate(d);
                  setErreurChoix(undefined);
                }}
              />
              <span>{dateLisible(d.date, langue)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <MessageChamp id={`${id}-erreur`} message={erreurChoix} />
    </Etape>
  );
}
