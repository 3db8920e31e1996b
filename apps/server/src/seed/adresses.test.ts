import { describe, expect, it } from 'vitest';
import { adressesCanton, adressesVille } from './adresses.js';
import { SECTEURS_DEMO_ACTIFS } from './demo.js';

const ville = adressesVille(SECTEURS_DEMO_ACTIFS);

describe("registre d'adresses synthétique de démonstration", () => {
  it('compte 20 000 adresses de la Ville de Genève, les mêmes à chaque génération', () => {
    expect(ville).toHaveLength(20_000);
    expect(new Set(ville.map((a) => a.idpAdr)).size).toBe(20_000);
    expect(adressesVille(SECTEURS_DEMO_ACTIFS)).toEqual(ville);
    expect(new Set(ville.map((a) => `${a.typeVoie} ${a.liant} ${a.nomVoie}`)).size).toBeGreaterThan(300);
    expect(ville.every((a) => a.noCommune === 6621 && a.commune === 'Genève' && a.gestionnaire === 'VILLE DE GENEVE')).toBe(true);
  });

  it('place chaque adresse dans la ville (NPA 1201 à 1209, coordonnées MN95 de la ville)', () => {
    expect([...new Set(ville.map((a) => a.noPostal))].sort()).toEqual([
      '1201',
      '1202',
      '1203',
      '1204',
      '1205',
      '1206',
      '1207',
      '1208',
      '1209',
    ]);
    const dansLaVille = (a: (typeof ville)[number]) => a.x >= 2_496_000 && a.x <= 2_503_000 && a.y >= 1_114_000 && a.y <= 1_121_000;
    expect(ville.filter((a) => !dansLaVille(a))).toEqual([]);
  });

  it('répartit les adresses sur les 5 secteurs actifs, une rue dans un seul secteur', () => {
    expect(new Set(ville.map((a) => a.secteur))).toEqual(new Set(SECTEURS_DEMO_ACTIFS));
    const secteurParRue = new Map<string, Set<string | null>>();
    for (const a of ville) {
      const rue = `${a.typeVoie} ${a.liant} ${a.nomVoie}`;
      secteurParRue.set(rue, (secteurParRue.get(rue) ?? new Set()).add(a.secteur));
    }
    expect([...secteurParRue.values()].every((s) => s.size === 1)).toBe(true);
  });

  it("donne au banc d'essai le canton entier : 70 000 adresses sur les 45 communes", () => {
    const canton = adressesCanton(SECTEURS_DEMO_ACTIFS);
    expect(canton).toHaveLength(70_000);
    expect(new Set(canton.map((a) => a.noCommune)).size).toBe(45);
    expect(new Set(canton.map((a) => a.idpAdr)).size).toBe(70_000);
  });
});
