import { describe, expect, it } from 'vitest';
import { couleurCapacite } from './capacite.js';

describe("couleur de capacité d'une levée", () => {
  it.each([
    [0, 20, 'success'],
    [9, 20, 'success'],
    [10, 20, 'warning'],
    [14, 20, 'warning'],
    [15, 20, 'danger'],
    [19, 20, 'danger'],
    [20, 20, 'critical'],
    [27, 20, 'critical'],
    [0, 0, 'critical'],
    [3, 0, 'critical'],
  ] as const)('%i sur %i : %s', (quantite, max, couleur) => {
    expect(couleurCapacite(quantite, max)).toBe(couleur);
  });

  it("passe à l'orange à 50 % et au rouge à 75 % exactement", () => {
    expect(couleurCapacite(1, 2)).toBe('warning');
    expect(couleurCapacite(3, 4)).toBe('danger');
    expect(couleurCapacite(49, 100)).toBe('success');
    expect(couleurCapacite(74, 100)).toBe('warning');
  });

  it('laisse sans couleur une levée vide dans la liste, mais pas 0 sur 0', () => {
    expect(couleurCapacite(0, 30, { liste: true })).toBeUndefined();
    expect(couleurCapacite(0, 0, { liste: true })).toBe('critical');
    expect(couleurCapacite(1, 30, { liste: true })).toBe('success');
  });
});
