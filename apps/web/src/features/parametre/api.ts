import { parametreSchema, type Parametre, type ParametreSaisie } from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

export const CLE_LISTE = 'parametreListe';
export const CHEMIN_EXPORT = 'parametre/export/';

export const listerParametres = (requete: RequeteListe) => lirePage('parametre/', rechercheListe(requete), parametreSchema);

const lireParametre = (id: number) => lireJson(`parametre/${id}`, parametreSchema);

export const useParametre = (id: number | undefined) =>
  useQuery({ queryKey: ['parametre', id], queryFn: () => lireParametre(id!), enabled: id !== undefined });

const enregistrerParametre = (saisie: ParametreSaisie) => lireJson('parametre', parametreSchema, { methode: 'POST', corps: saisie });

/** Saves, then refreshes the list and the record from what the server answered. */
export function useEnregistrerParametre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enregistrerParametre,
    onSuccess: (parametre: Parametre) => {
      client.setQueryData(['parametre', parametre.idParametre], parametre);
      return client.invalidateQueries({ queryKey: [CLE_LISTE] });
    },
  });
}
