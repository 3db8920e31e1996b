import { describe, expect, it } from 'vitest';
import { bornerQuantite, enteteObjetsEnAlerte, lignesAffichees, lignesRenseignees, type LigneObjet } from './lignesObjets';

const ligne = (idObjet: number, quantite: number): LigneObjet => ({
  objet: { idObjet, libelle: `Objet ${idObjet}` },
  quantite,
  remarque: null,
});

describe("lignes d'objets d'un formulaire", () => {
  it('ramène une quantité entre 0 et 100', () => {
    expect(bornerQuantite(150)).toBe(100);
    expect(bornerQuantite(-3)).toBe(0);
    expect(bornerQuantite(null)).toBe(0);
    expect(bornerQuantite(7)).toBe(7);
  });

  it('ne garde que les lignes dont la quantité est renseignée', () => {
    expect(lignesRenseignees([ligne(1, 2), ligne(2, 0), ligne(3, 1)])).toEqual([ligne(1, 2), ligne(3, 1)]);
  });

  it('complète le tableau des objets à 7 lignes et alerte dès 7 lignes', () => {
    expect(lignesAffichees([ligne(1, 1), ligne(2, 1)])).toEqual([ligne(1, 1), ligne(2, 1), null, null, null, null, null]);
    const huit = Array.from({ length: 8 }, (_, i) => ligne(i + 1, 1));
    expect(lignesAffichees(huit)).toHaveLength(8);
    expect(enteteObjetsEnAlerte(huit.slice(0, 6))).toBe(false);
    expect(enteteObjetsEnAlerte(huit.slice(0, 7))).toBe(true);
  });
});
