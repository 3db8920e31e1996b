import { ajouterJours } from '@debarras/domain';

/**
 * The journeys' "now", for the server's clock and the browser's alike: a Wednesday, 10 o'clock in
 * Geneva. The demo history is generated around it, so every run meets the same data whatever the
 * real date.
 */
export const INSTANT_E2E = new Date('2026-11-18T09:00:00Z');
export const JOUR_E2E = '2026-11-18';
/** The journeys' day + n days. */
export const dansE2e = (n: number) => ajouterJours(JOUR_E2E, n);
