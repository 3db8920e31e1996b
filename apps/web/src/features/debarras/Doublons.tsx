import { DOUBLONS_INTRODUCTION, DOUBLONS_QUESTION, precisionDoublon, type Doublon } from '@debarras/domain';
import { cheminDeBase } from '../../lib/base';

/**
 * The duplicate question (docs/regles.md « Doublons »): each similar débarras's number opens it in
 * a new tab, so the form being typed stays as it is. Plain links: the dialog is outside the router.
 */
export function ContenuDoublons({ doublons }: { doublons: readonly Doublon[] }) {
  return (
    <>
      <p>{`${DOUBLONS_INTRODUCTION} :`}</p>
      <ul>
        {doublons.map((d) => (
          <li key={d.idDebarras}>
            <a href={`${cheminDeBase()}debarrasDetail/${d.idDebarras}`} target="_blank" rel="noopener noreferrer">
              {d.numero}
            </a>{' '}
            {precisionDoublon(d)}
          </li>
        ))}
      </ul>
      <p>{DOUBLONS_QUESTION}</p>
    </>
  );
}
