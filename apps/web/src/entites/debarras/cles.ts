import { clesEntite } from '../../lib/cles';

const base = clesEntite('debarras');

export const clesDebarras = {
  ...base,
  journal: (id: number) => [...base.detail(id), 'journal'] as const,
  /** The débarras attached to one levée: a list of débarras, so a change of any débarras refreshes it. */
  deLaLevee: (idLevee: number) => [...base.listes, 'levee', idLevee] as const,
  /** A levée's round: its stops are its débarras, so that every change of a débarras refreshes it. */
  tournee: (idLevee: number) => [...base.listes, 'tournee', idLevee] as const,
  /** The quick search: under the lists, so that every change of a débarras refreshes it. */
  recherche: (terme: string) => [...base.listes, 'recherche', terme] as const,
  /** « À replanifier »: under the lists, so that every change of a débarras refreshes it. */
  aReplanifier: [...base.listes, 'replanification'] as const,
  /** « Statistiques » of a period: counts of débarras, so that every change of a débarras refreshes them. */
  statistiques: (du: string, au: string) => [...base.tout, 'statistiques', du, au] as const,
};
