import {
  LEVEE_MESSAGES,
  peutModifierLevee,
  TOURNEE_MESSAGES,
  type MethodeTournee,
  type ordreTourneeSchema,
  type reoptimiserTourneeSchema,
  type StatutLevee,
  type Tournee,
} from '@debarras/domain';
import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { z } from 'zod';
import { CacheBorne } from '../../cacheBorne.js';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Transaction } from '../../db/client.js';
import { conflitVersion, etatInvalide, saisieInvalide } from '../../erreurs.js';
import { arretsDesLevees, type ArretDebarras } from '../debarras/index.js';
import { enregistrerOrdreTournee, etatTournee, ordresManuels, verrouiller } from '../levee/index.js';
import { reglagesTournee } from '../parametre/index.js';
import { matriceDroite, matriceRoutiere, RoutageEnEchec, type Point } from './distances.js';
import { longueurTournee, ordreOptimal, placeLaMoinsChere, type MatriceDistances } from './optimisation.js';

/** `avertir`: where a depot that does not read or a routing service that fails is said (the request's log). */
export interface OptionsTournee {
  avertir?: (message: string) => void;
}

/** Where a round starts and ends, and the routing service to ask, if any. */
export type ReglagesTournee = Pick<Awaited<ReturnType<typeof reglagesTournee>>, 'depot' | 'routageUrl'>;
type ArretPlace = ArretDebarras & Point;

const estPlace = (a: ArretDebarras): a is ArretPlace => a.x !== null && a.y !== null;

/** A levée's round (docs/regles.md « Ordre de la tournée »). */
export async function tournee(db: Db, idLevee: number, options: OptionsTournee = {}): Promise<Tournee> {
  const etat = ouIntrouvable(await etatTournee(db, idLevee), LEVEE_MESSAGES.introuvable);
  return calculer(await arretsDesLevees(db, [idLevee]), etat.ordreManuel, await lireReglages(db, options), options);
}

/**
 * The rounds of several levées, for the route sheets: the same as each one's `tournee`, but once the routing service
 * has failed, the levées after are measured in straight lines at once rather than each waiting for it in turn.
 */
export async function tourneesDesLevees(db: Db, idsLevees: number[], options: OptionsTournee = {}): Promise<Map<number, Tournee>> {
  const [arrets, ordres] = [await arretsDesLevees(db, idsLevees), await ordresManuels(db, idsLevees)];
  let reglages = await lireReglages(db, options);
  const abandonnerLeRoutage: OptionsTournee = {
    avertir: (message) => {
      reglages = { ...reglages, routageUrl: undefined };
      options.avertir?.(message);
    },
  };
  const tournees = new Map<number, Tournee>();
  for (const id of idsLevees) {
    // a round is computed in one go (tens of milliseconds): other requests are served between two of them
    if (tournees.size) await setImmediate();
    tournees.set(
      id,
      await calculer(
        arrets.filter((a) => a.idLevee === id),
        ordres.get(id) ?? null,
        reglages,
        abandonnerLeRoutage,
      ),
    );
  }
  return tournees;
}

async function lireReglages(db: Db, options: OptionsTournee): Promise<ReglagesTournee> {
  const { depotInvalide, ...reglages } = await reglagesTournee(db);
  if (depotInvalide) options.avertir?.(depotInvalide);
  return reglages;
}

/** « Enregistrer » an order set by hand: exactly the levée's active débarras that have a point, each once. */
export async function enregistrerOrdre(
  db: Db,
  idLevee: number,
  saisie: z.output<typeof ordreTourneeSchema>,
  par: string,
  options: OptionsTournee = {},
): Promise<Tournee> {
  await db.transaction(async (tx) => {
    await exigerModifiable(tx, idLevee, saisie.version);
    const attendus = new Set((await arretsDesLevees(tx, [idLevee])).filter(estPlace).map((a) => a.idDebarras));
    const donnes = new Set(saisie.ordre);
    if (donnes.size !== saisie.ordre.length || donnes.size !== attendus.size || saisie.ordre.some((id) => !attendus.has(id))) {
      throw saisieInvalide(TOURNEE_MESSAGES.ordreInvalide);
    }
    await enregistrerOrdreTournee(tx, idLevee, saisie.version, saisie.ordre, par);
  });
  return tournee(db, idLevee, options);
}

