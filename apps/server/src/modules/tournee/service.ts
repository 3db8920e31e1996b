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
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Transaction } from '../../db/client.js';
import { conflitVersion, etatInvalide, saisieInvalide } from '../../erreurs.js';
import { arretsDesLevees, type ArretDebarras } from '../debarras/index.js';
import { enregistrerOrdreTournee, etatTournee, verrouiller } from '../levee/index.js';
import { reglagesTournee } from '../parametre/index.js';
import { matriceDroite, matriceRoutiere, RoutageEnEchec, type Point } from './distances.js';
import { longueurTournee, ordreOptimal, placeLaMoinsChere, type MatriceDistances } from './optimisation.js';

/** `avertir`: where a depot that does not read or a routing service that fails is said (the request's log). */
export interface OptionsTournee {
  avertir?: (message: string) => void;
}

type Reglages = Awaited<ReturnType<typeof reglagesTournee>>;
type ArretPlace = ArretDebarras & Point;

const estPlace = (a: ArretDebarras): a is ArretPlace => a.x !== null && a.y !== null;

/** A levée's round (docs/regles.md « Ordre de la tournée »). */
export async function tournee(db: Db, idLevee: number, options: OptionsTournee = {}): Promise<Tournee> {
  const etat = ouIntrouvable(await etatTournee(db, idLevee), LEVEE_MESSAGES.introuvable);
  return calculer(await arretsDesLevees(db, [idLevee]), etat.ordreManuel, await reglagesTournee(db), options);
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

async function calculer(
  arrets: ArretDebarras[],
  ordreManuel: number[] | null,
  reglages: Reglages,
  options: OptionsTournee,
): Promise<Tournee> {
  if (reglages.depotInvalide) options.avertir?.(reglages.depotInvalide);
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
  const ordre = ordreManuel ? suivreOrdreManuel(distances, places, ordreManuel) : ordreOptimal(distances);
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
