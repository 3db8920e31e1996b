import { statistiquesSchema, type PeriodeStatistiques } from '@debarras/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { clesDebarras } from '../../entites/debarras/cles';
import { lireJson, telecharger } from '../../lib/http';

/** `GET /statistiques`: the figures of a period; the previous period's stay on screen while the next is computed. */
const requeteStatistiques = ({ du, au }: PeriodeStatistiques) =>
  queryOptions({
    queryKey: clesDebarras.statistiques(du, au),
    queryFn: () => lireJson(`statistiques?du=${du}&au=${au}`, statistiquesSchema),
    placeholderData: keepPreviousData,
  });

export const useStatistiques = (periode: PeriodeStatistiques | undefined) =>
  useQuery({ ...requeteStatistiques(periode ?? { du: '', au: '' }), enabled: periode !== undefined });

/** `GET /statistiques/export`: the same figures as a workbook, one sheet per figure. */
export const useExportStatistiques = () =>
  useMutation({ mutationFn: ({ du, au }: PeriodeStatistiques) => telecharger(`statistiques/export?du=${du}&au=${au}`) });
