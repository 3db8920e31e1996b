import { describe, expect, it } from 'vitest';
import { adresseExceptionSaisieSchema, exceptionPourLevee, type AdresseException } from './adresseException.js';

const EXCEPTION: AdresseException = {
  id: 1,
  idpadr: '6621000101',
  adresse: 'Rue de la Servette 12',
  remarqueInterne: 'Concierge',
  remarquePublique: 'Devant le portail',
  remarqueTravaux: null,
  dateDebutTravaux: null,
  dateFinTravaux: null,
  xdepot: 2500010.5,
  ydepot: 1118020.25,
  xtravaux: null,
  ytravaux: null,
  statut: 'ACTIF',
  version: 0,
  createdBy: 'technique',
  createdDate: '2026-03-01T08:00:00Z',
  lastModifiedBy: null,
  lastModifiedDate: null,
};

describe("statut d'une adresse exception", () => {
  it('vaut ACTIF pour une nouvelle exception', () => {
    expect(adresseExceptionSaisieSchema.parse({ idpadr: EXCEPTION.idpadr }).statut).toBe('ACTIF');
  });

  it("donne au formulaire du débarras le point de dépôt d'une exception active, rien d'une inactive", () => {
    expect(exceptionPourLevee(EXCEPTION, '2026-12-02')).toMatchObject({ precisionLieu: 'Concierge', pointDepotX: 2500010.5 });
    expect(exceptionPourLevee({ ...EXCEPTION, statut: 'INACTIF' }, '2026-12-02')).toBeNull();
  });
});
