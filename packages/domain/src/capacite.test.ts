import { describe, expect, it } from 'vitest';
import { couleurCapacite, pleinePourLePersonnel, refusLevee, tientDansLeMax, type LeveeCible } from './capacite.js';
import { attenteMaxDeLaLevee } from './enLigne/defauts.js';

const occupation = (nbDebarras: number, nbDebarrasMax: number, nbReservationsEnCours = 0) => ({
  nbDebarras,
  nbDebarrasMax,
  nbReservationsEnCours,
});

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
    expect(couleurCapacite(occupation(quantite, max))).toBe(couleur);
  });

  it("passe à l'orange à 50 % et au rouge à 75 % exactement", () => {
    expect(couleurCapacite(occupation(1, 2))).toBe('warning');
    expect(couleurCapacite(occupation(3, 4))).toBe('danger');
    expect(couleurCapacite(occupation(49, 100))).toBe('success');
    expect(couleurCapacite(occupation(74, 100))).toBe('warning');
  });

  it('laisse sans couleur une levée vide dans la liste, mais pas 0 sur 0', () => {
    expect(couleurCapacite(occupation(0, 30), { liste: true })).toBeUndefined();
    expect(couleurCapacite(occupation(0, 0), { liste: true })).toBe('critical');
    expect(couleurCapacite(occupation(1, 30), { liste: true })).toBe('success');
  });

  it('compte les réservations en attente dans la quantité', () => {
    expect(couleurCapacite(occupation(10, 30, 8))).toBe('warning');
    expect(couleurCapacite(occupation(20, 30, 10))).toBe('critical');
  });

  it('laisse sans couleur dans la liste une levée sans débarras, même avec des réservations en attente (la spécification)', () => {
    expect(couleurCapacite(occupation(0, 30, 5), { liste: true })).toBeUndefined();
    expect(couleurCapacite(occupation(0, 30, 20), { liste: true })).toBeUndefined();
    expect(couleurCapacite(occupation(0, 10, 10), { liste: true })).toBeUndefined();
    // elsewhere the bookings count in the quantity
    expect(couleurCapacite(occupation(0, 10, 10))).toBe('critical');
    expect(couleurCapacite(occupation(0, 0, 2), { liste: true })).toBe('critical');
  });
});

describe('places du personnel et des réservations en attente', () => {
  it('ne compte pas les réservations en attente de validation contre le personnel', () => {
    expect(pleinePourLePersonnel(occupation(28, 30, 2))).toBe(false);
    expect(pleinePourLePersonnel(occupation(30, 30))).toBe(true);
    expect(pleinePourLePersonnel(occupation(0, 0))).toBe(true);
  });

  it('laisse aux réservations en attente leur part des places, arrondie vers le bas, une place au moins', () => {
    expect(attenteMaxDeLaLevee(30, 20)).toBe(6);
    expect(attenteMaxDeLaLevee(10, 20)).toBe(2);
    expect(attenteMaxDeLaLevee(4, 20)).toBe(1);
    expect(attenteMaxDeLaLevee(0, 20)).toBe(1);
    expect(attenteMaxDeLaLevee(30, 100)).toBe(30);
  });
});

describe('place sur une levée', () => {
  it.each([
    [20, 19, 1, true],
    [20, 20, 1, false],
    [20, 18, 2, true],
    [20, 18, 3, false],
    [20, 20, 0, true],
    [20, 21, 0, false],
    [0, 0, 1, false],
  ] as const)('max %i, %i prises, %i de plus : %s', (max, occupees, ajoutes, tient) => {
    expect(tientDansLeMax(max, occupees, ajoutes)).toBe(tient);
  });

  it('est pleine pour le personnel à son max, pas une place avant', () => {
    expect(pleinePourLePersonnel({ nbDebarras: 19, nbDebarrasMax: 20 })).toBe(false);
    expect(pleinePourLePersonnel({ nbDebarras: 20, nbDebarrasMax: 20 })).toBe(true);
  });
});

describe('levée qui peut recevoir un débarras', () => {
  const JOUR = '2026-11-27';
  const levee = (dateLevee: string, champs: Partial<LeveeCible> = {}): LeveeCible => ({
    statut: 'ACTIF',
    dateLevee,
    supplementaire: 0,
    ...champs,
  });
  const personnel = { par: 'personnel', jour: JOUR, nouvelle: true, sauvage: false } as const;

  it('refuse une levée archivée ou supprimée, quel que soit le chemin', () => {
    for (const statut of ['ARCHIVE', 'SUPPRIME']) {
      expect(refusLevee(levee('2026-12-01', { statut }), personnel)).toBe('nonActive');
      expect(refusLevee(levee('2026-12-01', { statut }), { par: 'recurrence', jour: JOUR })).toBe('nonActive');
      expect(refusLevee(levee('2026-12-01', { statut }), { par: 'enLigne', premiereDate: JOUR })).toBe('nonActive');
    }
  });

  it("prend un nouveau débarras du personnel dès demain, dès aujourd'hui pour un sauvage, jamais hier", () => {
    expect(refusLevee(levee('2026-11-28'), personnel)).toBeNull();
    expect(refusLevee(levee(JOUR), personnel)).toBe('aujourdhui');
    expect(refusLevee(levee(JOUR), { ...personnel, sauvage: true })).toBeNull();
    expect(refusLevee(levee('2026-11-26'), { ...personnel, sauvage: true })).toBe('passee');
  });

  it('garde sur sa levée du jour un débarras qui y est déjà, pas sur une levée passée', () => {
    expect(refusLevee(levee(JOUR), { ...personnel, nouvelle: false })).toBeNull();
    expect(refusLevee(levee('2026-11-26'), { ...personnel, nouvelle: false })).toBe('passee');
  });

  it('sert une récurrence dès demain seulement', () => {
    expect(refusLevee(levee(JOUR), { par: 'recurrence', jour: JOUR })).toBe('aujourdhui');
    expect(refusLevee(levee('2026-11-28'), { par: 'recurrence', jour: JOUR })).toBeNull();
  });

  it('ne propose en ligne que les levées standard dès la première date offerte', () => {
    const enLigne = { par: 'enLigne', premiereDate: '2026-11-29' } as const;
    expect(refusLevee(levee('2026-11-29'), enLigne)).toBeNull();
    expect(refusLevee(levee('2026-11-28'), enLigne)).toBe('horsEnLigne');
    expect(refusLevee(levee('2026-11-30', { supplementaire: 1 }), enLigne)).toBe('horsEnLigne');
  });
});
