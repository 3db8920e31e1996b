import {
  perimetreSecteurSchema,
  resultatPerimetreSchema,
  SECTEUR_MESSAGES,
  SECTEUR_PERIMETRE_SUCCES,
  secteurSchema,
  type PerimetreSaisie,
  type Secteur,
  type SecteurSaisie,
} from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { avecPrefixe, ErreurHttp, lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';
import { messageErreur } from '../../lib/notifications';
import { clesSecteur } from '../../entites/secteur/cles';

export const CLE_ETAT_LISTE = 'secteurListe';
export const CHEMIN_EXPORT = 'secteur/export/';

/**
 * A list failure is announced with the screen's own sentence before its cause (docs/regles.md « Secteurs »). The status is kept:
 * the app does not retry a refused call, and tells it from a network failure by it.
 */
export async function listerSecteurs(requete: RequeteListe) {
  try {
    return await lirePage('secteur/', rechercheListe(requete), secteurSchema);
  } catch (e) {
    throw e instanceof ErreurHttp
      ? avecPrefixe(e, SECTEUR_MESSAGES.listeImpossible)
      : new Error(`${SECTEUR_MESSAGES.listeImpossible} ${messageErreur(e)}`);
  }
}

const lireSecteur = (id: number) => lireJson(`secteur/${id}`, secteurSchema);

const requeteSecteur = (id: number | undefined) =>
  queryOptions({ queryKey: clesSecteur.detail(id), queryFn: () => lireSecteur(id!), enabled: id !== undefined });

export const useSecteur = (id: number | undefined) => useQuery(requeteSecteur(id));

export const useEnregistrerSecteur = () =>
  useEcriture((saisie: SecteurSaisie) => lireJson('secteur', secteurSchema, { methode: 'POST', corps: saisie }), {
    detail: (secteur: Secteur) => clesSecteur.detail(secteur.idSecteur),
    aRelire: () => [clesSecteur.listes, clesSecteur.libelles],
  });

// Périmètres (docs/regles.md « Périmètres des secteurs »)

const requetePerimetresSecteurs = queryOptions({
  queryKey: clesSecteur.perimetres,
  queryFn: () => lireJson('secteur/perimetres', z.array(perimetreSecteurSchema)),
});

export const usePerimetresSecteurs = () => useQuery(requetePerimetresSecteurs);

/** Saving a perimeter moves addresses between sectors and gives the sector a new version. */
export const useEnregistrerPerimetre = (idSecteur: number) =>
  useEcriture(
    (saisie: PerimetreSaisie) => lireJson(`secteur/${idSecteur}/perimetre`, resultatPerimetreSchema, { methode: 'PUT', corps: saisie }),
    {
      aRelire: () => [clesSecteur.perimetres, clesSecteur.detail(idSecteur), clesSecteur.listes],
      succes: (r) => SECTEUR_PERIMETRE_SUCCES(r.adressesModifiees, r.adressesSansSecteur),
    },
  );
