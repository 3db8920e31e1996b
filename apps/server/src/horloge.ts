import { aujourdhui } from '@debarras/domain';

/**
 * Where "now" and "today" (in Geneva) come from for every business rule: which levée a débarras may
 * go to, what may be archived, the planning range, the numbering year, the demo history. Audit
 * timestamps and session durations keep the real time (docs/architecture.md "Horloge").
 */
export interface Horloge {
  maintenant(): Date;
  /** `YYYY-MM-DD` in Europe/Zurich. */
  aujourdhui(): string;
}

export const horlogeSysteme: Horloge = {
  maintenant: () => new Date(),
  aujourdhui: () => aujourdhui(),
};

/**
 * A clock set to `instant` that then runs at real speed: tests and end-to-end runs see the same
 * working day whatever the real date, and times still move forward.
 */
export function horlogeFixee(instant: Date): Horloge {
  const ecart = instant.getTime() - Date.now();
  const maintenant = () => new Date(Date.now() + ecart);
  return { maintenant, aujourdhui: () => aujourdhui(maintenant()) };
}
