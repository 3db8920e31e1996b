import { SECTEUR_MESSAGES, secteurSchema, type Secteur, type SecteurSaisie } from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErreurHttp, lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { messageErreur } from '../../lib/notifications';

export const CLE_LISTE = 'secteurListe';
export const CHEMIN_EXPORT = 'secteur/export/';

/**
 * The spec (§8) prefixes the cause of a list failure with its own sentence. The status is kept:
 * the app does not retry a refused call, and tells it from a network failure by it.
 */
export async function listerSecteurs(requete: RequeteListe) {
  try {
    return await lirePage('secteur/', rechercheListe(requete), secteurSchema);
  } catch (e) {
    const message = `${SECTEUR_MESSAGES.listeImpossible} ${messageErreur(e)}`;
    throw e instanceof ErreurHttp ? new ErreurHttp(e.status, message) : new Error(message);
  }
}

const lireSecteur = (id: number) => lireJson(`secteur/${id}`, secteurSchema);

export const useSecteur = (id: number | undefined) =>
  useQuery({ queryKey: ['secteur', id], queryFn: () => lireSecteur(id!), enabled: id !== undefined });

const enregistrerSecteur = (saisie: SecteurSaisie) => lireJson('secteur', secteurSchema, { methode: 'POST', corps: saisie });

/** Saves, then refreshes the list and the record from what the server answered. */
export function useEnregistrerSecteur() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enregistrerSecteur,
    onSuccess: (secteur: Secteur) => {
      client.setQueryData(['secteur', secteur.idSecteur], secteur);
      return client.invalidateQueries({ queryKey: [CLE_LISTE] });
    },
  });
}
