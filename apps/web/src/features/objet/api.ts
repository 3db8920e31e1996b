import { objetSchema, type Objet, type ObjetSaisie } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';
import { clesObjet } from '../../entites/objet/cles';

export const CLE_ETAT_LISTE = 'objetListe';
export const CHEMIN_EXPORT = 'objet/export/';

export const listerObjets = (requete: RequeteListe) => lirePage('objet/', rechercheListe(requete), objetSchema);

const lireObjet = (id: number) => lireJson(`objet/${id}`, objetSchema);

const requeteObjet = (id: number | undefined) =>
  queryOptions({ queryKey: clesObjet.detail(id), queryFn: () => lireObjet(id!), enabled: id !== undefined });

export const useObjet = (id: number | undefined) => useQuery(requeteObjet(id));

/** Saves; the objects offered in the débarras form are read again too. */
export const useEnregistrerObjet = () =>
  useEcriture((saisie: ObjetSaisie) => lireJson('objet', objetSchema, { methode: 'POST', corps: saisie }), {
    detail: (objet: Objet) => clesObjet.detail(objet.idObjet),
    aRelire: () => [clesObjet.listes, clesObjet.choisissables],
  });
