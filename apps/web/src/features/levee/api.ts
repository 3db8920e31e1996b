import {
  debarrasLigneSchema,
  indisponibiliteSchema,
  leveeModificationSchema,
  leveeSchema,
  leveeSupplementaireSchema,
  type Levee,
  type ReponseIndisponibilite,
} from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';

export const CLE_LISTE = 'leveeListe';
export const CHEMIN_EXPORT = 'levee/export/';

export const listerLevees = (requete: RequeteListe) => lirePage('levee/', rechercheListe(requete), leveeSchema);

export const cleDebarrasDeLaLevee = (idLevee: number) => `leveeDebarras:${idLevee}`;

/** The débarras attached to a round: the débarras list, filtered on the levée (its detail's table). */
export const listerDebarrasDeLaLevee = (idLevee: number) => (requete: RequeteListe) =>
  lirePage('debarras/', rechercheListe({ ...requete, filtres: { ...requete.filtres, idLevee } }), debarrasLigneSchema);

const lireLevee = (id: number) => lireJson(`levee/${id}`, leveeSchema);

export const useLevee = (id: number | undefined) =>
  useQuery({ queryKey: ['levee', id], queryFn: () => lireLevee(id!), enabled: id !== undefined });

/** Every sector label, active or not: the availability modal's picker. */
export const useLibellesSecteurs = (actif: boolean) =>
  useQuery({
    queryKey: ['secteur', 'labels'],
    queryFn: () => lireJson('secteur/labels', z.array(z.string())),
    enabled: actif,
    staleTime: 5 * 60_000,
  });

/** A changed round is shown from the server's answer, and the list is read again. */
function useActionLevee<E>(appel: (entree: E) => Promise<Levee>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: appel,
    onSuccess: (levee: Levee) => {
      client.setQueryData(['levee', levee.idLevee], levee);
      // archiving a round archives its débarras: its table is read again too
      return Promise.all([
        client.invalidateQueries({ queryKey: [CLE_LISTE] }),
        client.invalidateQueries({ queryKey: [cleDebarrasDeLaLevee(levee.idLevee)] }),
      ]);
    },
  });
}

const poster = (chemin: string) => (corps: unknown) => lireJson(chemin, leveeSchema, { methode: 'POST', corps });

export const useEnregistrerLevee = () => useActionLevee<z.input<typeof leveeModificationSchema>>(poster('levee'));
export const useCreerLeveeSupplementaire = () => useActionLevee<z.input<typeof leveeSupplementaireSchema>>(poster('levee'));
export const useArchiverLevee = () => useActionLevee<number>((idLevee) => poster('levee/archiver')({ idLevee }));
export const useSupprimerLevee = () => useActionLevee<number>((idLevee) => poster('levee/supprimer')({ idLevee }));

const reponseIndisponibiliteSchema: z.ZodType<ReponseIndisponibilite> = z.object({
  statut: z.enum(['0', '1']),
  message: z.string(),
  depassements: z.array(z.object({ dateLevee: z.string(), nbDebarras: z.number() })),
});

/** 'Modifier une disponibilité': many rounds change, so every cached round and list is read again. */
export function useChangerDisponibilite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saisie: z.input<typeof indisponibiliteSchema>) =>
      lireJson('levee/indisponibilite', reponseIndisponibiliteSchema, { methode: 'POST', corps: saisie }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [CLE_LISTE] }), client.invalidateQueries({ queryKey: ['levee'] })]),
  });
}
