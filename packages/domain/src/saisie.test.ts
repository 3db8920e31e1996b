import { describe, expect, it } from 'vitest';
import { estSurUneLigne, SAISIE_MESSAGES, texteObligatoire } from './saisie.js';

describe("champs d'une ligne", () => {
  it('refusent tout retour à la ligne, et les textes de plusieurs lignes les gardent', () => {
    for (const texte of ['a\nb', 'a\r\nb', 'a\rb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) expect(estSurUneLigne(texte), texte).toBe(false);
    expect(estSurUneLigne('Jean Dupont\t(concierge)')).toBe(true);
    const nom = texteObligatoire(255, 'obligatoire', 'trop long');
    expect(nom.safeParse('Jean\nDupont').error?.issues[0]?.message).toBe(SAISIE_MESSAGES.uneLigne);
    expect(texteObligatoire(255, 'obligatoire', 'trop long', 'plusieurs').parse('ligne 1\nligne 2')).toBe('ligne 1\nligne 2');
  });
});
