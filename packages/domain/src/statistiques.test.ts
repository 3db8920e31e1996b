import { describe, expect, it } from 'vitest';
import { douzeDerniersMois, periodeStatistiquesSchema, STATISTIQUES_MESSAGES } from './statistiques.js';

const erreur = (du: string, au: string) => periodeStatistiquesSchema.safeParse({ du, au }).error?.issues[0]?.message;

describe('la période des statistiques', () => {
  it('va jusqu’à dix ans, années bissextiles comprises', () => {
    expect(erreur('2016-07-01', '2026-06-30')).toBeUndefined();
    expect(erreur('2016-02-29', '2026-02-28')).toBeUndefined();
    expect(erreur('2016-07-01', '2026-07-01')).toBe(STATISTIQUES_MESSAGES.periodeTropLongue);
    expect(erreur('2016-02-28', '2026-02-28')).toBe(STATISTIQUES_MESSAGES.periodeTropLongue);
    expect(erreur('2026-02-01', '2026-01-31')).toBe(STATISTIQUES_MESSAGES.finAvantDebut);
    // an unreadable date is said as such, never computed with
    expect(erreur('2026-02-01', '2026-13-99')).toBe('La date doit être au format AAAA-MM-JJ.');
    expect(erreur('-1.7976931348623131e+308', 'ƒzq10174')).toBe('La date doit être au format AAAA-MM-JJ.');
  });

  it('vaut par défaut les douze mois complets avant le mois du jour', () => {
    expect(douzeDerniersMois('2026-11-27')).toEqual({ du: '2025-11-01', au: '2026-10-31' });
    expect(douzeDerniersMois('2026-01-01')).toEqual({ du: '2025-01-01', au: '2025-12-31' });
  });
});
