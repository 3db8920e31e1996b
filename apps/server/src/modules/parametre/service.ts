import {
  EN_LIGNE_DEFAUTS,
  ANONYMISATION_MOIS_DEFAUT,
  ENVOI_FEUILLES_HEURE_DEFAUT,
  estCleParametreEcran,
  estVrai,
  LEVEE_HORIZON_JOURS_DEFAUT,
  LIEN_EQUIPE_HEURES_DEFAUT,
  LEVEE_MAX_DEBARRAS_DEFAUT,
  minutesDuJour,
  PARAMETRE_CLES,
  PARAMETRE_MESSAGES,
  lireDepot,
  ROUTAGE_AUCUN,
  SAUVEGARDE_JOURS_DEFAUT,
  TOURNEE_DEPOT_DEFAUT,
  TOURNEE_MESSAGES,
  type Page,
  type Parametre,
  type parametreSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { doublon, ErreurApplication, estViolationUnicite, saisieInvalide } from '../../erreurs.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteParametres): Promise<Page<Parametre>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Parametre> =>
  repo.versParametre(ouIntrouvable(await repo.trouver(db, id), PARAMETRE_MESSAGES.introuvable));

/**
 * The value of a key, as forms and screens read it. Every signed-in role may ask, so only the keys the screens read:
 * any other is a 404, whether it exists or not, without being looked up (docs/api.md « Paramètres »).
 */
export async function valeur(db: Db, cle: string): Promise<string> {
  if (!estCleParametreEcran(cle)) throw new ErreurApplication('INTROUVABLE', PARAMETRE_MESSAGES.cleNonLisible(cle));
  const ligne = await repo.trouverParCle(db, cle);
  if (!ligne) throw new ErreurApplication('INTROUVABLE', PARAMETRE_MESSAGES.cleInconnue(cle));
  return ligne.valeur;
}

/** A whole-number parameter (a max, a horizon), or `defaut` when missing or not a number ≥ 0. */
async function valeurEntiere(db: Tx, cle: string, defaut: number): Promise<number> {
  const n = Number((await repo.trouverParCle(db, cle))?.valeur);
  return Number.isInteger(n) && n >= 0 ? n : defaut;
}

/** The max of a standard levée (`levee.max.debarras`). */
export const maxDebarrasLevee = (tx: Tx) => valeurEntiere(tx, PARAMETRE_CLES.leveeMaxDebarras, LEVEE_MAX_DEBARRAS_DEFAUT);

/** How many days ahead the standard levées are planned (`levee.horizon.jours`). */
export const horizonPlanification = (tx: Tx) => valeurEntiere(tx, PARAMETRE_CLES.leveeHorizonJours, LEVEE_HORIZON_JOURS_DEFAUT);

/** After how many months a closed débarras is anonymised (`anonymisation.mois`). */
export const moisAnonymisation = (tx: Tx) => valeurEntiere(tx, PARAMETRE_CLES.anonymisationMois, ANONYMISATION_MOIS_DEFAUT);

/** How many days a dump of the « Sauvegarde » job is kept (`sauvegarde.jours`). */
export const joursSauvegarde = (tx: Tx) => valeurEntiere(tx, PARAMETRE_CLES.sauvegardeJours, SAUVEGARDE_JOURS_DEFAUT);

/** How many hours after its levée day starts a crews' link opens the round (`tournee.lien.heures`): 1 to 240. */
export async function heuresLienEquipe(tx: Tx): Promise<number> {
  const n = Number((await repo.trouverParCle(tx, PARAMETRE_CLES.tourneeLienHeures))?.valeur);
  return Number.isInteger(n) && n > 0 && n <= 240 ? n : LIEN_EQUIPE_HEURES_DEFAUT;
}

/** The manager whose addresses an exception may be cloned onto (`carte.gestionnaire`), '' when missing. */
export const gestionnaireCarte = async (tx: Tx) => (await repo.trouverParCle(tx, PARAMETRE_CLES.gestionnaireCarte))?.valeur.trim() ?? '';

/** Whether the Pdf format is offered (`impression.pdf.actif`). */
export const pdfActif = async (tx: Tx) => estVrai((await repo.trouverParCle(tx, PARAMETRE_CLES.impressionPdfActif))?.valeur);

/**
 * The Geneva time of the evening sending, in minutes after midnight (`envoi.feuilles.heure`, 16:00 when
 * missing or invalid). Sending stops at 23:00: a later time would send nothing, it counts as invalid.
 */
export async function minuteEnvoiFeuilles(tx: Tx): Promise<number> {
  const lue = minutesDuJour((await repo.trouverParCle(tx, PARAMETRE_CLES.envoiFeuillesHeure))?.valeur ?? '');
  return lue !== undefined && lue < 23 * 60 ? lue : minutesDuJour(ENVOI_FEUILLES_HEURE_DEFAUT)!;
}

/** What the online booking reads (`enligne.*`), in one query, each falling back on its default when missing or invalid. */
export async function reglagesEnLigne(tx: Tx) {
  const c = PARAMETRE_CLES;
  const v = await repo.valeursParCle(tx, [
    c.enLigneHeureLimite,
    c.enLigneRappelHeure,
    c.enLigneValidationMinutes,
    c.enLigneTelephone,
    c.enLigneConsignesFr,
    c.enLigneConsignesEn,
    c.gestionnaireCarte,
    c.enLigneAttenteParClient,
    c.enLigneAttenteParBoite,
    c.enLigneAttentePart,
    c.enLigneConfirmationsParBoiteHeure,
  ]);
  const heure = (valeur: string, defaut: string) => (minutesDuJour(valeur) !== undefined ? valeur : defaut);
  // a missing or mistyped value is the default, never "no limit": a limit is lifted by a large number only
  const entier = (valeur: string, defaut: number, max = Number.MAX_SAFE_INTEGER) => {
    const n = Number(valeur);
    return Number.isInteger(n) && n > 0 && n <= max ? n : defaut;
  };
  return {
    heureLimite: heure(v[c.enLigneHeureLimite], EN_LIGNE_DEFAUTS.heureLimite),
    rappelHeure: heure(v[c.enLigneRappelHeure], EN_LIGNE_DEFAUTS.rappelHeure),
    validationMinutes: entier(v[c.enLigneValidationMinutes], EN_LIGNE_DEFAUTS.validationMinutes),
    attenteParClient: entier(v[c.enLigneAttenteParClient], EN_LIGNE_DEFAUTS.attenteParClient),
    attenteParBoite: entier(v[c.enLigneAttenteParBoite], EN_LIGNE_DEFAUTS.attenteParBoite),
    attentePart: entier(v[c.enLigneAttentePart], EN_LIGNE_DEFAUTS.attentePart, 100),
    confirmationsParBoiteHeure: entier(v[c.enLigneConfirmationsParBoiteHeure], EN_LIGNE_DEFAUTS.confirmationsParBoiteHeure),
    telephone: v[c.enLigneTelephone],
    consignes: { fr: v[c.enLigneConsignesFr], en: v[c.enLigneConsignesEn] },
    /** The served manager (`carte.gestionnaire`), for the addresses booked online (`dansLaDesserte`). */
    gestionnaire: v[c.gestionnaireCarte],
  };
}

/**
 * What the round's order reads (`tournee.*`): the depot, the demo's when the value does not read as LV95
 * coordinates (with the reason, for the log), and the routing service's URL, undefined for straight lines.
 */
export async function reglagesTournee(tx: Tx) {
  const c = PARAMETRE_CLES;
  const v = await repo.valeursParCle(tx, [c.tourneeDepot, c.tourneeRoutageUrl]);
  const depot = lireDepot(v[c.tourneeDepot] ?? '');
  const url = (v[c.tourneeRoutageUrl] ?? '').trim();
  return {
    depot: depot ?? lireDepot(TOURNEE_DEPOT_DEFAUT)!,
    depotInvalide: depot ? undefined : TOURNEE_MESSAGES.depotInvalide(v[c.tourneeDepot] ?? ''),
    routageUrl: url && url !== ROUTAGE_AUCUN ? url : undefined,
  };
}

/** Creates the parameter when it has no id, otherwise updates it if `version` is current. */
export async function enregistrer(db: Db, p: z.output<typeof parametreSaisieSchema>, par: string): Promise<Parametre> {
  if (p.idParametre === undefined) {
    if (await repo.trouverParCle(db, p.cle)) throw doublon(PARAMETRE_MESSAGES.cleExistante(p.cle));
    try {
      return repo.versParametre(await repo.ecritures.inserer(db, { cle: p.cle, valeur: p.valeur, description: p.description }, par));
    } catch (erreur) {
      if (estViolationUnicite(erreur)) throw doublon(PARAMETRE_MESSAGES.cleExistante(p.cle));
      throw erreur;
    }
  }
  const actuel = ouIntrouvable(await repo.trouver(db, p.idParametre), PARAMETRE_MESSAGES.introuvable);
  if (actuel.cle !== p.cle) throw saisieInvalide(PARAMETRE_MESSAGES.cleNonModifiable);
  return repo.versParametre(
    await repo.ecritures.modifier(db, p.idParametre, p.version, { valeur: p.valeur, description: p.description }, par),
  );
}

export const lotsExport = (db: Db, q: repo.RequeteParametres) => repo.liste.lots(db, q);
