import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { nomFeuille } from './excel.js';

describe('nom de feuille Excel', () => {
  const noms = (...libelles: string[]) => {
    const pris = new Set<string>();
    return libelles.map((l) => nomFeuille(l, pris));
  };

  it('donne à chaque levée un nom qu’Excel accepte, même de libellés libres', () => {
    const libelles = [
      "'Levée d'automne'",
      'History',
      'Secteur 1 - Pâquis / Sécheron : rive droite [nord]',
      'Secteur 1 - Pâquis / Sécheron : rive droite [sud]',
      ...Array.from({ length: 11 }, () => 'Tournée supplémentaire des encombrants du quartier'),
      "   ' ",
    ];
    const resultat = noms(...libelles);
    expect(resultat[0]).toBe("Levée d'automne");
    expect(resultat[1]).toBe('Levée History');
    expect(resultat.at(-1)).toBe('Levée');
    expect(new Set(resultat.map((n) => n.toLowerCase())).size).toBe(resultat.length);
    for (const nom of resultat) {
      expect(nom.length).toBeLessThanOrEqual(31);
      expect(nom).not.toMatch(/^'|'$|[:\\/?*[\]]/);
    }
    const classeur = new ExcelJS.Workbook();
    expect(() => resultat.forEach((nom) => classeur.addWorksheet(nom))).not.toThrow();
    expect(classeur.worksheets.map((f) => f.name)).toEqual(resultat);
  });
});
