import { ajouterJours, aujourdhui, type Levee } from '@debarras/domain';
import { uneLevee } from '../../test/fabriques';

/** The round the levée tests start from: in three days, sector 1, once modified by gestion. */
export const exempleLevee = (valeurs: Partial<Levee> = {}): Levee =>
  uneLevee({
    dateLevee: ajouterJours(aujourdhui(), 3),
    secteur: { id: 1, libelle: 'Secteur 1 - Pâquis / Sécheron / Nations' },
    version: 2,
    lastModifiedDate: '2026-02-01T09:30:00Z',
    lastModifiedBy: 'gestion',
    ...valeurs,
  });
