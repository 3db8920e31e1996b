import {
  debarrasCibleSchema,
  debarrasLigneSchema,
  debarrasSchema,
  doublonsSchema,
  journalSchema,
  leveeSchema,
  liaisonSchema,
  objetSchema,
  reactivationSchema,
  type Debarras,
  type DebarrasSaisie,
} from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { appeler, lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

// Détail

const lireDebarras = (id: number) => lireJson(`debarras/${id}`, debarrasSchema);

export const useDebarras = (id: number | undefined) =>
  useQuery({ queryKey: ['debarras', id], queryFn: () => lireDebarras(id!), enabled: id !== undefined });

/** `GET /levee/next`: the levées a débarras of that sector may go to; a sauvage one may go today. */
export const leveesProchaines = (secteur: string, sauvage: boolean) =>
  lireJson(`levee/next?${new URLSearchParams({ secteur, sauvageurgent: String(sauvage) }).toString()}`, z.array(leveeSchema));

export const useLeveesProchaines = (secteur: string | null, sauvage: boolean, actif: boolean) =>
  useQuery({
    queryKey: ['levee', 'next', secteur, sauvage],
    queryFn: () => leveesProchaines(secteur!, sauvage),
    enabled: actif && Boolean(secteur),
  });

/** The objects staff may choose: active ones of type Objet, in display order. */
export const useObjetsChoisissables = (actif: boolean) =>
  useQuery({
    queryKey: ['objet', 'choisissables'],
    queryFn: async () =>
      (await lirePage('objet/', new URLSearchParams({ actif: '1', type: 'Objet', size: '500', sort: 'ordre,asc' }), objetSchema)).lignes,
    enabled: actif,
    staleTime: 5 * 60_000,
  });

export const useJournal = (id: number, actif: boolean) =>
  useQuery({
    queryKey: ['debarras', id, 'journal'],
    queryFn: () => lireJson(`debarras/${id}/journal`, z.array(journalSchema)),
    enabled: actif,
  });

/** `POST /debarras/doublons`: the server's message about similar débarras, or null (204) when there is none. */
export async function chercherDoublons(corps: z.input<typeof doublonsSchema>): Promise<string | null> {
  const reponse = await appeler('debarras/doublons', { methode: 'POST', corps });
  if (reponse.status === 204) return null;
  return z.object({ message: z.string() }).parse(await reponse.json()).message;
}

/** A changed débarras is shown from the server's answer; every débarras query (list, journal) is read again. */
function useActionDebarras<E, R extends Debarras>(appel: (entree: E) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: appel,
    onSuccess: (debarras: R) => {
      client.setQueryData(['debarras', debarras.idDebarras], debarras);
      return client.invalidateQueries({
        predicate: (q) =>
          String(q.queryKey[0]).startsWith('debarras') && !(q.queryKey.length === 2 && q.queryKey[1] === debarras.idDebarras),
      });
    },
  });
}

/** `POST /debarras`, with `force=true` once staff confirmed going over the levée's capacity. */
export const useEnregistrerDebarras = () =>
  useActionDebarras(({ saisie, force }: { saisie: DebarrasSaisie; force: boolean }) =>
    lireJson(`debarras${force ? '?force=true' : ''}`, debarrasSchema, { methode: 'POST', corps: saisie }),
  );

export const useReactiverDebarras = () =>
  useActionDebarras((cible: z.input<typeof debarrasCibleSchema>) =>
    lireJson('debarras/reactiver', reactivationSchema, { methode: 'POST', corps: cible }),
  );

// Liste et sélection

export const CLE_LISTE = 'debarrasListe';
export const CHEMIN_EXPORT = 'debarras/export/';

export const listerDebarras = (requete: RequeteListe) => lirePage('debarras/', rechercheListe(requete), debarrasLigneSchema);

export const useSupprimerDebarras = () =>
  useActionDebarras((cible: z.input<typeof debarrasCibleSchema>) =>
    lireJson('debarras/supprimer', debarrasSchema, { methode: 'POST', corps: cible }),
  );

/** `GET /levee/actif`: every ACTIF levée from today on, where a selection may go. */
export const useLeveesActives = (actif: boolean) =>
  useQuery({ queryKey: ['levee', 'actif'], queryFn: () => lireJson('levee/actif', z.array(leveeSchema)), enabled: actif });

/**
 * `POST /debarras/link`, with `force=true` once staff confirmed going over the levée's capacity.
 * Débarras and levée counts both change: every débarras and levée query is read again.
 */
export function useRattacherSelection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ liaison, force }: { liaison: z.input<typeof liaisonSchema>; force: boolean }) =>
      lireJson(`debarras/link${force ? '?force=true' : ''}`, z.object({ idLevee: z.number().int() }), { methode: 'POST', corps: liaison }),
    onSuccess: () => client.invalidateQueries({ predicate: (q) => /^(debarras|levee)/.test(String(q.queryKey[0])) }),
  });
}
