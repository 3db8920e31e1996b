import {
  A_REPLANIFIER_LISTE_MAX,
  dateLisible,
  DOMAINES_EVENEMENT,
  estLangueEnLigne,
  formatJour,
  TEXTES_EN_LIGNE,
  type ListeAReplanifier,
  type ReponseReplanification,
} from '@debarras/domain';
import type { Db } from '../../db/client.js';
import type { Courrier } from '../../courriel.js';
import { envoyerAHabitant } from '../courriel/index.js';
import { aReplanifier, replanifier as deplacer, type Replanifie } from '../debarras/index.js';
import { languesDesReservations } from '../enLigne/index.js';
import { journaliserSucces } from '../logEvenement/index.js';

/** « À replanifier »: the oldest first, at most `A_REPLANIFIER_LISTE_MAX`. */
export const lister = (db: Db, jour: string): Promise<ListeAReplanifier> => aReplanifier(db, jour, A_REPLANIFIER_LISTE_MAX);

type StatutCourriel = ReponseReplanification['deplaces'][number]['courriel'];

/** Tells the requester, in their booking's language (French otherwise), why nothing was collected and the new date. */
async function prevenir(db: Db, courrier: Courrier, d: Replanifie, langue: string | undefined): Promise<StatutCourriel> {
  if (!d.email) return 'sans_adresse';
  const l = estLangueEnLigne(langue) ? langue : 'fr';
  const t = TEXTES_EN_LIGNE[l];
  const { envoye } = await envoyerAHabitant(
    db,
    courrier,
    {
      a: d.email,
      sujet: t.sujetReplanifiee(d.numero),
      texte: t.corpsReplanifiee({
        nom: d.nomPersonne,
        numero: d.numero,
        date: dateLisible(d.ancienneDate, l),
        adresse: d.adresse,
        motif: t.motifsNonLeve[d.motif],
        nouvelleDate: dateLisible(d.dateLevee, l),
      }),
    },
    { nature: 'replanifiee', numero: d.numero, langue: l },
  );
  return envoye ? 'envoye' : 'echec';
}

/**
 * Moves the selection (docs/regles.md « À replanifier »), writes each move in « Messages » (the débarras's number and
 * dates only), then, once saved, sends the e-mails asked for: a failed e-mail never undoes a move.
 */
export async function replanifier(
  db: Db,
  s: { idDebarras: number[]; idLevee?: number; courriel: boolean },
  par: string,
  { jour, courrier }: { jour: string; courrier: Courrier },
): Promise<ReponseReplanification> {
  const { deplaces, nonDeplaces } = await db.transaction(async (tx) => {
    const r = await deplacer(tx, s.idDebarras, s.idLevee, par, jour);
    for (const d of r.deplaces) {
      await journaliserSucces(
        tx,
        DOMAINES_EVENEMENT.tournee,
        `Débarras n° ${d.numero} : non levé le ${formatJour(d.ancienneDate)}, replanifié au ${formatJour(d.dateLevee)}.`,
      );
    }
    return r;
  });
  const langues = s.courriel
    ? await languesDesReservations(
        db,
        deplaces.map((d) => d.idDebarras),
      )
    : new Map<number, string>();
  const reponses: ReponseReplanification['deplaces'] = [];
  for (const d of deplaces) {
    const courriel = s.courriel ? await prevenir(db, courrier, d, langues.get(d.idDebarras)) : 'non_demande';
    reponses.push({ idDebarras: d.idDebarras, numero: d.numero, idLevee: d.idLevee, dateLevee: d.dateLevee, courriel });
  }
  return { deplaces: reponses, nonDeplaces };
}
