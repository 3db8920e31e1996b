// « À replanifier » (docs/regles.md « À replanifier »): the move of the débarras the crews left on the pavement to a
// later levée, never over its capacity.
import {
  ajouterJours,
  DEBARRAS_MESSAGES,
  LEVEE_MESSAGES,
  refusLevee,
  REPLANIFICATION_MESSAGES,
  tientDansLeMax,
  type MotifNonLeve,
} from '@debarras/domain';
import type { Transaction, Tx } from '../../db/client.js';
import { capaciteDepassee, introuvable, saisieInvalide } from '../../erreurs.js';
import { avecPlace, verrouiller as verrouillerLevee, verrouillerSiLibre, type LigneLevee } from '../levee/index.js';
import { trouverParLibelleSansCasse } from '../secteur/index.js';
import * as aReplanifier from './aReplanifier.js';
import * as repo from './repo.js';

/** How many levées of a sector, one after the other, a débarras may be tried on before it is said to find no place. */
const LEVEES_ESSAYEES = 20;

/** A débarras moved, with what the e-mail to its requester says. */
export interface Replanifie {
  idDebarras: number;
  numero: string;
  idLevee: number;
  dateLevee: string;
  ancienneDate: string;
  motif: MotifNonLeve;
  email: string | null;
  nomPersonne: string | null;
  adresse: string;
}

export interface Replanifies {
  deplaces: Replanifie[];
  nonDeplaces: Array<{ idDebarras: number; numero: string; message: string }>;
}

/** The sector a débarras goes back to: its standard levée's, else its address's. */
async function secteurDe(tx: Tx, l: { secteurId: number | null }, d: repo.LigneDebarras): Promise<number | undefined> {
  if (l.secteurId !== null) return l.secteurId;
  return d.secteurAdresse ? (await trouverParLibelleSansCasse(tx, d.secteurAdresse))?.idSecteur : undefined;
}

/**
 * The first of the sector's standard levées from `depuis` on with a place left for one more, other than the one the
 * débarras leaves, locked (the count is read again once the levée is locked: another clerk may have taken the place).
 * The débarras are locked already: a levée another request holds is passed over rather than waited for, since that
 * request may be attaching these very débarras to it (« Ajouter à une levée » locks the levée, then the débarras).
 */
async function prochaineAvecPlace(tx: Transaction, idSecteur: number, depuis: string, quittee: number): Promise<LigneLevee | undefined> {
  for (const { idLevee } of await avecPlace(tx, idSecteur, depuis, LEVEES_ESSAYEES + 1)) {
    if (idLevee === quittee) continue;
    const l = await verrouillerSiLibre(tx, idLevee);
    if (l && tientDansLeMax(l.nbDebarrasMax, (await repo.places(tx, idLevee)).actifs, 1)) return l;
  }
  return undefined;
}

/**
 * Moves the débarras to plan again, in one transaction: each to the levée chosen (all of them fit, or none moves), else
 * to its sector's next standard levée with a place, from tomorrow on. Those not to plan again are left where they are
 * and said. A débarras a resident reported (`signale`) is moved whatever its crew said, and made ACTIF again if its
 * levée was archived. The débarras are locked in id order, then each levée as it is chosen.
 */
export async function replanifier(
  tx: Transaction,
  ids: number[],
  idLevee: number | undefined,
  par: string,
  jour: string,
  { signale = false }: { signale?: boolean } = {},
): Promise<Replanifies> {
  const uniques = [...new Set(ids)];
  const choisie = idLevee === undefined ? undefined : await verrouillerLevee(tx, idLevee);
  if (idLevee !== undefined && !choisie) throw introuvable(LEVEE_MESSAGES.introuvable);
  const verrouilles = await repo.verrouillerPlusieurs(tx, uniques);
  const lignes = new Map((await aReplanifier.parmi(tx, uniques, jour, signale)).map((l) => [l.debarras.idDebarras, l]));
  const resultat: Replanifies = { deplaces: [], nonDeplaces: [] };
  const aDeplacer = verrouilles
    .filter((d) => {
      if (lignes.has(d.idDebarras) && d.idLevee !== idLevee) return true;
      resultat.nonDeplaces.push({
        idDebarras: d.idDebarras,
        numero: d.numero,
        message: REPLANIFICATION_MESSAGES.pasAReplanifier(d.numero),
      });
      return false;
    })
    .sort((a, b) => a.numero.localeCompare(b.numero));
  if (choisie) {
    const refus = refusLevee(choisie, { par: 'personnel', nouvelle: true, sauvage: false, jour });
    if (refus === 'nonActive') throw saisieInvalide(DEBARRAS_MESSAGES.leveeNonActive);
    if (refus) throw saisieInvalide(REPLANIFICATION_MESSAGES.leveePassee);
    const libres = Math.max(0, choisie.nbDebarrasMax - (await repo.places(tx, choisie.idLevee)).actifs);
    if (aDeplacer.length > libres) throw capaciteDepassee(REPLANIFICATION_MESSAGES.pasDePlace(libres));
  }
  for (const d of aDeplacer) {
    const ligne = lignes.get(d.idDebarras)!;
    let cible = choisie;
    if (!cible) {
      const idSecteur = await secteurDe(tx, ligne.levee, d);
      if (idSecteur === undefined) {
        resultat.nonDeplaces.push({ idDebarras: d.idDebarras, numero: d.numero, message: REPLANIFICATION_MESSAGES.sansSecteur(d.numero) });
        continue;
      }
      cible = await prochaineAvecPlace(tx, idSecteur, ajouterJours(jour, 1), d.idLevee);
      if (!cible) {
        resultat.nonDeplaces.push({ idDebarras: d.idDebarras, numero: d.numero, message: REPLANIFICATION_MESSAGES.aucunePlace(d.numero) });
        continue;
      }
    }
    await repo.rattacher(tx, [d.idDebarras], cible.idLevee, par);
    await repo.journaliser(tx, [d.idDebarras], 'REAFFECTATION', par);
    // archived with its levée, yet reported: it is to collect again
    if (d.statut === 'ARCHIVE') {
      await repo.modifierPlusieurs(tx, [d.idDebarras], { statut: 'ACTIF' }, par);
      await repo.journaliser(tx, [d.idDebarras], 'REACTIVATION', par);
    }
    resultat.deplaces.push({
      idDebarras: d.idDebarras,
      numero: d.numero,
      idLevee: cible.idLevee,
      dateLevee: cible.dateLevee,
      ancienneDate: ligne.levee.dateLevee,
      motif: aReplanifier.motif(ligne.code),
      email: d.email,
      nomPersonne: d.nomPersonne,
      adresse: d.adresse,
    });
  }
  return resultat;
}
