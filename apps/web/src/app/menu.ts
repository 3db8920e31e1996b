import type { Permission } from '@debarras/domain';

export interface EntreeMenu {
  libelle: string;
  chemin: string;
  permission: Permission;
}

export interface Menu {
  titre: string;
  entrees: EntreeMenu[];
}

/**
 * The spec's menus (§2 "Navigation menu"), holding only the entries whose screen exists: an entry
 * is added here with its screen, never before.
 */
export const MENUS: Menu[] = [
  { titre: 'Débarras', entrees: [] },
  { titre: 'Levée', entrees: [] },
  { titre: 'Exceptions', entrees: [] },
  { titre: 'Administration', entrees: [] },
  { titre: 'Technique', entrees: [{ libelle: 'Gérer les paramètres', chemin: '/ParametreListe', permission: 'gererParametres' }] },
];

/** The menus as a user sees them: entries their roles allow, menus with at least one entry. */
export function menusVisibles(peut: (p: Permission) => boolean): Menu[] {
  return MENUS.map((m) => ({ ...m, entrees: m.entrees.filter((e) => peut(e.permission)) })).filter((m) => m.entrees.length);
}
