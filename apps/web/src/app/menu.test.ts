import { aLaPermission, ROLES, type Role } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { menusVisibles } from './menu';

const pour = (role: Role) => menusVisibles((p) => aLaPermission([role], p));
const titres = (role: Role) => pour(role).map((m) => m.titre);
const entrees = (role: Role, titre: string) => pour(role).find((m) => m.titre === titre)!.entrees;

describe('menu', () => {
  it("montre l'administration et « Technique › Gérer les paramètres » puis « Tâches planifiées » au rôle technique", () => {
    expect(titres(ROLES.TECHNIQUE)).toEqual(['Débarras', 'Levée', 'Exceptions', 'Administration', 'Technique']);
    expect(pour(ROLES.TECHNIQUE).at(-1)!.entrees).toEqual([
      { libelle: 'Gérer les paramètres', chemin: '/ParametreListe', permission: 'gererParametres' },
      { libelle: 'Tâches planifiées', chemin: '/TachesPlanifiees', permission: 'gererTaches' },
    ]);
  });

  it("montre les cinq écrans d'administration au rôle admin, sans le menu Technique", () => {
    expect(titres(ROLES.ADMIN)).toEqual(['Débarras', 'Levée', 'Exceptions', 'Administration']);
    expect(entrees(ROLES.ADMIN, 'Administration').map((e) => e.libelle)).toEqual([
      'Gérer les objets',
      'Gérer les secteurs',
      'Gérer les destinataires planning',
      'Afficher les messages',
      'Afficher les réservations en ligne',
    ]);
  });

  it.each([ROLES.LECTURE, ROLES.GESTION])("ne montre au rôle %s ni l'administration ni la technique", (role) => {
    expect(titres(role)).not.toContain('Administration');
    expect(titres(role)).not.toContain('Technique');
  });

  it('montre au rôle lecture seule « Levée › Afficher les levées », « Capacités » et l’impression des feuilles de route, sans les fenêtres de gestion', () => {
    expect(titres(ROLES.LECTURE)).toEqual(['Débarras', 'Levée']);
    expect(entrees(ROLES.LECTURE, 'Levée')).toEqual([
      { libelle: 'Afficher les levées', chemin: '/LeveeListe', permission: 'consulter' },
      { libelle: 'Capacités', chemin: '/capacites', permission: 'consulter' },
      { libelle: 'Imprimer les feuilles de route', modale: 'feuillesDeRoute', permission: 'consulter' },
    ]);
  });

  it.each([ROLES.GESTION, ROLES.ADMIN, ROLES.TECHNIQUE])(
    'ouvre au rôle %s les statistiques et les fenêtres de disponibilité et de levée supplémentaire',
    (role) => {
      expect(entrees(role, 'Levée')).toEqual([
        { libelle: 'Afficher les levées', chemin: '/LeveeListe', permission: 'consulter' },
        { libelle: 'Capacités', chemin: '/capacites', permission: 'consulter' },
        { libelle: 'Statistiques', chemin: '/statistiques', permission: 'consulterStatistiques' },
        { libelle: 'Imprimer les feuilles de route', modale: 'feuillesDeRoute', permission: 'consulter' },
        { libelle: 'Modifier une disponibilité', modale: 'disponibiliteLevee', permission: 'gererLevees' },
        { libelle: 'Ajouter une levée supplémentaire', modale: 'leveeSupplementaire', permission: 'gererLevees' },
      ]);
    },
  );

  it.each([ROLES.GESTION, ROLES.ADMIN, ROLES.TECHNIQUE])(
    'montre au rôle %s « Débarras › Nouveau débarras », « Afficher les débarras », « Afficher les récurrences », « À replanifier » puis « Signalements »',
    (role) => {
      expect(entrees(role, 'Débarras')).toEqual([
        { libelle: 'Nouveau débarras', chemin: '/DebarrasDetail', permission: 'gererDebarras' },
        { libelle: 'Afficher les débarras', chemin: '/DebarrasListe', permission: 'consulter' },
        { libelle: 'Afficher les récurrences', chemin: '/RecurrenceListe', permission: 'gererRecurrences' },
        { libelle: 'À replanifier', chemin: '/aReplanifier', permission: 'consulter' },
        { libelle: 'Signalements', chemin: '/signalements', permission: 'consulter', compte: 'signalements' },
      ]);
    },
  );

  it('ne montre au rôle lecture seule que « Débarras › Afficher les débarras », « À replanifier » et « Signalements »', () => {
    expect(entrees(ROLES.LECTURE, 'Débarras')).toEqual([
      { libelle: 'Afficher les débarras', chemin: '/DebarrasListe', permission: 'consulter' },
      { libelle: 'À replanifier', chemin: '/aReplanifier', permission: 'consulter' },
      { libelle: 'Signalements', chemin: '/signalements', permission: 'consulter', compte: 'signalements' },
    ]);
  });

  const carteExceptions = { libelle: 'Carte des exceptions', chemin: '/adresseExceptionCarte', permission: 'consulterCarteExceptions' };

  it.each([ROLES.ADMIN, ROLES.TECHNIQUE])(
    'montre au rôle %s « Exceptions › Carte des exceptions » puis « Gérer les exceptions »',
    (role) => {
      expect(entrees(role, 'Exceptions')).toEqual([
        carteExceptions,
        { libelle: 'Gérer les exceptions', chemin: '/adresseExceptionListe', permission: 'gererExceptions' },
      ]);
    },
  );

  it('montre au rôle gestion la carte des exceptions, sans leur gestion', () => {
    expect(entrees(ROLES.GESTION, 'Exceptions')).toEqual([carteExceptions]);
  });

  it('ne montre pas les exceptions au rôle lecture seule', () => {
    expect(titres(ROLES.LECTURE)).not.toContain('Exceptions');
  });

  it('ne montre jamais un menu vide', () => {
    for (const role of Object.values(ROLES)) expect(pour(role).every((m) => m.entrees.length > 0)).toBe(true);
  });
});
