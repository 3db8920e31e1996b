import { LIGNES_OBJETS_MIN, QUANTITE_OBJET } from '@debarras/domain';

/** A line of objects as a form keeps it (a débarras, a récurrence): the object's name is shown beside its quantity. */
export interface LigneObjet {
  objet: { idObjet: number; libelle: string };
  quantite: number;
  remarque: string | null;
}

/** A quantity typed in the objects modal, brought back within 0..100 when the field is left. */
export function bornerQuantite(valeur: number | null | undefined): number {
  if (valeur === null || valeur === undefined || Number.isNaN(valeur)) return QUANTITE_OBJET.min;
  return Math.min(QUANTITE_OBJET.max, Math.max(QUANTITE_OBJET.min, Math.trunc(valeur)));
}

/** Lines at quantity 0 (or empty) are not kept (docs/regles.md « Fiche débarras »). */
export const lignesRenseignees = (lignes: readonly LigneObjet[]) => lignes.filter((l) => l.quantite > 0);

/** The objects table always shows at least 7 rows: real lines, then empty ones. */
export function lignesAffichees(lignes: readonly LigneObjet[]): Array<LigneObjet | null> {
  return [...lignes, ...Array.from({ length: Math.max(0, LIGNES_OBJETS_MIN - lignes.length) }, () => null)];
}

/** The table's header turns to a warning colour from 7 lines (docs/regles.md « Fiche débarras »). */
export const enteteObjetsEnAlerte = (lignes: readonly LigneObjet[]) => lignes.length >= LIGNES_OBJETS_MIN;
