import { describe, expect, it } from 'vitest';
import { formatTaille, SAUVEGARDE_MESSAGES } from './tache.js';

describe('bilan de la sauvegarde', () => {
  it('donne la taille en octets, ko, Mo ou Go, à une décimale, à la française', () => {
    expect(formatTaille(512)).toBe('512 octets');
    expect(formatTaille(10_650)).toBe('10,4 ko');
    expect(formatTaille(2_516_582)).toBe('2,4 Mo');
    expect(formatTaille(3 * 1024 ** 3)).toBe('3 Go');
  });

  it('dit combien de sauvegardes trop anciennes ont été supprimées, au singulier comme au pluriel', () => {
    const bilan = (supprimees: number) =>
      SAUVEGARDE_MESSAGES.bilan('/sauvegardes', 'debarras-20261124-010002.dump', 2_516_582, supprimees, 14);
    expect(bilan(0)).toBe(
      'Sauvegarde écrite dans /sauvegardes : debarras-20261124-010002.dump (2,4 Mo) ; aucune sauvegarde de plus de 14 jours à supprimer.',
    );
    expect(bilan(1)).toMatch(/ ; 1 sauvegarde de plus de 14 jours supprimée\.$/);
    expect(bilan(3)).toMatch(/ ; 3 sauvegardes de plus de 14 jours supprimées\.$/);
  });
});
