import { objetSchema, type Objet, type ObjetSaisie } from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

export const CLE_LISTE = 'objetListe';
export const CHEMIN_EXPORT = 'objet/export/';

export const listerObjets = (requete: RequeteListe) => lirePage('objet/', rechercheListe(requete), objetSchema);

const lireObjet = (id: number) => lireJson(`objet/${id}`, objetSchema);

export const useObjet = (id: number | undefined) =>
  useQuery({ queryKey: ['objet', id], queryFn: () => lireObjet(id!), enabled: id !== undefined });

const enregistrerObjet = (saisie: ObjetSaisie) => lireJson('objet', objetSchema, { methode: 'POST', corps: saisie });

/** Saves, then refreshes the list and the record from what the server answered. */
export function useEnregistrerObjet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enregistrerObjet,
    onSuccess: (objet: Objet) => {
      client.setQueryData(['objet', objet.idObjet], objet);
      return client.invalidateQueries({ queryKey: [CLE_LISTE] });
    },
  });
}
