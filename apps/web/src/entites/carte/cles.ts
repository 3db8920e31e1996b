import type { Etendue } from '@debarras/domain';

const tout = ['carte'] as const;

/** The maps' reads: the same for every map screen, whatever entity it shows. */
export const clesCarte = {
  tout,
  /** The embedded base map (`GET /carte/fond`). */
  fond: [...tout, 'fond'] as const,
  /** The register's points of a view: the application's own (`GET /adresse/extent`, service null) or a configured ArcGIS layer's. */
  adresses: (service: string | null, etendue: Etendue) => [...tout, 'adresses', service, etendue] as const,
  /** The streets drawn from the register for a view (`GET /adresse/rues`). */
  rues: (etendue: Etendue) => [...tout, 'rues', etendue] as const,
  /** The configured manager's addresses within 2 m of a point (`GET /adresse/proche`). */
  proches: (x: number, y: number) => [...tout, 'proches', x, y] as const,
  /** The search box's addresses for a text, within the view it was typed over. */
  recherche: (terme: string) => [...tout, 'recherche', terme] as const,
};
