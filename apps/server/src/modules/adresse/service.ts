import {
  ADRESSE_MESSAGES,
  analyserRechercheAdresse,
  CARTE,
  CARTE_MESSAGES,
  type AdresseCarte,
  type Etendue,
  type RequeteRechercheAdresse,
  libelleAdresse,
  normaliserRecherche,
  RECHERCHE_ADRESSE,
  type Adresse,
  type RechercheAdresse,
  type RueCarte,
} from '@debarras/domain';
import { CacheBorne } from '../../cacheBorne.js';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { ErreurApplication } from '../../erreurs.js';
import { gestionnaireCarte } from '../parametre/index.js';
import * as repo from './repo.js';
import { tracerRues } from './rues.js';

/** An address as an import or the demo set provides it, before its derived columns. */
export type SaisieAdresse = Omit<Adresse, 'adresse'>;

const TAILLE_LOT = 1000;

/**
 * The streets traced for rounds' maps lately, by extent and stops, each kept 10 minutes: a day's sheets are
 * printed several times (each format, each recipient, a late change), and reading a sector's streets costs tens of
 * milliseconds on the embedded database. This process's changes to the register forget them at once
 * (`enregistrer`); an import by the command line shows on the maps within that delay.
 */
const ruesGardees = new CacheBorne<RueCarte[]>(200, 10 * 60_000);

/** The label and the search and sort columns, derived once when the address is stored. */
export function preparer(a: SaisieAdresse, par: string): repo.NouvelleAdresse {
  const adresse = libelleAdresse(a);
  return {
    ...a,
    adresse,
    // the postal code stays out: "servette 12" must not match every address in 1202
    recherche: normaliserRecherche(`${adresse} ${a.nomNpa}`),
    triVoie: normaliserRecherche(a.nomVoie),
    triNumero: a.noAdresse ? Number.parseInt(a.noAdresse, 10) || null : null,
    createdBy: par,
    lastModifiedBy: par,
  };
}

export interface OptionsEnregistrement {
  /** Columns the source does not carry: known addresses keep theirs. */
  conservees?: readonly repo.ColonneConservee[];
  /** Called after each batch with how many addresses are stored so far. */
  progression?: (faites: number) => void;
}

/** Stores addresses in batches, inserting new idpAdr and updating the known ones that differ. */
export async function enregistrer(tx: Tx, adresses: SaisieAdresse[], par: string, options: OptionsEnregistrement = {}) {
  ruesGardees.vider();
  const bilan = { inserees: 0, modifiees: 0 };
  for (let i = 0; i < adresses.length; i += TAILLE_LOT) {
    const lot = await repo.enregistrer(
      tx,
      adresses.slice(i, i + TAILLE_LOT).map((a) => preparer(a, par)),
      par,
      options.conservees,
    );
    bilan.inserees += lot.inserees;
    bilan.modifiees += lot.modifiees;
    options.progression?.(Math.min(i + TAILLE_LOT, adresses.length));
  }
  if (bilan.inserees + bilan.modifiees) await repo.ranger(tx);
  return bilan;
}

/** Typed words shorter than this, and numbers, are never corrected: too many words lie one letter away. */
const LONGUEUR_MIN_CORRIGEE = 4;
/** How many words of the register a mistyped word may stand for. */
const MOTS_PROCHES = 3;

/**
 * The search with each mistyped word (one that starts no word of the register) standing also for
 * the register's words closest to it; undefined when no word was mistyped.
 */
async function corriger(db: Db, r: RechercheAdresse): Promise<RechercheAdresse | undefined> {
  const aCorriger = r.mots.map(([tape = '']) => tape).filter((tape) => tape.length >= LONGUEUR_MIN_CORRIGEE && /^[a-z]+$/.test(tape));
  const proches = await repo.motsProches(db, aCorriger, MOTS_PROCHES);
  if (!proches.size) return undefined;
  return { ...r, mots: r.mots.map((variantes) => [...variantes, ...(proches.get(variantes[0]!) ?? [])]) };
}

/**
 * The type-ahead of every address picker (docs/regles.md « Recherche d'adresse »): at most `size`
 * addresses (200 by default), the best first, only those in `bbox` when the map's search box gives
 * its extent, and, given the served communes, only theirs and the `carte.gestionnaire` manager's
 * (an address that names no manager stays). Only when nothing starts with the words typed are
 * mistyped words corrected: a correct search never pays for it.
 */
