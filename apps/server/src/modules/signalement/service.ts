import {
  dateLisible,
  DOMAINES_EVENEMENT,
  estLangueEnLigne,
  formatJour,
  SIGNALEMENT_JOURS_OUVRABLES,
  SIGNALEMENT_MESSAGES,
  TEXTES_EN_LIGNE,
  type LangueEnLigne,
  type ReservationEnLigne,
  type Signalement,
  type TraitementSignalement,
} from '@debarras/domain';
import type { Courrier } from '../../courriel.js';
import type { Db, Tx } from '../../db/client.js';
import { ErreurApplication, etatInvalide } from '../../erreurs.js';
import { jourOuvrableSuivant } from '../../joursOuvrables.js';
import { envoyerAHabitant } from '../courriel/index.js';
import { replanifier as deplacer } from '../debarras/index.js';
import { journaliserSucces } from '../logEvenement/index.js';
import * as repo from './repo.js';

/** The last day a levée may be reported: the third working day after it (docs/regles.md « Signalements »). */
export function dernierJourSignalement(dateLevee: string): string {
  let jour = dateLevee;
  for (let i = 0; i < SIGNALEMENT_JOURS_OUVRABLES; i++) jour = jourOuvrableSuivant(jour);
  return jour;
}

/** The booking's page's part: the report made (open or handled), or the day until which one may be made. */
export async function pourLaReservation(
  tx: Tx,
  d: { idDebarras: number; dateLevee: string; reportable: boolean },
  jour: string,
): Promise<ReservationEnLigne['signalement']> {
  const fait = await repo.duDebarras(tx, d.idDebarras);
  if (fait) return { etat: fait.etat === 'OUVERT' ? 'ouvert' : 'traite', possibleJusquAu: null };
  const dernier = dernierJourSignalement(d.dateLevee);
  const ouvert = d.reportable && d.dateLevee <= jour && jour <= dernier;
  return { etat: 'aucun', possibleJusquAu: ouvert ? dernier : null };
}

/**
 * « Mes objets n'ont pas été levés »: once per booking, from its levée's day to the third working day after. The
 * refusals are keys of the residents' texts (their page says them in its language).
 */
export async function signaler(
  db: Db,
  d: { idDebarras: number; idLevee: number; numero: string; dateLevee: string; reportable: boolean },
  s: { remarque?: string; langue: LangueEnLigne },
  { jour, maintenant }: { jour: string; maintenant: Date },
) {
  await db.transaction(async (tx) => {
    const etat = await pourLaReservation(tx, d, jour);
    if (etat.etat !== 'aucun') throw etatInvalide('signalementDejaFait');
    if (!etat.possibleJusquAu) throw etatInvalide('signalementHorsDelai');
    const [cree] = await repo.inserer(tx, {
      idDebarras: d.idDebarras,
      idLevee: d.idLevee,
      recuLe: maintenant,
      remarque: s.remarque || null,
      langue: s.langue,
    });
    // the same booking reported at once on two connections: the other one recorded it
    if (!cree) throw etatInvalide('signalementDejaFait');
    await journaliserSucces(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Débarras n° ${d.numero} : signalement de l’habitant, objets non levés le ${formatJour(d.dateLevee)}.`,
    );
  });
}

/** `GET /signalement`: the open ones oldest first, or the last 200 handled. */
export const lister = (db: Db, etat: 'OUVERT' | 'RESOLU') => repo.lister(db, etat, 200);
export const compter = async (db: Db) => ({ ouverts: await repo.compterOuverts(db) });

async function exigerOuvert(tx: Parameters<typeof repo.verrouiller>[0], idSignalement: number) {
  const ligne = await repo.verrouiller(tx, idSignalement);
  if (!ligne) throw new ErreurApplication('INTROUVABLE', SIGNALEMENT_MESSAGES.introuvable);
  if (ligne.etat !== 'OUVERT') throw etatInvalide(SIGNALEMENT_MESSAGES.dejaTraite);
  return ligne;
}

/** The report as it now stands, with the resident's answer by e-mail, in the page's language, once it is saved. */
async function repondre(
  db: Db,
  courrier: Courrier,
  idSignalement: number,
  texte: (
    t: (typeof TEXTES_EN_LIGNE)[LangueEnLigne],
    s: Signalement,
    nom: string | null,
    l: LangueEnLigne,
  ) => { sujet: string; texte: string },
): Promise<TraitementSignalement> {
  const lu = (await repo.lire(db, idSignalement))!;
  const langue = estLangueEnLigne(lu.langue) ? lu.langue : 'fr';
  if (!lu.email) return { signalement: lu.signalement, courriel: 'echec' };
  const { sujet, texte: corps } = texte(TEXTES_EN_LIGNE[langue], lu.signalement, lu.nom, langue);
  const { envoye } = await envoyerAHabitant(
    db,
    courrier,
    { a: lu.email, sujet, texte: corps },
    { nature: 'signalement', numero: lu.signalement.numero, langue },
  );
  return { signalement: lu.signalement, courriel: envoye ? 'envoye' : 'echec' };
}

/**
 * Replans a reported débarras (docs/regles.md « Signalements »): to the levée chosen or its sector's next with a place,
 * even if its levée was archived (it is then ACTIF again), never over a levée's max; then the resident's e-mail.
 */
export async function replanifier(
  db: Db,
  idSignalement: number,
  idLevee: number | undefined,
  par: string,
  { jour, courrier, maintenant }: { jour: string; courrier: Courrier; maintenant: Date },
): Promise<TraitementSignalement> {
  await db.transaction(async (tx) => {
    const s = await exigerOuvert(tx, idSignalement);
    const { deplaces, nonDeplaces } = await deplacer(tx, [s.idDebarras], idLevee, par, jour, { signale: true });
    const [deplace] = deplaces;
    if (!deplace) throw etatInvalide(nonDeplaces[0]!.message);
    await repo.resoudre(tx, idSignalement, {
      resolution: 'REPLANIFIE',
      idLeveeNouvelle: deplace.idLevee,
      resoluLe: maintenant,
      resoluPar: par,
    });
    await journaliserSucces(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Débarras n° ${deplace.numero} : signalement traité, replanifié au ${formatJour(deplace.dateLevee)}.`,
    );
  });
  return repondre(db, courrier, idSignalement, (t, s, nom, l) => ({
    sujet: t.sujetSignalementReplanifie(s.numero),
    texte: t.corpsSignalementReplanifie({ nom, numero: s.numero, adresse: s.adresse, nouvelleDate: dateLisible(s.nouvelleDate!, l) }),
  }));
}

/** Closes a report with the answer the resident receives by e-mail. */
export async function clore(
  db: Db,
  idSignalement: number,
  reponse: string,
  par: string,
  { courrier, maintenant }: { courrier: Courrier; maintenant: Date },
): Promise<TraitementSignalement> {
  await db.transaction(async (tx) => {
    await exigerOuvert(tx, idSignalement);
    await repo.resoudre(tx, idSignalement, { resolution: 'CLOS', reponse, resoluLe: maintenant, resoluPar: par });
    const lu = (await repo.lire(tx, idSignalement))!;
    await journaliserSucces(
      tx,
      DOMAINES_EVENEMENT.tournee,
      `Débarras n° ${lu.signalement.numero} : signalement traité, clos avec une réponse.`,
    );
  });
  return repondre(db, courrier, idSignalement, (t, s, nom) => ({
    sujet: t.sujetSignalementClos(s.numero),
    texte: t.corpsSignalementClos({ nom, numero: s.numero, adresse: s.adresse, reponse }),
  }));
}
