import { describe, expect, it } from 'vitest';
import { formaterDuree } from './duree';

describe("durée d'une exécution", () => {
  it.each([
    [0, '0,0 s'],
    [420, '0,4 s'],
    [12_345, '12,3 s'],
    [59_960, '1 min 00 s'],
    [125_000, '2 min 05 s'],
    [3_725_000, '1 h 02 min 05 s'],
  ])('écrit %i ms « %s »', (ms, texte) => {
    expect(formaterDuree(ms)).toBe(texte);
  });
});
