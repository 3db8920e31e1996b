// The débarras of the récurrences (docs/regles.md « Récurrences »): created on the levées the récurrence job
// locked, carried along when their récurrence changes or moves, counted while still to collect.
import type { Transaction, Tx } from '../../db/client.js';
import * as repo from './repo.js';

/** What a récurrence gives each débarras it creates on a levée (docs/regles.md « Débarras récurrents »). */
export interface DebarrasRecurrent {
  adresse: { idpAdr: string; adresse: string; secteur: string | null };
  nomPersonne: string | null;
  telephone: string | null;
  email: string | null;
  remarqueLieu: string | null;
  remarqueObjet: string | null;
  /** What the address's exception says for that levée's date (`exceptionPourLevee`), as the form applies it. */
  precisionLieu: string | null;
  travaux: string | null;
  inclurePrecisionLieu: boolean;
  pointDepotX: number | null;
  pointDepotY: number | null;
  objets: Array<{ idObjet: number; quantite: number; remarque: string | null }>;
}

/**
 * For the récurrence module: its débarras on a levée the caller locked (`verrouiller` of the levée
 * module), in the caller's transaction. Each is ACTIF, recurrent, ECRIT, numbered, with its journal
 * CREATION by `par`. A full levée takes them all the same (the commitment was made ahead): the answer
 * says how many places were taken before, for the caller to report an overflow. Ids in the order given.
 */
export async function creerRecurrents(tx: Tx, idLevee: number, demandes: readonly DebarrasRecurrent[], jour: string, par: string) {
  const occupeesAvant = (await repo.places(tx, idLevee)).actifs;
  const numeros = await repo.prendreNumeros(tx, Number(jour.slice(0, 4)), demandes.length);
  const parNumero = await repo.insererPlusieurs(
    tx,
    demandes.map(({ adresse, objets: _objets, ...d }, i) => ({
      ...d,
      idpAdr: adresse.idpAdr,
      adresse: adresse.adresse,
      secteurAdresse: adresse.secteur,
      idLevee,
      numero: numeros[i]!,
      statut: 'ACTIF',
      typeDemande: 'ECRIT',
      recurrent: true,
      createdBy: par,
      lastModifiedBy: par,
    })),
  );
  const ids = numeros.map((n) => parNumero.get(n)!);
  await repo.insererObjets(
    tx,
    demandes.flatMap((d, i) => d.objets.map((o) => ({ ...o, idDebarras: ids[i]! }))),
    par,
  );
  await repo.journaliser(tx, ids, 'CREATION', par);
  return { ids, occupeesAvant };
}

/** What a récurrence gives each of its débarras besides the address and the levée. */
export type ContenuRecurrent = Pick<DebarrasRecurrent, 'nomPersonne' | 'telephone' | 'email' | 'remarqueLieu' | 'remarqueObjet' | 'objets'>;

/**
 * A récurrence's changed requester, objects and remarks carried to those of its débarras still to collect
 * (docs/regles.md « Récurrences »), in the caller's transaction: each locked, stamped and journaled as a
 * modification. Their levée and capacity do not change. Returns how many took the change.
 */
export async function appliquerRecurrence(tx: Transaction, ids: readonly number[], contenu: ContenuRecurrent, jour: string, par: string) {
  const aModifier = await repo.aCollecter(tx, ids, jour, true);
  const { objets, ...champs } = contenu;
  await repo.modifierPlusieurs(tx, aModifier, champs, par);
  for (const idDebarras of aModifier) await repo.remplacerObjets(tx, idDebarras, objets, par);
  await repo.journaliser(tx, aModifier, 'MODIFICATION', par);
  return aModifier.length;
}

/**
 * A récurrence moved to another address, its débarras still to collect to follow it: they are deleted (journal
 * SUPPRESSION), for the récurrence to create them again at the new address, with its sector's levées and its
 * exception (docs/regles.md « Récurrences »). Answers their ids.
 */
export async function retirerRecurrents(tx: Transaction, ids: readonly number[], jour: string, par: string) {
  const aRetirer = await repo.aCollecter(tx, ids, jour, true);
  await repo.modifierPlusieurs(tx, aRetirer, { statut: 'SUPPRIME' }, par);
  await repo.journaliser(tx, aRetirer, 'SUPPRESSION', par);
  return aRetirer;
}

/** How many of these débarras are still to collect. */
export const combienACollecter = async (tx: Tx, ids: readonly number[], jour: string) => (await repo.aCollecter(tx, ids, jour)).length;
