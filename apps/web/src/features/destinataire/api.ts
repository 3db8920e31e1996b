import {
  destinataireSchema,
  estVrai,
  formatsDisponibles,
  PARAMETRE_CLES,
  type Destinataire,
  type DestinataireSaisie,
} from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useValeurParametre } from '../../lib/parametres';

export const CLE_LISTE = 'destinataireListe';
export const CHEMIN_EXPORT = 'destinataire/export/';

export const listerDestinataires = (requete: RequeteListe) => lirePage('destinataire/', rechercheListe(requete), destinataireSchema);

const lireDestinataire = (id: number) => lireJson(`destinataire/${id}`, destinataireSchema);

export const useDestinataire = (id: number | undefined) =>
  useQuery({ queryKey: ['destinataire', id], queryFn: () => lireDestinataire(id!), enabled: id !== undefined });

const enregistrerDestinataire = (saisie: DestinataireSaisie) =>
  lireJson('destinataire', destinataireSchema, { methode: 'POST', corps: saisie });

/** Saves, then refreshes the list and the record from what the server answered. */
export function useEnregistrerDestinataire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enregistrerDestinataire,
    onSuccess: (destinataire: Destinataire) => {
      client.setQueryData(['destinataire', destinataire.idDestinataire], destinataire);
      return client.invalidateQueries({ queryKey: [CLE_LISTE] });
    },
  });
}

/** The server answers the deleted recipient, whose name the success message quotes. */
const supprimerDestinataire = (id: number) => lireJson(`destinataire/${id}`, destinataireSchema, { methode: 'DELETE' });

export function useSupprimerDestinataire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: supprimerDestinataire,
    onSuccess: (destinataire: Destinataire) => {
      client.removeQueries({ queryKey: ['destinataire', destinataire.idDestinataire] });
      return client.invalidateQueries({ queryKey: [CLE_LISTE] });
    },
  });
}

/** The print formats a recipient may receive: Word and Excel, and Pdf when the parameter enables it (spec §7). */
export function useFormatsImpression() {
  const { data } = useValeurParametre(PARAMETRE_CLES.impressionPdfActif);
  return formatsDisponibles(estVrai(data));
}
