import {
  ajouterJours,
  formatJour,
  LEVEE_MESSAGES,
  peutArchiverLevee,
  peutModifierLevee,
  peutModifierMaxLevee,
  peutSupprimerLevee,
  type indisponibiliteSchema,
  type Levee,
  type leveeCibleSchema,
  type leveeModificationSchema,
  type leveeSupplementaireSchema,
  type ReponseIndisponibilite,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Transaction, Tx } from '../../db/client.js';
import { etatInvalide, saisieInvalide } from '../../erreurs.js';
import { archiverDeLaLevee, leveeDuDebarras } from '../debarras/index.js';
import { maxDebarrasLevee } from '../parametre/index.js';
import { trouverParLibelleSansCasse } from '../secteur/index.js';
import * as repo from './repo.js';

/** At most this many rounds are offered when choosing a levée for a débarras (docs/regles.md « Prochaines levées »). */
const PROCHAINES_MAX = 30;

export const lister = (db: Db, q: repo.RequeteLevees) => repo.page(db, q);
export const lotsExport = (db: Db, q: repo.RequeteLevees) => repo.lots(db, q);

async function exiger(tx: Tx, idLevee: number): Promise<Levee>;
async function exiger(tx: Transaction, idLevee: number, verrouiller: boolean): Promise<Levee>;
async function exiger(tx: Tx, idLevee: number, verrouiller = false) {
  const levee = verrouiller ? await repo.trouver(tx as Transaction, idLevee, true) : await repo.trouver(tx, idLevee);
  return ouIntrouvable(levee, LEVEE_MESSAGES.introuvable);
}

export const detail = (db: Db, idLevee: number): Promise<Levee> => exiger(db, idLevee);

export const duDebarras = (db: Db, idDebarras: number): Promise<Levee> => leveeDuDebarras(db, idDebarras);

/** 'Ajouter une levée supplémentaire': ACTIF, supplementary, without a sector, today or later. */
export async function creerSupplementaire(db: Db, s: z.output<typeof leveeSupplementaireSchema>, par: string, jour: string) {
  if (s.dateLevee < jour) throw saisieInvalide(LEVEE_MESSAGES.datePassee);
  const creee = await repo.ecritures.inserer(
    db,
    { dateLevee: s.dateLevee, nom: s.name, supplementaire: 1, nbDebarrasMax: s.nbDebarrasMax, statut: 'ACTIF' },
    par,
  );
  return exiger(db, creee.idLevee);
}

/** The detail's save: the km of an ACTIF round, and the max of a supplementary one. */
export async function modifier(db: Db, m: z.output<typeof leveeModificationSchema>, par: string): Promise<Levee> {
  return db.transaction(async (tx) => {
    const actuelle = await exiger(tx, m.idLevee, true);
    if (!peutModifierLevee(actuelle)) throw etatInvalide(LEVEE_MESSAGES.nonActive);
    const changeMax = m.nbDebarrasMax !== undefined && m.nbDebarrasMax !== actuelle.nbDebarrasMax;
    if (changeMax && !peutModifierMaxLevee(actuelle)) throw saisieInvalide(LEVEE_MESSAGES.maxStandard);
    const changeKm = m.kilometrage !== undefined && m.kilometrage !== actuelle.kilometrage;
    // nothing changed, nothing written: no new version (docs/regles.md « Cycle de vie d'une levée »)
    if (!changeMax && !changeKm && m.version === actuelle.version) return actuelle;
    // a km left out of the body stays as it is; null clears it
    const valeurs = {
      ...(m.kilometrage !== undefined ? { kilometrage: m.kilometrage } : {}),
      ...(changeMax ? { nbDebarrasMax: m.nbDebarrasMax } : {}),
    };
    await repo.ecritures.modifier(tx, m.idLevee, m.version, valeurs, par);
    return exiger(tx, m.idLevee);
  });
}

async function changerStatut(tx: Tx, cible: z.output<typeof leveeCibleSchema>, statut: 'ARCHIVE' | 'SUPPRIME', par: string) {
  await repo.ecritures.modifier(tx, cible.idLevee, cible.version, { statut }, par);
  return exiger(tx, cible.idLevee);
}

