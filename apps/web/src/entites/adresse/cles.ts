export const clesAdresse = {
  recherche: (terme: string) => ['adresse', 'recherche', terme] as const,
  /** One address of the register (`GET /adresse/{idpAdr}`), under its text identifier. */
  detail: (idpAdr: string | undefined) => ['adresse', 'detail', idpAdr] as const,
};
