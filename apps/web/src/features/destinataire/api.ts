import { destinataireSchema, type Destinataire, type DestinataireSaisie } from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';
import { clesDestinataire } from '../../entites/destinataire/cles';

export const CLE_ETAT_LISTE = 'destinataireListe';
export const CHEMIN_EXPORT = 'destinataire/export/';

export const listerDestinataires = (requete: RequeteListe) => lirePage('destinataire/', rechercheListe(requete), destinataireSchema);

const lireDestinataire = (id: number) => lireJson(`destinataire/${id}`, destinataireSchema);

const requeteDestinataire = (id: number | undefined) =>
  queryOptions({ queryKey: clesDestinataire.detail(id), queryFn: () => lireDestinataire(id!), enabled: id !== undefined });

export const useDestinataire = (id: number | undefined) => useQuery(requeteDestinataire(id));

export const useEnregistrerDestinataire = () =>
  useEcriture((saisie: DestinataireSaisie) => lireJson('destinataire', destinataireSchema, { methode: 'POST', corps: saisie }), {
    detail: (destinataire: Destinataire) => clesDestinataire.detail(destinataire.idDestinataire),
    aRelire: () => [clesDestinataire.listes],
  });

/** The server answers the deleted recipient, whose name the success message quotes. */
export const useSupprimerDestinataire = () =>
  useEcriture(
    (destinataire: Destinataire) =>
      lireJson(`destinataire/${destinataire.idDestinataire}?version=${destinataire.version}`, destinataireSchema, { methode: 'DELETE' }),
    {
      aRelire: () => [clesDestinataire.tout],
    },
  );
