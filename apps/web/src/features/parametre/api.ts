import { parametreSchema, type Parametre, type ParametreSaisie } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';
import { clesParametre } from '../../entites/parametre/cles';

export const CLE_ETAT_LISTE = 'parametreListe';
export const CHEMIN_EXPORT = 'parametre/export/';

export const listerParametres = (requete: RequeteListe) => lirePage('parametre/', rechercheListe(requete), parametreSchema);

const lireParametre = (id: number) => lireJson(`parametre/${id}`, parametreSchema);

const requeteParametre = (id: number | undefined) =>
  queryOptions({ queryKey: clesParametre.detail(id), queryFn: () => lireParametre(id!), enabled: id !== undefined });

export const useParametre = (id: number | undefined) => useQuery(requeteParametre(id));

export const useEnregistrerParametre = () =>
  useEcriture((saisie: ParametreSaisie) => lireJson('parametre', parametreSchema, { methode: 'POST', corps: saisie }), {
    detail: (parametre: Parametre) => clesParametre.detail(parametre.idParametre),
    aRelire: () => [clesParametre.listes, clesParametre.valeurs],
  });
