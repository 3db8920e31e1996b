import { clesEntite } from '../../lib/cles';

const base = clesEntite('adresseException');
const parIdpadrs = [...base.tout, 'parIdpadr'] as const;
const etendues = [...base.tout, 'etendue'] as const;

export const clesAdresseException = {
  ...base,
  /** Every address's exception: what any change of an exception makes stale. */
  parIdpadrs,
  /** One address's exception, or null (`GET /adresseexception/byidpadr/{idpAdr}`). */
  parIdpadr: (idpAdr: string | null | undefined) => [...parIdpadrs, idpAdr] as const,
  /** The addresses having an ACTIVE exception (`GET /adresseexception/idpadr`). */
  idpadrs: [...base.tout, 'idpadrs'] as const,
  /** The exceptions of every view the maps have shown. */
  etendues,
  /** The ACTIVE exceptions of the addresses a map shows (`POST /adresseexception/extent`). */
  etendue: (idpAdrs: readonly string[]) => [...etendues, idpAdrs] as const,
  /** Whether an address has an exception (`GET /adresseexception/exists/{idpadr}`). */
  existe: (idpAdr: string) => [...base.tout, 'existe', idpAdr] as const,
};
