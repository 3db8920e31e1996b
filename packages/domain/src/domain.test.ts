import { describe, expect, it } from 'vitest';
import {
  aLaPermission,
  aujourdhui,
  dureeEntre,
  libelleAdresse,
  motsRecherche,
  normaliserRecherche,
  estLectureSeule,
  estVrai,
  formatDateHeure,
  formatsDisponibles,
  estDateIso,
  estCleParametreEcran,
  parametreListeSchema,
  parametreSaisieSchema,
  PARAMETRE_CLES,
  PARAMETRE_CLES_ECRANS,
  PARAMETRE_MESSAGES,
  PARAMETRES_PAR_DEFAUT,
  reservationAboutie,
  ROLES,
  VERSION_MESSAGES,
} from './index.js';
import { z } from 'zod';

describe('matrice des rôles', () => {
  it('réserve les paramètres au rôle technique', () => {
    expect(aLaPermission([ROLES.TECHNIQUE], 'gererParametres')).toBe(true);
    for (const role of [ROLES.LECTURE, ROLES.GESTION, ROLES.ADMIN]) expect(aLaPermission([role], 'gererParametres')).toBe(false);
  });
  it("ouvre l'administration aux rôles admin et technique", () => {
    expect(aLaPermission([ROLES.ADMIN], 'administrer')).toBe(true);
    expect(aLaPermission([ROLES.GESTION], 'administrer')).toBe(false);
  });
  it("réserve le registre d'adresses aux rôles de gestion, pas à la lecture seule", () => {
    for (const role of [ROLES.GESTION, ROLES.ADMIN, ROLES.TECHNIQUE]) expect(aLaPermission([role], 'lireAdresses')).toBe(true);
    expect(aLaPermission([ROLES.LECTURE], 'lireAdresses')).toBe(false);
  });
  it('compare les rôles sans tenir compte de la casse', () => {
    expect(aLaPermission(['role_vvp_webdeb_technique'], 'gererParametres')).toBe(true);
  });
  it('considère en lecture seule un utilisateur qui ne peut pas gérer les débarras', () => {
    expect(estLectureSeule([ROLES.LECTURE])).toBe(true);
    expect(estLectureSeule([ROLES.LECTURE, ROLES.GESTION])).toBe(false);
  });
});