export async function rechercher(
  db: Db,
  q: string,
  {
    size: limite = RECHERCHE_ADRESSE.resultatsMax,
    bbox,
    communes,
  }: Partial<Omit<RequeteRechercheAdresse, 'q'>> & { communes?: readonly number[] } = {},
): Promise<Adresse[]> {
  const recherche = analyserRechercheAdresse(q);
  if (!recherche.mots.length) return [];
  const desserte = communes && { communes, gestionnaire: await gestionnaireCarte(db) };
  const trouvees = await repo.rechercher(db, recherche, limite, bbox, desserte);
  if (trouvees.length) return trouvees.map(repo.versAdresse);
  const corrigee = await corriger(db, recherche);
  return corrigee ? (await repo.rechercher(db, corrigee, limite, bbox, desserte)).map(repo.versAdresse) : [];
}

/**
 * The register's points in a map view (docs/regles.md « Cartes »): a view holding more than
 * `CARTE.pointsEtendueMax` addresses is refused rather than cut, the map asks to zoom in.
 */
export async function dansEtendue(db: Db, etendue: Etendue): Promise<AdresseCarte[]> {
  const points = await repo.dansEtendue(db, etendue, CARTE.pointsEtendueMax + 1);
  if (points.length > CARTE.pointsEtendueMax) throw new ErreurApplication('ETENDUE_TROP_GRANDE', CARTE_MESSAGES.etendueTropGrande);
  return points;
}

/**
 * The streets of a view are drawn from at most this many numbered addresses: more than the points' 5000, since
 * the lines show from the same 1:5000 over a view widened by a margin; each address gives at most one vertex.
 */
export const ADRESSES_RUES_MAX = 10_000;

/**
 * The streets of a map view drawn from the register's addresses, for a map without a plan service
 * (docs/decisions.md « Cartes »). Like the points, a view of more than `ADRESSES_RUES_MAX` numbered
 * addresses is refused rather than cut: a cut would drop streets, or parts of them, at random.
 */
export async function ruesDansEtendue(db: Db, etendue: Etendue): Promise<RueCarte[]> {
  const adresses = await repo.adressesDeRues(db, etendue, ADRESSES_RUES_MAX + 1);
  if (adresses.length > ADRESSES_RUES_MAX) throw new ErreurApplication('ETENDUE_TROP_GRANDE', CARTE_MESSAGES.etendueTropGrande);
  return tracerRues(adresses);
}

/**
 * The streets of a round's stops within its map's extent, drawn from the register's addresses (docs/regles.md
 * « Feuilles de route »): the streets the crew drives to, not every street of the extent, which at a sector's scale
 * would be tens of thousands of addresses to read and trace for each levée of the day. Beyond `ADRESSES_RUES_MAX`
 * addresses, none.
 */
export async function ruesDesArrets(db: Db, etendue: Etendue, idpAdrs: string[]): Promise<RueCarte[]> {
  if (!idpAdrs.length) return [];
  const e = etendue;
  const cle = `${[e.xMin, e.yMin, e.xMax, e.yMax].map(Math.round).join(',')}|${[...new Set(idpAdrs)].sort().join(',')}`;
  const gardees = ruesGardees.lire(cle);
  if (gardees) return gardees;
  const adresses = await repo.adressesDesRuesDe(db, idpAdrs, ADRESSES_RUES_MAX + 1);
  // a street of the stops goes on beyond the map: only its stretch within is traced
  return ruesGardees.garder(
    cle,
    adresses.length > ADRESSES_RUES_MAX
      ? []
      : tracerRues(adresses.filter((a) => a.x >= e.xMin && a.x <= e.xMax && a.y >= e.yMin && a.y <= e.yMax)),
  );
}

/**
 * The addresses a click picks to clone an exception onto (docs/regles.md « Cartes »): within
 * `CARTE.tolerancePointage` metres, managed by the `carte.gestionnaire` parameter's manager, nearest first.
 */
export async function proches(db: Db, x: number, y: number): Promise<AdresseCarte[]> {
  const gestionnaire = await gestionnaireCarte(db);
  return gestionnaire ? repo.proches(db, x, y, CARTE.tolerancePointage, gestionnaire) : [];
}

/** The address of the register, if it is there. */
export const trouver = async (tx: Tx, idpAdr: string): Promise<Adresse | undefined> => {
  const ligne = await repo.trouver(tx, idpAdr);
  return ligne && repo.versAdresse(ligne);
};

export const detail = async (db: Db, idpAdr: string): Promise<Adresse> =>
  repo.versAdresse(ouIntrouvable(await repo.trouver(db, idpAdr), ADRESSE_MESSAGES.introuvable));
