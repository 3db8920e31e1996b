import { describe, expect, it } from 'vitest';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { EXCEPTION_FRIBOURG, FRIBOURG } from './coucheExceptions.exemples';
import { exceptionsDesMarqueurs, marqueursException, periodeTravaux } from './coucheExceptionsDonnees';

const AVEC_POINTS = EXCEPTION_FRIBOURG;
const POSITION = { x: 2_499_914.47, y: 1_118_100.69 };
const genres = (e: typeof AVEC_POINTS, jour?: string) => marqueursException(e, { position: POSITION, jour }).map((m) => m.genre);

describe('marqueurs de la couche des exceptions', () => {
  it("dessine le point de dépôt et celui des travaux, sans l'adresse", () => {
    expect(marqueursException(AVEC_POINTS, { position: POSITION })).toEqual([
      { genre: 'depot', x: 2_499_908.47, y: 1_118_103.19, exception: AVEC_POINTS },
      { genre: 'travaux', x: 2_499_914.47, y: 1_118_109.69, exception: AVEC_POINTS },
    ]);
  });

  it('ne dessine le point des travaux, pour un jour de levée, que si les travaux sont en cours ce jour-là (bornes comprises)', () => {
    expect(genres(AVEC_POINTS, '2026-11-11')).toEqual(['depot', 'travaux']);
    expect(genres(AVEC_POINTS, '2026-12-02')).toEqual(['depot', 'travaux']);
    expect(genres(AVEC_POINTS, '2026-12-03')).toEqual(['depot']);
    expect(genres(AVEC_POINTS, '2026-11-10')).toEqual(['depot']);
  });

  it("dessine l'adresse elle-même pour une exception sans point, ou dont les travaux ne sont pas en cours", () => {
    const remarques = uneAdresseException(8, FRIBOURG, { remarqueInterne: 'Sonner chez le gérant' });
    expect(marqueursException(remarques, { position: POSITION })).toEqual([{ genre: 'adresse', ...POSITION, exception: remarques }]);
    const travauxSeuls = { ...AVEC_POINTS, xdepot: null, ydepot: null };
    expect(genres(travauxSeuls, '2026-12-20')).toEqual(['adresse']);
    expect(marqueursException(remarques)).toEqual([]);
  });

  it("ne compte qu'une fois l'exception dont un groupe réunit les deux points", () => {
    const autre = uneAdresseException(9, uneAdresse('6621000001', 'Avenue de France 1'));
    const marqueurs = [...marqueursException(AVEC_POINTS), ...marqueursException(autre, { position: POSITION })];
    expect(exceptionsDesMarqueurs(marqueurs)).toEqual([AVEC_POINTS, autre]);
  });

  it('dit la période des travaux en DD.MM.YYYY, même incomplète', () => {
    expect(periodeTravaux(AVEC_POINTS)).toBe('Du 11.11.2026 au 02.12.2026');
    expect(periodeTravaux({ dateDebutTravaux: '2026-11-11', dateFinTravaux: null })).toBe('Dès le 11.11.2026');
    expect(periodeTravaux({ dateDebutTravaux: null, dateFinTravaux: '2026-12-02' })).toBe("Jusqu'au 02.12.2026");
    expect(periodeTravaux({ dateDebutTravaux: null, dateFinTravaux: null })).toBeNull();
  });
});
