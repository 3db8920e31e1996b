import { describe, expect, it } from 'vitest';
import { chiffresRecherchesTelephone, normaliserTelephone } from './telephone.js';

describe('numéros de téléphone', () => {
  it('écrit un numéro suisse dans sa forme nationale, quelle que soit la saisie', () => {
    for (const saisie of ['079 123 45 67', '0791234567', '079.123.45.67', '+41 79 123 45 67', '+41791234567', '0041 79 123 45 67']) {
      expect(normaliserTelephone(saisie), saisie).toBe('079 123 45 67');
    }
    expect(normaliserTelephone('+41 (22) 418-00-01')).toBe('022 418 00 01');
    expect(normaliserTelephone('0800 123 456')).toBe('0800 123 456');
  });

  it('écrit un numéro étranger dans sa forme internationale', () => {
    expect(normaliserTelephone('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(normaliserTelephone('0033123456789')).toBe('+33 1 23 45 67 89');
    expect(normaliserTelephone('+423 234 56 78')).toBe('+423 234 56 78');
    expect(normaliserTelephone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it("refuse ce qui n'est pas un numéro possible, ou un numéro suivi d'autre chose", () => {
    for (const saisie of ['123', '079 123 45', '079 123 45 678', '01 23 45 67 89', 'abc', '079 123 45 67 (soir)']) {
      expect(normaliserTelephone(saisie), saisie).toBeUndefined();
    }
  });

  it('cherche les chiffres qui distinguent un numéro, quelle que soit sa forme', () => {
    for (const saisie of ['079 123 45 67', '+41 79 123 45 67', '0041 79 123 45 67', '+41 (0)79 123 45 67']) {
      expect(chiffresRecherchesTelephone(saisie), saisie).toBe('791234567');
    }
    expect(chiffresRecherchesTelephone('+33 1 23 45 67 89')).toBe('0033123456789');
    expect(chiffresRecherchesTelephone('0033 1 23')).toBe('0033123');
    // a fragment loses its leading zeros: found inside the stored digits
    expect(chiffresRecherchesTelephone('01 23 45')).toBe('12345');
    expect(chiffresRecherchesTelephone('45-67')).toBe('4567');
    expect(chiffresRecherchesTelephone('00')).toBeUndefined();
    expect(chiffresRecherchesTelephone('+41')).toBeUndefined();
    expect(chiffresRecherchesTelephone('Dupont')).toBeUndefined();
  });
});
