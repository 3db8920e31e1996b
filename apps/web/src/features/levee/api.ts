import {
  indisponibiliteSchema,
  leveeCibleSchema,
  leveeModificationSchema,
  leveeSchema,
  leveeSupplementaireSchema,
  reponseIndisponibiliteSchema,
  type Levee,
} from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesLevee } from '../../entites/levee/cles';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';

export const CLE_ETAT_LISTE = 'leveeListe';
export const CHEMIN_EXPORT = 'levee/export/';

export const listerLevees = (requete: RequeteListe) => lirePage('levee/', rechercheListe(requete), leveeSchema);

const lireLevee = (id: number) => lireJson(`levee/${id}`, leveeSchema);

export const useLevee = (id: number | undefined) =>
  useQuery({ queryKey: clesLevee.detail(id), queryFn: () => lireLevee(id!), enabled: id !== undefined });

/**
 * A changed round is shown from the server's answer; every levée query (lists, counts, the next
 * levées a débarras may take) is read again, and its débarras too: archiving archives them.
 */
const useActionLevee = <E>(chemin: string) =>
  useEcriture((corps: E) => lireJson(chemin, leveeSchema, { methode: 'POST', corps }), {
    detail: (levee: Levee) => clesLevee.detail(levee.idLevee),
    aRelire: (levee: Levee) => [
      clesLevee.listes,
      clesLevee.actives,
      [...clesLevee.tout, 'prochaines'],
      clesDebarras.deLaLevee(levee.idLevee),
    ],
  });

export const useEnregistrerLevee = () => useActionLevee<z.input<typeof leveeModificationSchema>>('levee');
export const useCreerLeveeSupplementaire = () => useActionLevee<z.input<typeof leveeSupplementaireSchema>>('levee');
export const useArchiverLevee = () => useActionLevee<z.input<typeof leveeCibleSchema>>('levee/archiver');
export const useSupprimerLevee = () => useActionLevee<z.input<typeof leveeCibleSchema>>('levee/supprimer');

/** 'Modifier une disponibilité': many rounds change, so every levée query is read again. */
export const useChangerDisponibilite = () =>
  useEcriture(
    (saisie: z.input<typeof indisponibiliteSchema>) =>
      lireJson('levee/indisponibilite', reponseIndisponibiliteSchema, { methode: 'POST', corps: saisie }),
    { aRelire: () => [clesLevee.tout] },
  );
