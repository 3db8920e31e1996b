import { dateLisible, type ObjetEnLigne } from '@debarras/domain/enLigne';
import type { LigneObjet } from './api';
import { useTextes } from './langue';

/** As typed in the booking (empty when not given) or as the server keeps them (`null`). */
export interface Coordonnees {
  nom: string;
  email: string;
  telephone: string | null;
  remarque: string | null;
}

export interface PropsRecapitulatif {
  adresse: string;
  date: string;
  objets: LigneObjet[];
  /** The catalogue, for the objects' labels; while it loads, the lines wait. */
  catalogue?: ObjetEnLigne[];
  coordonnees: Coordonnees;
}

/** « Réservation n° 2026-00042 », the number kept on one line (a narrow screen would break it at its hyphen). */
export function NumeroReservation({ numero }: { numero: string }) {
  const { t } = useTextes();
  const [avant, apres] = t.numeroReservation(numero).split(numero);
  return (
    <>
      {avant}
      <span className="insecable">{numero}</span>
      {apres}
    </>
  );
}

/** A booking as the resident reads it back: the summary step, the validation and the booking's own page. */
export function Recapitulatif({ adresse, date, objets, catalogue, coordonnees }: PropsRecapitulatif) {
  const { langue, t } = useTextes();
  const libelle = (idObjet: number) => catalogue?.find((o) => o.idObjet === idObjet)?.libelle ?? '';
  return (
    <dl className="recapitulatif">
      <dt>{t.etapeAdresse}</dt>
      <dd>{adresse}</dd>
      <dt>{t.etapeDate}</dt>
      <dd>{dateLisible(date, langue)}</dd>
      <dt>{t.etapeObjets}</dt>
      <dd>
        <ul>
          {objets.map((o) => (
            <li key={o.idObjet}>
              {o.quantite} × {libelle(o.idObjet)}
            </li>
          ))}
        </ul>
      </dd>
      <dt>{t.etapeContact}</dt>
      <dd>
        {coordonnees.nom}
        <br />
        {coordonnees.email}
      </dd>
      {coordonnees.telephone && (
        <>
          <dt>{t.telephoneCourt}</dt>
          <dd>{coordonnees.telephone}</dd>
        </>
      )}
      {coordonnees.remarque && (
        <>
          <dt>{t.remarqueCourte}</dt>
          <dd className="texte-libre">{coordonnees.remarque}</dd>
        </>
      )}
    </dl>
  );
}
