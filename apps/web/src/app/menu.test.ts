import { aLaPermission, ROLES, type Role } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { menusVisibles } from './menu';

const pour = (role: Role) => menusVisibles((p) => aLaPermission([role], p));

describe('menu', () => {
  it('montre « Technique › Gérer les paramètres » au rôle technique', () => {
    expect(pour(ROLES.TECHNIQUE)).toEqual([
      { titre: 'Technique', entrees: [{ libelle: 'Gérer les paramètres', chemin: '/ParametreListe', permission: 'gererParametres' }] },
    ]);
  });

  it.each([ROLES.LECTURE, ROLES.GESTION, ROLES.ADMIN])('ne montre au rôle %s aucun menu sans écran qui lui soit ouvert', (role) => {
    expect(pour(role).flatMap((m) => m.entrees.map((e) => e.libelle))).not.toContain('Gérer les paramètres');
    expect(pour(role).every((m) => m.entrees.length > 0)).toBe(true);
  });
});