describe('requête de liste', () => {
  it('applique la page zéro et la taille par défaut', () => {
    expect(parametreListeSchema.parse({})).toMatchObject({ page: 0, size: 20, sort: [] });
  });
  it('lit un tri multiple champ,sens', () => {
    expect(parametreListeSchema.parse({ sort: ['cle,desc', 'valeur'] }).sort).toEqual([
      { champ: 'cle', sens: 'desc' },
      { champ: 'valeur', sens: 'asc' },
    ]);
  });
  it('refuse un champ de tri inconnu', () => {
    const r = parametreListeSchema.safeParse({ sort: 'motDePasse,asc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Tri inconnu : « motDePasse,asc ».');
  });
  it('refuse une taille de page hors limites', () => {
    expect(parametreListeSchema.safeParse({ size: '501' }).success).toBe(false);
    expect(parametreListeSchema.safeParse({ page: '-1' }).success).toBe(false);
  });
  it('ignore un filtre vide', () => {
    expect(parametreListeSchema.parse({ cle: '  ' }).cle).toBeUndefined();
  });
});

describe('paramètres lus par les écrans', () => {
  it('sont tous semés au premier démarrage', () => {
    const semees = new Set(PARAMETRES_PAR_DEFAUT.map((p) => p.cle));
    expect(PARAMETRE_CLES_ECRANS.filter((cle) => !semees.has(cle))).toEqual([]);
  });
  it('ne comprennent pas les réglages que seul le serveur lit', () => {
    expect(estCleParametreEcran(PARAMETRE_CLES.departement)).toBe(true);
    expect(estCleParametreEcran(PARAMETRE_CLES.leveeMaxDebarras)).toBe(false);
    expect(estCleParametreEcran(PARAMETRE_CLES.anonymisationMois)).toBe(false);
  });
});

describe("saisie d'un paramètre", () => {
  const message = (donnees: unknown) => parametreSaisieSchema.safeParse(donnees).error?.issues[0]?.message;
  it('exige la clé et la valeur avec les messages de la spécification', () => {
    expect(message({ valeur: 'x' })).toBe(PARAMETRE_MESSAGES.cleObligatoire);
    expect(message({ cle: '   ', valeur: 'x' })).toBe('La saisie de la clé est obligatoire');
    expect(message({ cle: 'a' })).toBe('La saisie de la valeur est obligatoire');
  });
  it('limite les textes à 255 caractères', () => {
    expect(message({ cle: 'a'.repeat(256), valeur: 'x' })).toBe('La clé est trop longue. Maximum 255 caratères.');
    expect(message({ cle: 'a', valeur: 'x'.repeat(256) })).toBe('La valeur est trop longue...');
    expect(message({ cle: 'a', valeur: 'x', description: 'd'.repeat(256) })).toBe('La description est trop longue...');
  });
  it('exige la version lue pour une modification, pas pour une création', () => {
    expect(parametreSaisieSchema.safeParse({ cle: 'a', valeur: 'b' }).success).toBe(true);
    expect(message({ idParametre: 3, cle: 'a', valeur: 'b' })).toBe(VERSION_MESSAGES.obligatoire);
    expect(message({ idParametre: 3, cle: 'a', valeur: 'b', version: -1 })).toBe(VERSION_MESSAGES.invalide);
    expect(parametreSaisieSchema.safeParse({ idParametre: 3, cle: 'a', valeur: 'b', version: 0 }).success).toBe(true);
  });
  it('enlève les espaces et enregistre une description vide comme absente', () => {
    expect(parametreSaisieSchema.parse({ cle: ' a ', valeur: ' b ', description: '  ' })).toMatchObject({
      cle: 'a',
      valeur: 'b',
      description: null,
    });
  });
});

describe('messages génériques', () => {
  it('sont en français et nomment le champ', () => {
    const r = z.object({ page: z.number() }).safeParse({ page: 'x' });
    expect(r.error?.issues[0]?.message).toMatch(/^Champ « page » : Entrée invalide/);
  });
});

describe('dates', () => {
  it('valide une date AAAA-MM-JJ réelle', () => {
    expect(estDateIso('2026-02-28')).toBe(true);
    expect(estDateIso('2026-02-30')).toBe(false);
    expect(estDateIso('28.02.2026')).toBe(false);
  });
  it('donne la date du jour à Genève, pas en UTC', () => {
    expect(aujourdhui(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
  it("formate une date-heure JJ.MM.AAAA - HH:mm:ss à l'heure de Genève", () => {
    expect(formatDateHeure(new Date('2026-01-15T08:05:09Z'))).toBe('15.01.2026 - 09:05:09');
  });
});

describe('réservations en ligne', () => {
  it('affiche les durées en minutes et secondes', () => {
    expect(dureeEntre('2026-05-02T08:00:00Z', '2026-05-02T08:03:07Z')).toBe('3 min 07 s');
    expect(dureeEntre('2026-05-02T08:00:00Z', null)).toBe('');
  });
  it('colore en vert une réservation validée, ou une modification réservée et confirmée', () => {
    const base = { timestampReservation: 'r', timestampConfirmation: null, timestampValidation: null };
    expect(reservationAboutie({ ...base, type: 'creation', timestampValidation: 'v' })).toBe(true);
    expect(reservationAboutie({ ...base, type: 'modification', timestampConfirmation: 'c' })).toBe(true);
    expect(reservationAboutie({ ...base, type: 'creation', timestampConfirmation: 'c' })).toBe(false);
    expect(reservationAboutie({ ...base, type: 'modification' })).toBe(false);
  });
});

describe("formats d'impression", () => {
  it('ne propose Pdf que si le paramètre est vrai', () => {
    expect(formatsDisponibles(estVrai('true'))).toEqual(['Word', 'Excel', 'Pdf']);
    expect(formatsDisponibles(estVrai('false'))).toEqual(['Word', 'Excel']);
  });
});

describe('adresses', () => {
  it('compose le libellé comme un registre suisse', () => {
    expect(libelleAdresse({ typeVoie: 'Rue', liant: 'de la', nomVoie: 'Servette', noAdresse: '12' })).toBe('Rue de la Servette 12');
    expect(libelleAdresse({ typeVoie: 'Rue', liant: "de l'", nomVoie: 'École-de-Médecine', noAdresse: '3' })).toBe(
      "Rue de l'École-de-Médecine 3",
    );
    expect(libelleAdresse({ typeVoie: null, liant: null, nomVoie: 'Grand-Rue', noAdresse: null })).toBe('Grand-Rue');
  });
  it('ramène une recherche à des mots sans casse, accents ni ponctuation', () => {
    expect(motsRecherche("  L'École-de-Médecine  12bis ")).toEqual(['l', 'ecole', 'de', 'medecine', '12bis']);
    expect(normaliserRecherche('Vandœuvres, Chêne')).toBe('vandoeuvres chene');
  });
});
