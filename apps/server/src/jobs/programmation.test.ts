import { aujourdhui } from '@debarras/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Horloge } from '../horloge.js';
import { chaqueNuit, chaqueQuartDHeure, quartDHeure, toutesLes15Minutes } from './programmation.js';

const DIX_MINUTES = 10 * 60 * 1000;

/** A clock the test moves by hand. */
function horlogeManuelle(debut: string) {
  let instant = new Date(debut);
  const horloge: Horloge = { maintenant: () => instant, aujourdhui: () => aujourdhui(instant) };
  return { horloge, aller: (iso: string) => (instant = new Date(iso)) };
}

describe('programmation nocturne', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("lance la tâche une fois par nuit, au premier contrôle après l'heure dite à Genève", () => {
    const { horloge, aller } = horlogeManuelle('2026-11-18T22:00:00Z'); // 23 h à Genève
    const tache = vi.fn(async () => undefined);
    const arreter = chaqueNuit(1, tache, horloge);

    vi.advanceTimersByTime(DIX_MINUTES);
    aller('2026-11-18T23:30:00Z'); // 0 h 30, le 19 : trop tôt
    vi.advanceTimersByTime(DIX_MINUTES);
    expect(tache).not.toHaveBeenCalled();

    aller('2026-11-19T00:05:00Z'); // 1 h 05
    vi.advanceTimersByTime(DIX_MINUTES);
    aller('2026-11-19T09:00:00Z');
    vi.advanceTimersByTime(DIX_MINUTES);
    expect(tache).toHaveBeenCalledTimes(1);
    // the night's due time: its day, the same on every server
    expect(tache).toHaveBeenLastCalledWith('2026-11-19');

    aller('2026-11-20T00:10:00Z');
    vi.advanceTimersByTime(DIX_MINUTES);
    expect(tache).toHaveBeenCalledTimes(2);

    arreter();
    aller('2026-11-21T00:10:00Z');
    vi.advanceTimersByTime(DIX_MINUTES);
    expect(tache).toHaveBeenCalledTimes(2);
  });

  it("suit l'heure d'été de Genève", () => {
    const { horloge, aller } = horlogeManuelle('2026-07-01T10:00:00Z');
    const tache = vi.fn(async () => undefined);
    const arreter = chaqueNuit(1, tache, horloge);
    aller('2026-07-01T23:05:00Z'); // 1 h 05 le 2 juillet, en heure d'été (UTC+2)
    vi.advanceTimersByTime(DIX_MINUTES);
    expect(tache).toHaveBeenCalledTimes(1);
    arreter();
  });

  it('ne relance pas la tâche le jour même du démarrage, qui a déjà fait la sienne', () => {
    const { horloge } = horlogeManuelle('2026-11-18T05:00:00Z'); // 6 h, après l'heure dite
    const tache = vi.fn(async () => undefined);
    const arreter = chaqueNuit(1, tache, horloge);
    vi.advanceTimersByTime(6 * DIX_MINUTES);
    expect(tache).not.toHaveBeenCalled();
    arreter();
  });
});

describe('programmation au quart d’heure', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const QUART_D_HEURE = 15 * 60 * 1000;

  it('lance la tâche au démarrage puis chaque quart d’heure jusqu’à « fait », puis plus avant le lendemain', async () => {
    const { horloge, aller } = horlogeManuelle('2026-11-18T14:00:00Z'); // 15 h à Genève
    const etats: Array<'attente' | 'fait' | 'a-reessayer'> = ['attente', 'a-reessayer', 'fait'];
    const tache = vi.fn(async () => etats.shift() ?? 'fait');
    const arreter = chaqueQuartDHeure(tache, horloge);
    await vi.advanceTimersByTimeAsync(0);
    expect(tache).toHaveBeenCalledTimes(1);
    expect(tache).toHaveBeenLastCalledWith('2026-11-18T15:00');
    await vi.advanceTimersByTimeAsync(2 * QUART_D_HEURE);
    expect(tache).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8 * QUART_D_HEURE);
    expect(tache).toHaveBeenCalledTimes(3);

    aller('2026-11-19T15:00:00Z');
    await vi.advanceTimersByTimeAsync(QUART_D_HEURE);
    expect(tache).toHaveBeenCalledTimes(4);
    arreter();
  });

  it('ne double pas une tâche encore en cours au quart d’heure suivant', async () => {
    const { horloge } = horlogeManuelle('2026-11-18T15:00:00Z');
    let finir: (etat: 'fait') => void = () => undefined;
    const tache = vi.fn(() => new Promise<'fait'>((fait) => (finir = fait)));
    const arreter = chaqueQuartDHeure(tache, horloge);
    await vi.advanceTimersByTimeAsync(3 * QUART_D_HEURE);
    expect(tache).toHaveBeenCalledTimes(1);
    finir('fait');
    await vi.advanceTimersByTimeAsync(3 * QUART_D_HEURE);
    expect(tache).toHaveBeenCalledTimes(1);
    arreter();
  });
});

describe('échéance au quart d’heure', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('est le quart d’heure commencé à Genève, le même pour deux serveurs dont les minuteurs sont décalés', () => {
    expect(quartDHeure(new Date('2026-11-29T16:14:59Z'))).toBe('2026-11-29T17:00');
    expect(quartDHeure(new Date('2026-11-29T16:15:00Z'))).toBe('2026-11-29T17:15');
    expect(quartDHeure(new Date('2026-07-01T22:59:00Z'))).toBe('2026-07-02T00:45');
  });

  it('lance la libération des places au démarrage puis chaque quart d’heure, chacune avec son échéance', async () => {
    vi.setSystemTime(new Date('2026-11-29T16:05:00Z'));
    const tache = vi.fn(async () => undefined);
    const arreter = toutesLes15Minutes(tache, { maintenant: () => new Date(), aujourdhui: () => aujourdhui(new Date()) });
    expect(tache).toHaveBeenLastCalledWith('2026-11-29T17:00');
    await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    expect(tache).toHaveBeenLastCalledWith('2026-11-29T17:15');
    expect(tache).toHaveBeenCalledTimes(2);
    arreter();
  });
});
