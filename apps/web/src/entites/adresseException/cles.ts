import { clesEntite } from '../../lib/cles';

const base = clesEntite('adresseException');

export const clesAdresseException = {
  ...base,
  /** One address's exception, or null (`GET /adresseexception/byidpadr/{idpAdr}`). */
  parIdpadr: (idpAdr: string | null | undefined) => [...base.tout, 'parIdpadr', idpAdr] as const,
  /** The addresses having an ACTIVE exception (`GET /adresseexception/idpadr`). */
  idpadrs: [...base.tout, 'idpadrs'] as const,
  /** The ACTIVE exceptions of the addresses a map shows (`POST /adresseexception/extent`). */
  etendue: (idpadrs: readonly string[]) => [...base.tout, 'etendue', idpadrs] as const,
};
