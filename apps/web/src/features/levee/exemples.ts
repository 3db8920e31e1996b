import { ajouterJours, aujourdhui, type Levee } from '@debarras/domain';

/** A round as the server answers it, for the feature's tests. */
export function exempleLevee(valeurs: Partial<Levee> = {}): Levee {
  return {
    idLevee: 1,
    dateLevee: ajouterJours(aujourdhui(), 3),
    secteur: { id: 1, libelle: 'Secteur 1 - Pâquis / Sécheron / Nations' },
    name: null,
    statut: 'ACTIF',
    supplementaire: 0,
    nbDebarras: 0,
    nbDebarrasMax: 30,
    nbReservationsEnCours: 0,
    indisponibilite: 0,
    kilometrage: null,
    version: 2,
    createdDate: '2026-01-10T08:00:00Z',
    createdBy: 'planification',
    lastModifiedDate: '2026-02-01T09:30:00Z',
    lastModifiedBy: 'gestion',
    ...valeurs,
  };
}