/** ACTIF to ARCHIVE, for a round dated today or earlier, with its ACTIF débarras in the same transaction. */
export async function archiver(db: Db, cible: z.output<typeof leveeCibleSchema>, par: string, jour: string): Promise<Levee> {
  return db.transaction(async (tx) => {
    const l = await exiger(tx, cible.idLevee, true);
    if (!peutArchiverLevee(l, jour)) throw etatInvalide(LEVEE_MESSAGES.archivageImpossible);
    await archiverDeLaLevee(tx, cible.idLevee, par);
    return changerStatut(tx, cible, 'ARCHIVE', par);
  });
}

/** ACTIF to SUPPRIME, only for a supplementary round without débarras to collect (docs/regles.md « Cycle de vie d'une levée »). */
export async function supprimer(db: Db, cible: z.output<typeof leveeCibleSchema>, par: string): Promise<Levee> {
  return db.transaction(async (tx) => {
    const l = await exiger(tx, cible.idLevee, true);
    if (!peutSupprimerLevee(l)) throw etatInvalide(LEVEE_MESSAGES.suppressionImpossible);
    return changerStatut(tx, cible, 'SUPPRIME', par);
  });
}

/**
 * The ACTIF rounds of today and later, to attach a selection of débarras to: all of them (the
 * planning horizon bounds their number).
 */
export const actives = (db: Db, jour: string) => repo.prochaines(db, { depuis: jour });

export const compterLe = (db: Db, jour: string) => repo.compterActivesLe(db, jour);
export const prochaineDate = (db: Db, jour: string) => repo.prochaineDateActive(db, jour);

async function secteurExistant(tx: Tx, libelle: string) {
  const s = await trouverParLibelleSansCasse(tx, libelle);
  if (!s) throw saisieInvalide(LEVEE_MESSAGES.secteurInconnu(libelle));
  return s;
}

/**
 * The rounds a débarras of that sector can go to: its ACTIF rounds and the supplementary ones,
 * from tomorrow (today's route sheets are out), or from today for an urgent illegal dump.
 */
export async function prochainesDuSecteur(db: Db, libelle: string, sauvageUrgent: boolean, jour: string) {
  const s = await secteurExistant(db, libelle);
  return repo.prochaines(db, { depuis: sauvageUrgent ? jour : ajouterJours(jour, 1), idSecteur: s.idSecteur, limite: PROCHAINES_MAX });
}

/**
 * 'Modifier une disponibilité': every ACTIF standard round of the sector between the dates gets
 * the new max, and the unavailability max(0, standard max − new max), in one transaction. Rounds
 * then holding more débarras than the new max are listed for staff to move.
 */
export async function changerDisponibilite(
  db: Db,
  i: z.output<typeof indisponibiliteSchema>,
  par: string,
  jour: string,
): Promise<ReponseIndisponibilite> {
  if (i.dateFrom < jour) throw saisieInvalide(LEVEE_MESSAGES.debutAvantAujourdhui);
  const maxStandard = await maxDebarrasLevee(db);
  return db.transaction(async (tx) => {
    const s = await secteurExistant(tx, i.secteurLibelle);
    const ids = await repo.changerCapaciteStandards(
      tx,
      { idSecteur: s.idSecteur, du: i.dateFrom, au: i.dateTo },
      { nbDebarrasMax: i.newMax, indisponibilite: Math.max(0, maxStandard - i.newMax) },
      par,
    );
    // the places taken: débarras and pending online bookings (docs/regles.md « Capacité »)
    const depassements = (await repo.parIds(tx, ids))
      .map((l) => ({ dateLevee: l.dateLevee, nbDebarras: l.nbDebarras + l.nbReservationsEnCours }))
      .filter((l) => l.nbDebarras > i.newMax);
    const message = LEVEE_MESSAGES.leveesModifiees(ids.length);
    if (!depassements.length) return { statut: '0', message, depassements };
    const liste = depassements.map((d) => `${formatJour(d.dateLevee)} (${d.nbDebarras})`).join(', ');
    return { statut: '1', message: `${message}. ${LEVEE_MESSAGES.depassements(liste)}`, depassements };
  });
}
