import { describe, expect, it } from 'vitest';
import { formatDistance, lireDepot, resumeTournee } from './tournee.js';

describe('tournée', () => {
  it('lit le dépôt « E,N » en LV95, et rien d’autre', () => {
    expect(lireDepot('2498700,1117100')).toEqual({ x: 2498700, y: 1117100 });
    expect(lireDepot(' 2498700.5 , 1117100 ')).toEqual({ x: 2498700.5, y: 1117100 });
    for (const valeur of ['', 'la Jonction', '2498700', '2498700,1117100,3', '6.14,46.2', '-2498700,1117100', '1117100,2498700']) {
      expect(lireDepot(valeur), valeur).toBeUndefined();
    }
  });

  it('dit une distance en mètres sous le kilomètre, en kilomètres à une décimale au-delà', () => {
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(12_430)).toBe('12,4 km');
    expect(formatDistance(1000)).toBe('1,0 km');
  });

  it('résume la tournée et ce qu’elle fait gagner, ou perdre, sur l’ordre des rues', () => {
    expect(resumeTournee({ distanceMetres: 12_400, distanceOrdreRuesMetres: 15_500, methode: 'DROITE' })).toBe(
      '12,4 km à vol d’oiseau, 3,1 km de moins que l’ordre des rues (15,5 km)',
    );
    expect(resumeTournee({ distanceMetres: 9_000, distanceOrdreRuesMetres: 8_600, methode: 'ROUTIER' })).toBe(
      '9,0 km par la route, 400 m de plus que l’ordre des rues (8,6 km)',
    );
    expect(resumeTournee({ distanceMetres: 0, distanceOrdreRuesMetres: 0, methode: 'DROITE' })).toBe(
      '0 m à vol d’oiseau, autant que l’ordre des rues (0 m)',
    );
  });
});
