import { estVrai, formatsDisponibles, PARAMETRE_CLES, type CleParametreEcran } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lireTexte } from '../../lib/http';
import { clesParametre } from './cles';

/** A parameter's value as forms read it (`getStringValue`, open to every signed-in role, for the keys the screens read). */
const requeteValeurParametre = (cle: CleParametreEcran) =>
  queryOptions({
    queryKey: clesParametre.valeur(cle),
    queryFn: () => lireTexte(`parametre/getStringValue?cle=${encodeURIComponent(cle)}`),
    staleTime: 5 * 60_000,
  });

export function useValeurParametre(cle: CleParametreEcran) {
  return useQuery(requeteValeurParametre(cle));
}

/** The print formats offered: Word and Excel, and Pdf when `impression.pdf.actif` is true (docs/regles.md « Feuilles de route »). */
export function useFormatsImpression() {
  const { data } = useValeurParametre(PARAMETRE_CLES.impressionPdfActif);
  return formatsDisponibles(estVrai(data));
}
