import { useEffect, useId, useRef } from 'react';
import type { ServiceEnLigne } from '@debarras/domain/enLigne';
import { useTextes } from '../langue';
import { NumeroReservation } from '../Recapitulatif';

interface Props {
  numero: string;
  minutes: number;
  service?: ServiceEnLigne;
}

/** After the confirmation: the number, the e-mail to follow within the delay, and how to put the objects out. */
export function Merci({ numero, minutes, service }: Props) {
  const { t } = useTextes();
  const id = useId();
  const titre = useRef<HTMLHeadingElement>(null);
  useEffect(() => titre.current?.focus(), []);
  return (
    <section className="etape" aria-labelledby={id}>
      <h2 id={id} ref={titre} tabIndex={-1}>
        <NumeroReservation numero={numero} />
      </h2>
      <p className="succes">{t.merci}</p>
      <p>{t.delaiValidation(minutes)}</p>
      {service && (
        <>
          <h3>{t.consignesTitre}</h3>
          <p className="texte-libre">{service.consignes}</p>
        </>
      )}
    </section>
  );
}
