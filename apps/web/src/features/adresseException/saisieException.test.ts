import { ADRESSE_EXCEPTION_MESSAGES as M } from '@debarras/domain';
import { describe, expect, it } from 'vitest';
import { uneAdresse, uneAdresseException } from '../../test/fabriques';
import { basculerAdresse, texteAdresses, versCopies } from './copieException';
import { estModifiee, formaterCoordonnee, messageDuChamp, placerPoint, retirerPoint, versSaisie, versValeurs } from './saisieException';

const ADRESSE = { idpadr: '6621000101', adresse: 'Rue de la Servette 12' };
const vide = versValeurs(undefined);

describe("la saisie d'une exception", () => {
  it('est active et vide quand elle est nouvelle', () => {
    expect(vide).toMatchObject({ statut: 'ACTIF', remarqueInterne: '', xdepot: null, dateDebutTravaux: null });
  });

  it('garde un point cliqué au centimètre et le montre avec deux décimales', () => {
    expect(placerPoint('depot', 2_500_123.456_7, 1_118_000.004)).toEqual({ xdepot: 2_500_123.46, ydepot: 1_118_000 });
    expect(placerPoint('travaux', 2_500_000.125_1, 1_118_000.1)).toEqual({ xtravaux: 2_500_000.13, ytravaux: 1_118_000.1 });
    expect(formaterCoordonnee(1_118_000)).toBe('1118000.00');
    expect(formaterCoordonnee(null)).toBe('');
  });

  it('efface les dates et la remarque des travaux avec leur point, pas le point de dépôt', () => {
    expect(retirerPoint('travaux')).toEqual({
      xtravaux: null,
      ytravaux: null,
      dateDebutTravaux: null,
      dateFinTravaux: null,
      remarqueTravaux: '',
    });
    expect(retirerPoint('depot')).toEqual({ xdepot: null, ydepot: null });
  });

  it('donne à chaque champ le message de la règle du domaine qui le concerne', () => {
    const avecDepot = { ...vide, ...placerPoint('depot', 2_500_000, 1_118_000), remarquePublique: 'Devant le portail' };
    expect(messageDuChamp(avecDepot, ADRESSE, 'remarqueInterne')).toBe(M.remarqueInterneObligatoire);
    expect(messageDuChamp({ ...avecDepot, remarquePublique: '' }, ADRESSE, 'remarquePublique')).toBe(M.remarquePubliqueObligatoire);
    const travaux = { ...vide, ...placerPoint('travaux', 2_500_000, 1_118_000) };
    expect(messageDuChamp(travaux, ADRESSE, 'remarqueTravaux')).toBe(M.remarqueTravauxObligatoire);
    expect(messageDuChamp(travaux, ADRESSE, 'dateDebutTravaux')).toBe(M.datesTravauxObligatoires);
    expect(messageDuChamp({ ...vide, dateDebutTravaux: '2026-12-01' }, ADRESSE, 'xtravaux')).toBe(M.coordonneesTravauxObligatoires);
    const fin = { ...travaux, remarqueTravaux: 'Chantier', dateDebutTravaux: '2026-12-10', dateFinTravaux: '2026-12-01' };
    expect(messageDuChamp(fin, ADRESSE, 'dateFinTravaux')).toBe(M.finTravauxAvantDebut);
    expect(messageDuChamp(vide, ADRESSE, 'remarqueInterne')).toBeUndefined();
  });

  it("envoie l'adresse, et l'id et la version lus pour une exception existante", () => {
    const existante = uneAdresseException(7, uneAdresse(ADRESSE.idpadr, ADRESSE.adresse), { version: 3, remarqueInterne: 'Concierge' });
    expect(versSaisie(versValeurs(existante), ADRESSE, existante)).toMatchObject({ id: 7, version: 3, idpadr: ADRESSE.idpadr });
    expect(versSaisie(vide, ADRESSE, undefined)).not.toHaveProperty('id');
  });

  it("n'est modifiée que par ce qui diffère de l'exception lue (vide et null se valent)", () => {
    expect(estModifiee({ ...vide, dateDebutTravaux: null, remarqueInterne: '' }, vide)).toBe(false);
    expect(estModifiee({ ...vide, statut: 'INACTIF' }, vide)).toBe(true);
    expect(estModifiee(undefined, vide)).toBe(false);
  });
});

describe("la copie d'une exception", () => {
  const point = (idpAdr: string, adresse: string) => ({
    idpAdr,
    adresse,
    x: 2_500_000,
    y: 1_118_000,
    gestionnaire: 'VILLE DE GENEVE',
    secteur: null,
  });
  const A = point('6621000201', 'Rue du Mont-Blanc 3');
  const B = point('6621000202', 'Rue du Mont-Blanc 5');

  it("ajoute une adresse cliquée après les autres et retire celle qu'on clique à nouveau", () => {
    expect(basculerAdresse([A], B)).toEqual([A, B]);
    expect(basculerAdresse([A, B], A)).toEqual([B]);
    expect(texteAdresses([A, B])).toBe('Rue du Mont-Blanc 3\nRue du Mont-Blanc 5');
  });

  it("reprend le contenu de l'exception pour chaque adresse, à la place de l'adresse", () => {
    const source = uneAdresseException(4, uneAdresse('6621000101', 'Rue de la Servette 12'), {
      remarqueInterne: 'Concierge',
      remarquePublique: 'Devant le portail',
      xdepot: 2_500_010.5,
      ydepot: 1_118_020.25,
      statut: 'INACTIF',
    });
    expect(versCopies(source, [B])).toEqual([
      {
        idpadr: B.idpAdr,
        adresse: B.adresse,
        x: B.x,
        y: B.y,
        remarqueInterne: 'Concierge',
        remarquePublique: 'Devant le portail',
        remarqueTravaux: null,
        dateDebutTravaux: null,
        dateFinTravaux: null,
        xdepot: 2_500_010.5,
        ydepot: 1_118_020.25,
        xtravaux: null,
        ytravaux: null,
        statut: 'INACTIF',
      },
    ]);
  });
});
