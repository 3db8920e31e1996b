import {
  celluleCapaciteSchema,
  jourCapaciteSchema,
  destinataireSchema,
  envoiFeuillesSchema,
  dateIso,
  reponseEnvoiFeuillesSchema,
  type FormatImpression,
  indisponibiliteSchema,
  LEVEE_SUCCES,
  leveeCibleSchema,
  leveeModificationSchema,
  leveeSchema,
  leveeSupplementaireSchema,
  ordreTourneeSchema,
  reoptimiserTourneeSchema,
  reponseIndisponibiliteSchema,
  TOURNEE_MESSAGES,
  tourneeSchema,
  lienEquipeSchema,
  resultatDebarrasSchema,
  type Levee,
  type Tournee,
} from '@debarras/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clesDebarras } from '../../entites/debarras/cles';
import { clesDestinataire } from '../../entites/destinataire/cles';
import { clesLogEvenement } from '../../entites/logEvenement/cles';
import { clesLevee } from '../../entites/levee/cles';
import { urlApi } from '../../lib/base';
import { lireJson, lirePage } from '../../lib/http';
import { rechercheListe, type RequeteListe } from '../../lib/liste';
import { useEcriture } from '../../lib/mutations';

export const CLE_ETAT_LISTE = 'leveeListe';
export const CHEMIN_EXPORT = 'levee/export/';

export const listerLevees = (requete: RequeteListe) => lirePage('levee/', rechercheListe(requete), leveeSchema);

const lireLevee = (id: number) => lireJson(`levee/${id}`, leveeSchema);

const requeteLevee = (id: number | undefined) =>
  queryOptions({ queryKey: clesLevee.detail(id), queryFn: () => lireLevee(id!), enabled: id !== undefined });

export const useLevee = (id: number | undefined) => useQuery(requeteLevee(id));

/**
 * A changed round is shown from the server's answer; every levée query (lists, counts, the next
 * levées a débarras may take) is read again, and its débarras too: archiving archives them.
 */
const useActionLevee = <E>(chemin: string, succes: (levee: Levee) => string) =>
  useEcriture((corps: E) => lireJson(chemin, leveeSchema, { methode: 'POST', corps }), {
    succes,
    detail: (levee: Levee) => clesLevee.detail(levee.idLevee),
    aRelire: (levee: Levee) => [clesLevee.listes, clesLevee.actives, clesLevee.toutesProchaines, clesDebarras.deLaLevee(levee.idLevee)],
  });

export const useEnregistrerLevee = () => useActionLevee<z.input<typeof leveeModificationSchema>>('levee', LEVEE_SUCCES.miseAJour);
export const useCreerLeveeSupplementaire = () => useActionLevee<z.input<typeof leveeSupplementaireSchema>>('levee', LEVEE_SUCCES.ajoutee);
export const useArchiverLevee = () => useActionLevee<z.input<typeof leveeCibleSchema>>('levee/archiver', LEVEE_SUCCES.archivee);
export const useSupprimerLevee = () => useActionLevee<z.input<typeof leveeCibleSchema>>('levee/supprimer', LEVEE_SUCCES.supprimee);

/** 'Modifier une disponibilité': many rounds change, so every levée query is read again. */
export const useChangerDisponibilite = () =>
  useEcriture(
    (saisie: z.input<typeof indisponibiliteSchema>) =>
      lireJson('levee/indisponibilite', reponseIndisponibiliteSchema, { methode: 'POST', corps: saisie }),
    { aRelire: () => [clesLevee.tout] },
  );

/** « Imprimer les feuilles de route »: OK is offered only for a day with an ACTIF levée. */
const requeteNombreLeveesLe = (jour: string | null) =>
  queryOptions({ queryKey: clesLevee.nombreLe(jour), queryFn: () => lireJson(`levee/count/${jour}`, z.number()), enabled: Boolean(jour) });

export const useNombreLeveesLe = (jour: string | null) => useQuery(requeteNombreLeveesLe(jour));

/** The dialog's default day: the first with an ACTIF levée from `depuis` on, the next working day in practice. */
const requeteProchaineDateDeLevee = (depuis: string) =>
  queryOptions({ queryKey: clesLevee.prochaineDate(depuis), queryFn: () => lireJson(`levee/next/${depuis}`, dateIso().nullable()) });

export const useProchaineDateDeLevee = (depuis: string) => useQuery(requeteProchaineDateDeLevee(depuis));

/** The route sheets of a day in a format: the browser opens it in a new tab (PDF) or saves it (Word, Excel). */
export const urlFeuillesDeRoute = (jour: string, format: FormatImpression) =>
  urlApi(`levee/print/?${new URLSearchParams({ date: jour, type: format }).toString()}`);

