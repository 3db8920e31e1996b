import {
  debarrasCibleSchema,
  debarrasLigneSchema,
  debarrasSchema,
  doublonsSchema,
  journalSchema,
  liaisonSchema,
  reactivationSchema,
  reponseDoublonsSchema,
  reponseLiaisonSchema,
  RECHERCHE_RAPIDE,
  type Debarras,
  type DebarrasSaisie,
  type ReponseDoublons,
} from '@debarras/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesLevee } from '../../entites/levee/cles';
import { urlApi } from '../../lib/base';
import { META_CAPACITE } from '../../lib/capacite';
import { appeler, lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';

// Détail

const lireDebarras = (id: number) => lireJson(`debarras/${id}`, debarrasSchema);

const requeteDebarras = (id: number | undefined) =>
  queryOptions({ queryKey: clesDebarras.detail(id), queryFn: () => lireDebarras(id!), enabled: id !== undefined });

export const useDebarras = (id: number | undefined) => useQuery(requeteDebarras(id));

const requeteJournal = (id: number) =>
  queryOptions({ queryKey: clesDebarras.journal(id), queryFn: () => lireJson(`debarras/${id}/journal`, z.array(journalSchema)) });

export const useJournal = (id: number, actif: boolean) => useQuery({ ...requeteJournal(id), enabled: actif });

/** `POST /debarras/doublons`: the similar débarras, or null (204) when there is none. */
export const useChercherDoublons = () =>
  useMutation({
    mutationFn: async (corps: z.input<typeof doublonsSchema>): Promise<ReponseDoublons | null> => {
      const reponse = await appeler('debarras/doublons', { methode: 'POST', corps });
      return reponse.status === 204 ? null : reponseDoublonsSchema.parse(await reponse.json());
    },
  });

/**
 * A changed débarras is shown from the server's answer; débarras lists and its journal are read
 * again, and the levées, whose counts it changed.
 */
const useActionDebarras = <E, R extends Debarras>(appel: (entree: E) => Promise<R>, meta?: typeof META_CAPACITE) =>
  useEcriture(appel, {
    detail: (debarras: R) => clesDebarras.detail(debarras.idDebarras),
    aRelire: (debarras: R) => [clesDebarras.listes, clesDebarras.journal(debarras.idDebarras), clesLevee.tout],
    meta,
  });

/** `POST /debarras`, with `force=true` once staff confirmed going over the levée's capacity. */
export const useEnregistrerDebarras = () =>
  useActionDebarras(
    ({ saisie, force }: { saisie: DebarrasSaisie; force: boolean }) =>
      lireJson(`debarras${force ? '?force=true' : ''}`, debarrasSchema, { methode: 'POST', corps: saisie }),
    META_CAPACITE,
  );

export const useReactiverDebarras = () =>
  useActionDebarras((cible: z.input<typeof debarrasCibleSchema>) =>
    lireJson('debarras/reactiver', reactivationSchema, { methode: 'POST', corps: cible }),
  );

// Liste et sélection

export const CLE_ETAT_LISTE = 'debarrasListe';
export const CHEMIN_EXPORT = 'debarras/export/';

export const listerDebarras = (requete: RequeteListe) => lirePage('debarras/', rechercheListe(requete), debarrasLigneSchema);

export const useSupprimerDebarras = () =>
  useActionDebarras((cible: z.input<typeof debarrasCibleSchema>) =>
    lireJson('debarras/supprimer', debarrasSchema, { methode: 'POST', corps: cible }),
  );

/**
 * `POST /debarras/link`, with `force=true` once staff confirmed going over the levée's capacity.
 * Débarras and levée counts both change: every débarras and levée query is read again.
 */
export const useRattacherSelection = () =>
  useEcriture(
    ({ liaison, force }: { liaison: z.input<typeof liaisonSchema>; force: boolean }) =>
      lireJson(`debarras/link${force ? '?force=true' : ''}`, reponseLiaisonSchema, { methode: 'POST', corps: liaison }),
    { aRelire: () => [clesDebarras.tout, clesLevee.tout], meta: META_CAPACITE },
  );

/** « Imprimer »: the débarras as a one-page PDF, opened in a new tab. */
export const urlImpressionDebarras = (idDebarras: number) => urlApi(`debarras/print/?id=${idDebarras}`);

// Recherche rapide

const rechercherDebarras = (q: string) => lireJson(`debarras/recherche?q=${encodeURIComponent(q)}`, z.array(debarrasLigneSchema));

/** `GET /debarras/recherche`, the same for the answers as they are typed and for Enter. */
export const requeteRechercheRapide = (terme: string) =>
  queryOptions({ queryKey: clesDebarras.recherche(terme), queryFn: () => rechercherDebarras(terme), meta: { erreurSurPlace: true } });

/** The quick search's answers, once `terme` is long enough. */
export const useRechercheRapide = (terme: string) =>
  useQuery({ ...requeteRechercheRapide(terme), enabled: terme.length >= RECHERCHE_RAPIDE.min });
