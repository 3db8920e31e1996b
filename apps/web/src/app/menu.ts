import type { Permission } from '@debarras/domain';

/** The dialogs a menu entry may open over the current screen (app/MiseEnPage.tsx holds them). */
export type ModaleMenu = 'feuillesDeRoute' | 'disponibiliteLevee' | 'leveeSupplementaire';

/** An entry leads to a screen (`chemin`) or opens a dialog (`modale`); `compte` adds a count to its label. */
export type EntreeMenu = { libelle: string; permission: Permission; compte?: 'signalements' } & (
  { chemin: string; modale?: never } | { modale: ModaleMenu; chemin?: never }
);

export interface Menu {
  titre: string;
  entrees: EntreeMenu[];
}

/**
 * The menus (docs/regles.md « Connexion, menus et pages d'erreur »), holding only the entries whose screen exists: an entry
 * is added here with its screen, never before.
 */
export const MENUS: Menu[] = [
  {
    titre: 'Débarras',
    entrees: [
      { libelle: 'Nouveau débarras', chemin: '/DebarrasDetail', permission: 'gererDebarras' },
      { libelle: 'Afficher les débarras', chemin: '/DebarrasListe', permission: 'consulter' },
      { libelle: 'Afficher les récurrences', chemin: '/RecurrenceListe', permission: 'gererRecurrences' },
      // beyond the spec: what the crews left on the pavement (docs/regles.md « À replanifier »)
      { libelle: 'À replanifier', chemin: '/aReplanifier', permission: 'consulter' },
      // the residents' reports, with how many wait (docs/regles.md « Signalements »)
      { libelle: 'Signalements', chemin: '/signalements', permission: 'consulter', compte: 'signalements' },
    ],
  },
  {
    titre: 'Levée',
    entrees: [
      { libelle: 'Afficher les levées', chemin: '/LeveeListe', permission: 'consulter' },
      { libelle: 'Capacités', chemin: '/capacites', permission: 'consulter' },
      // beyond the spec: the service's figures (docs/regles.md « Statistiques »)
      { libelle: 'Statistiques', chemin: '/statistiques', permission: 'consulterStatistiques' },
      { libelle: 'Imprimer les feuilles de route', modale: 'feuillesDeRoute', permission: 'consulter' },
      { libelle: 'Modifier une disponibilité', modale: 'disponibiliteLevee', permission: 'gererLevees' },
      { libelle: 'Ajouter une levée supplémentaire', modale: 'leveeSupplementaire', permission: 'gererLevees' },
    ],
  },
  {
    titre: 'Exceptions',
    entrees: [
      { libelle: 'Carte des exceptions', chemin: '/adresseExceptionCarte', permission: 'consulterCarteExceptions' },
      { libelle: 'Gérer les exceptions', chemin: '/adresseExceptionListe', permission: 'gererExceptions' },
    ],
  },
  {
    titre: 'Administration',
    entrees: [
      { libelle: 'Gérer les objets', chemin: '/ObjetListe', permission: 'administrer' },
      { libelle: 'Gérer les secteurs', chemin: '/SecteurListe', permission: 'administrer' },
      { libelle: 'Gérer les destinataires planning', chemin: '/DestinataireListe', permission: 'administrer' },
      { libelle: 'Afficher les messages', chemin: '/LogEvenementListe', permission: 'administrer' },
      { libelle: 'Afficher les réservations en ligne', chemin: '/ReservationListe', permission: 'administrer' },
    ],
  },
  {
    titre: 'Technique',
    entrees: [
      { libelle: 'Gérer les paramètres', chemin: '/ParametreListe', permission: 'gererParametres' },
      { libelle: 'Tâches planifiées', chemin: '/TachesPlanifiees', permission: 'gererTaches' },
    ],
  },
];

/** The menus as a user sees them: entries their roles allow, menus with at least one entry. */
export function menusVisibles(peut: (p: Permission) => boolean): Menu[] {
  return MENUS.map((m) => ({ ...m, entrees: m.entrees.filter((e) => peut(e.permission)) })).filter((m) => m.entrees.length);
}