/** How many recipients « Envoyer aux destinataires » would mail, for its confirmation. */
const requeteNombreDestinatairesActifs = queryOptions({
  queryKey: clesDestinataire.nombreActifs,
  queryFn: async () => (await lirePage('destinataire/', new URLSearchParams({ actif: '1', size: '1' }), destinataireSchema)).total,
});

export const useNombreDestinatairesActifs = (actif: boolean) => useQuery({ ...requeteNombreDestinatairesActifs, enabled: actif });

/** « Envoyer aux destinataires »: the sending is written to the messages. */
export const useEnvoyerFeuilles = () =>
  useEcriture(
    (saisie: z.input<typeof envoiFeuillesSchema>) =>
      lireJson('levee/print/envoi', reponseEnvoiFeuillesSchema, { methode: 'POST', corps: saisie }),
    { aRelire: () => [clesLogEvenement.tout] },
  );

/** A levée's round (docs/regles.md « Ordre de la tournée »). */
const requeteTournee = (idLevee: number) =>
  queryOptions({ queryKey: clesDebarras.tournee(idLevee), queryFn: () => lireJson(`levee/${idLevee}/tournee`, tourneeSchema) });

export const useTournee = (idLevee: number) => useQuery(requeteTournee(idLevee));

/**
 * A change of the round is a change of its levée (a new version): the round is shown from the answer, the levée read
 * again.
 */
const useEcritureTournee = <E>(idLevee: number, chemin: string, succes: string) =>
  useEcriture((corps: E) => lireJson(`levee/${idLevee}/${chemin}`, tourneeSchema, { methode: 'POST', corps }), {
    succes: () => succes,
    detail: (_: Tournee) => clesDebarras.tournee(idLevee),
    aRelire: () => [clesLevee.detail(idLevee)],
  });

export const useEnregistrerOrdreTournee = (idLevee: number) =>
  useEcritureTournee<z.input<typeof ordreTourneeSchema>>(idLevee, 'tournee', TOURNEE_MESSAGES.enregistree);
export const useReoptimiserTournee = (idLevee: number) =>
  useEcritureTournee<z.input<typeof reoptimiserTourneeSchema>>(idLevee, 'tournee/optimiser', TOURNEE_MESSAGES.reoptimisee);

/**
 * What the crews found on the levée. `enDirect`: read again every 5 seconds, so that a phone's sending shows within
 * 10 (docs/regles.md « Tournée des équipes ») while the levée is being collected.
 */
const requeteResultatsLevee = (idLevee: number, enDirect: boolean) =>
  queryOptions({
    queryKey: clesLevee.resultats(idLevee),
    queryFn: () => lireJson(`levee/${idLevee}/resultats`, z.array(resultatDebarrasSchema)),
    refetchInterval: enDirect ? 5_000 : false,
  });

export const useResultatsLevee = (idLevee: number, enDirect: boolean) => useQuery(requeteResultatsLevee(idLevee, enDirect));

/** « Nouveau lien équipe »: the levée's links revoked, a new one shown once. */
export const useNouveauLienEquipe = (idLevee: number) =>
  useEcriture(() => lireJson(`levee/${idLevee}/lien-equipe`, lienEquipeSchema, { methode: 'POST' }), {
    aRelire: () => [clesLogEvenement.tout],
  });

/**
 * `GET /capacite`: the board's cells, read again every 10 seconds and when the window comes back into view: a débarras
 * saved on another screen or by another clerk shows within 10 seconds (docs/regles.md « Tableau des capacités »).
 */
const requeteCapacite = (du: string, au: string) =>
  queryOptions({
    queryKey: clesLevee.capacite(du, au),
    queryFn: () => lireJson(`capacite?du=${du}&au=${au}`, z.array(celluleCapaciteSchema)),
    refetchInterval: 10_000,
    refetchOnWindowFocus: true,
  });

export const useCapacite = (du: string, au: string) => useQuery(requeteCapacite(du, au));

/** `GET /capacite/jours`: which days are worked, which are public holidays; they do not change while the board is open. */
const requeteJoursCapacite = (du: string, au: string) =>
  queryOptions({
    queryKey: clesLevee.joursCapacite(du, au),
    queryFn: () => lireJson(`capacite/jours?du=${du}&au=${au}`, z.array(jourCapaciteSchema)),
    staleTime: Infinity,
  });

export const useJoursCapacite = (du: string, au: string) => useQuery(requeteJoursCapacite(du, au));
