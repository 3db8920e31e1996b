import { triEnParametre, type Page, type Tri } from '@debarras/domain';

export type { Page };
export const ENTETE_TOTAL_ELEMENTS = 'x-total-elements';

export type ValeurFiltre = string | number | undefined;
export type Filtres = Record<string, ValeurFiltre>;

export interface RequeteListe {
  page: number;
  size: number;
  tri: Tri[];
  filtres: Filtres;
}

/** The query string of a list call: page, size, repeated sort, and the non-empty filters. */
export function rechercheListe({ page, size, tri, filtres }: RequeteListe): URLSearchParams {
  const recherche = new URLSearchParams({ page: String(page), size: String(size) });
  for (const t of tri) recherche.append('sort', triEnParametre(t));
  for (const [cle, valeur] of Object.entries(filtres)) {
    if (valeur !== undefined && valeur !== '') recherche.append(cle, String(valeur));
  }
  return recherche;
}
