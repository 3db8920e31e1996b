import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheBorne } from './cacheBorne.js';

afterEach(() => vi.useRealTimers());

describe('valeurs gardées (CacheBorne)', () => {
  it('rend la valeur gardée, et laisse partir la moins récemment lue au-delà de sa taille', () => {
    const cache = new CacheBorne<number>(2);
    cache.garder('a', 1);
    cache.garder('b', 2);
    expect(cache.lire('a')).toBe(1);
    cache.garder('c', 3);
    expect(cache.lire('b')).toBeUndefined();
    expect([cache.lire('a'), cache.lire('c')]).toEqual([1, 3]);
  });

  it('oublie une valeur passé sa durée, et toutes quand on le vide', () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new CacheBorne<string>(10, 1000);
    cache.garder('rue', 'gardée');
    vi.setSystemTime(999);
    expect(cache.lire('rue')).toBe('gardée');
    vi.setSystemTime(1000);
    expect(cache.lire('rue')).toBeUndefined();
    cache.garder('rue', 'de nouveau');
    cache.vider();
    expect(cache.lire('rue')).toBeUndefined();
  });
});
