import { api } from './api';
import { useCatalogue, useDonnees } from './donnees';
import { Chargement, Impasse } from './Etape';
import { lienPage, useTextes } from './langue';
import { NumeroReservation, Recapitulatif } from './Recapitulatif';

/**
 * The e-mail's validation link (route `en-ligne/validation/<jeton>`): the page posts it as it opens (a mail
 * scanner that only fetches the link validates nothing), then shows the booking or why it could not be.
 */
export function Validation({ jeton }: { jeton: string }) {
  const { langue, t } = useTextes();
  const validation = useDonnees(`validation:${jeton}`, () => api.valider(jeton, langue));
  const catalogue = useCatalogue(langue);
  const reservation = validation.donnees;

  if (validation.erreur) {
    // the date filled up before the link was followed: the booking waits, another date can be chosen from it
    const suite = validation.code === 'CAPACITE_DEPASSEE' && (
      <p>
        <a className="bouton" href={lienPage(`reservation/${jeton}`, langue)}>
          {t.voirReservation}
        </a>
      </p>
    );
    return <Impasse message={validation.erreur} suite={suite} />;
  }
  if (!reservation) {
    return <Chargement />;
  }
  return (
    <section className="etape">
      <h2>
        <NumeroReservation numero={reservation.numero} />
      </h2>
      <p role="status" className="succes">
        {t.validee}
      </p>
      <Recapitulatif
        adresse={reservation.adresse}
        date={reservation.date}
        objets={reservation.objets}
        catalogue={catalogue.donnees}
        coordonnees={reservation}
      />
      <p>
        <a className="bouton secondaire" href={lienPage(`reservation/${jeton}`, langue)}>
          {t.voirReservation}
        </a>
      </p>
    </section>
  );
}