/** « Réoptimiser »: back to the computed order. */
export async function reoptimiser(
  db: Db,
  idLevee: number,
  saisie: z.output<typeof reoptimiserTourneeSchema>,
  par: string,
  options: OptionsTournee = {},
): Promise<Tournee> {
  await db.transaction(async (tx) => {
    await exigerModifiable(tx, idLevee, saisie.version);
    await enregistrerOrdreTournee(tx, idLevee, saisie.version, null, par);
  });
  return tournee(db, idLevee, options);
}

/**
 * The levée locked (a débarras added meanwhile waits for the order to be saved), at the version read and ACTIF: a
 * stale version is said first, since reloading answers the rest.
 */
async function exigerModifiable(tx: Transaction, idLevee: number, version: number) {
  const levee = ouIntrouvable(await verrouiller(tx, idLevee), LEVEE_MESSAGES.introuvable);
  if (levee.version !== version) throw conflitVersion(levee.lastModifiedBy, levee.lastModifiedDate);
  if (!peutModifierLevee({ statut: levee.statut as StatutLevee })) throw etatInvalide(TOURNEE_MESSAGES.nonActive);
}

/**
 * A round from its stops (in street order), its order set by hand if any, its depot and routing service: what the
 * route sheets' example and the bench compute without a database.
 */
export async function calculer(
  arrets: ArretDebarras[],
  ordreManuel: number[] | null,
  reglages: ReglagesTournee,
  options: OptionsTournee = {},
): Promise<Tournee> {
  // in street order, as read: the comparison's order, and the order in which newcomers to a manual order are placed
  const places = arrets.filter(estPlace);
  const points: Point[] = [reglages.depot, ...places];
  let methode: MethodeTournee = 'DROITE';
  let distances: MatriceDistances = matriceDroite(points);
  if (reglages.routageUrl && places.length) {
    try {
      distances = await matriceRoutiere(reglages.routageUrl, points);
      methode = 'ROUTIER';
    } catch (erreur) {
      if (!(erreur instanceof RoutageEnEchec)) throw erreur;
      options.avertir?.(TOURNEE_MESSAGES.routageEnEchec(erreur.message));
    }
  }
  const ordre = ordreManuel ? suivreOrdreManuel(distances, places, ordreManuel) : ordreCalcule(distances);
  return {
    depot: reglages.depot,
    methode,
    distanceMetres: Math.round(longueurTournee(distances, ordre)),
    distanceOrdreRuesMetres: Math.round(
      longueurTournee(
        distances,
        places.map((_, k) => k + 1),
      ),
    ),
    manuel: ordreManuel !== null,
    arrets: ordre.map((k, rang) => {
      const { idDebarras, numero, adresse, x, y } = places[k - 1]!;
      return { ordre: rang + 1, idDebarras, numero, adresse, x, y };
    }),
    sansCoordonnees: arrets.filter((a) => !estPlace(a)).map(({ idDebarras, numero, adresse }) => ({ idDebarras, numero, adresse })),
  };
}

/** The orders computed lately, by their distances (`ordreCalcule`). */
const ordresCalcules = new CacheBorne<readonly number[]>(500);

/**
 * The computed order of these distances, kept: the same distances always give the same order (docs/regles.md « Ordre de
 * la tournée »), and a round is read again and again — its levée's detail, each format of the day's sheets, each
 * recipient's e-mail — while the computation takes tens of milliseconds.
 */
function ordreCalcule(distances: MatriceDistances): number[] {
  const cle = createHash('sha256')
    .update(new Uint8Array(Float64Array.from(distances.flat()).buffer))
    .digest('base64');
  return [...(ordresCalcules.lire(cle) ?? ordresCalcules.garder(cle, ordreOptimal(distances)))];
}

/** Forgets the orders kept: the bench measures a day's first print, whose rounds are all to compute. */
export const oublierOrdresCalcules = () => ordresCalcules.vider();

/**
 * The order set by hand over the stops of now: one that left the levée is skipped, one that came is put where it
 * lengthens the round least, in street order.
 */
function suivreOrdreManuel(distances: MatriceDistances, places: ArretPlace[], ordreManuel: number[]): number[] {
  const point = new Map(places.map((a, k) => [a.idDebarras, k + 1]));
  const ordre = ordreManuel.map((id) => point.get(id)).filter((k): k is number => k !== undefined);
  const gardes = new Set(ordre);
  for (let k = 1; k <= places.length; k++) if (!gardes.has(k)) ordre.splice(placeLaMoinsChere(distances, ordre, k), 0, k);
  return ordre;
}
