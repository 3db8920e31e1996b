import {
  ADRESSE_EXCEPTION_MESSAGES,
  type Adresse,
  type AdresseException,
  type adresseExceptionCopieSchema,
  type adresseExceptionSaisieSchema,
  type Page,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { doublon, estViolationUnicite, saisieInvalide } from '../../erreurs.js';
import { trouver as trouverAdresse } from '../adresse/index.js';
import { gestionnaireCarte } from '../parametre/index.js';
import * as repo from './repo.js';

const M = ADRESSE_EXCEPTION_MESSAGES;

type Saisie = z.output<typeof adresseExceptionSaisieSchema>;
type Copie = z.output<typeof adresseExceptionCopieSchema>[number];

export const lister = (db: Db, q: repo.RequeteAdressesExceptions): Promise<Page<AdresseException>> => repo.liste.page(db, q);

export const lotsExport = (db: Db, q: repo.RequeteAdressesExceptions) => repo.liste.lots(db, q);

export const detail = async (db: Db, id: number): Promise<AdresseException> =>
  repo.versAdresseException(ouIntrouvable(await repo.trouver(db, id), M.introuvable));

/** What an exception says, whatever its address: the columns a saisie and each copy set. */
const contenu = (e: Saisie | Copie) => ({
  remarqueInterne: e.remarqueInterne,
  remarquePublique: e.remarquePublique,
  remarqueTravaux: e.remarqueTravaux,
  dateDebutTravaux: e.dateDebutTravaux,
  dateFinTravaux: e.dateFinTravaux,
  xDepot: e.xdepot,
  yDepot: e.ydepot,
  xTravaux: e.xtravaux,
  yTravaux: e.ytravaux,
  actif: repo.actifDe(e.statut),
});

/** The address as the register has it: an exception keeps the register's label, never the one typed. */
async function adresseDuRegistre(tx: Tx, idpAdr: string): Promise<Adresse> {
  const adresse = await trouverAdresse(tx, idpAdr);
  if (!adresse) throw saisieInvalide(M.adresseInconnue(idpAdr));
  return adresse;
}

/** One exception per address (docs/regles.md « Validation d'une adresse exception »): DOUBLON naming the first address that has one. */
async function refuserAdressesPrises(tx: Tx, adresses: readonly Adresse[]) {
  const prises = new Set(
    (
      await repo.deCesAdresses(
        tx,
        adresses.map((a) => a.idpAdr),
      )
    ).map((e) => e.idpAdr),
  );
  const prise = adresses.find((a) => prises.has(a.idpAdr));
  if (prise) throw doublon(M.adresseExistante(prise.adresse));
}

/**
 * Writes exceptions for addresses checked free: when a concurrent request took one of them in
 * between, the unique index refuses the write, and the refusal names that address all the same.
 */
async function ecrireSurAdressesLibres<T>(db: Db, adresses: readonly Adresse[], ecrire: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await refuserAdressesPrises(tx, adresses);
      return ecrire(tx);
    });
  } catch (erreur) {
    if (estViolationUnicite(erreur)) await refuserAdressesPrises(db, adresses);
    throw erreur;
  }
}

/** Creates the exception of an address of the register, or updates one (`id` + `version`) on the same address. */
export async function enregistrer(db: Db, s: Saisie, par: string): Promise<AdresseException> {
  if (s.id === undefined) {
    const adresse = await adresseDuRegistre(db, s.idpadr);
    const cree = await ecrireSurAdressesLibres(db, [adresse], (tx) =>
      repo.ecritures.inserer(tx, { idpAdr: adresse.idpAdr, adresse: adresse.adresse, ...contenu(s) }, par),
    );
    return repo.versAdresseException(cree);
  }
  const actuel = ouIntrouvable(await repo.trouver(db, s.id), M.introuvable);
  if (actuel.idpAdr !== s.idpadr) throw saisieInvalide(M.adresseNonModifiable);
  return repo.versAdresseException(await repo.ecritures.modifier(db, s.id, s.version, contenu(s), par));
}

/** Deletes the exception at the version the user read; answers it, for the success message. */
export async function supprimer(db: Db, id: number, version: number): Promise<AdresseException> {
  return repo.versAdresseException(await repo.ecritures.supprimer(db, id, version));
}

/**
 * `POST /adresseexception/clone`: one exception per chosen address, all or nothing. An address
 * unknown to the register, chosen twice, of another manager than `carte.gestionnaire`, or already
 * having an exception refuses the whole call.
 */
export async function copier(db: Db, copies: readonly Copie[], par: string): Promise<AdresseException[]> {
  const gestionnaire = await gestionnaireCarte(db);
  const adresses: Adresse[] = [];
  for (const c of copies) {
    const adresse = await adresseDuRegistre(db, c.idpadr);
    if (adresses.some((a) => a.idpAdr === adresse.idpAdr)) throw saisieInvalide(M.copieEnDouble(adresse.adresse));
    // the map only picks the configured manager's addresses; one that names no manager passes, as in the address search
    if (gestionnaire && adresse.gestionnaire && adresse.gestionnaire !== gestionnaire)
      throw saisieInvalide(M.autreGestionnaire(adresse.adresse, gestionnaire));
    adresses.push(adresse);
  }
  const creees = await ecrireSurAdressesLibres(db, adresses, (tx) =>
    repo.insererPlusieurs(
      tx,
      copies.map((c, i) => ({ idpAdr: adresses[i]!.idpAdr, adresse: adresses[i]!.adresse, ...contenu(c) })),
      par,
    ),
  );
  const rang = new Map(adresses.map((a, i) => [a.idpAdr, i]));
  return creees.sort((a, b) => rang.get(a.idpAdr)! - rang.get(b.idpAdr)!).map(repo.versAdresseException);
}

/** The address's exception, active or not, or null. */
export async function parIdpadr(db: Db, idpAdr: string): Promise<AdresseException | null> {
  const ligne = await repo.trouverParIdpadr(db, idpAdr);
  return ligne ? repo.versAdresseException(ligne) : null;
}

export const existe = async (db: Db, idpAdr: string) => (await repo.trouverParIdpadr(db, idpAdr)) !== undefined;

export const idpadrActifs = (db: Db) => repo.idpadrActifs(db);

/** The ACTIVE exceptions of the addresses a map shows. */
export const etendue = async (tx: Tx, idpAdrs: readonly string[]) =>
  (await repo.activesDe(tx, [...new Set(idpAdrs)])).map(repo.versAdresseException);

/** The ACTIVE exceptions of these addresses, by idpadr: the route sheets print their depot point remark. */
export const exceptionsActives = async (tx: Tx, idpAdrs: readonly string[]) =>
  new Map((await etendue(tx, idpAdrs)).map((e) => [e.idpadr, e]));
