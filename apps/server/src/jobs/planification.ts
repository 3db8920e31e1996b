import { ajouterJours, aujourdhui, DOMAINES_EVENEMENT, formatJour, PARAMETRE_CLES } from '@debarras/domain';
import { and, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { levee, secteur } from '../db/schema.js';
import { MAX_LEVEE_DEFAUT } from '../modules/levee/service.js';
import { valeurEntiere } from '../modules/parametre/service.js';
import { journaliserEchec, journaliserSucces } from '../modules/logEvenement/service.js';
import { joursOuvrables } from './joursOuvrables.js';

export const PLANIFICATEUR = 'planification';
const HORIZON_DEFAUT = 90;

export interface BilanPlanification {
  creees: number;
  jusquAu: string;
}

/**
 * Makes sure every active sector has its standard levée (ACTIF, max = levee.max.debarras) on each
 * working day from today to today + levee.horizon.jours, within its activity dates. Idempotent:
 * the standard rounds already there are left as they are (staff may have changed their max).
 * One instance at a time (transaction-level advisory lock).
 */
export async function planifierLevees(db: Db, jour = aujourdhui()): Promise<BilanPlanification> {
  const horizon = await valeurEntiere(db, PARAMETRE_CLES.leveeHorizonJours, HORIZON_DEFAUT);
  const max = await valeurEntiere(db, PARAMETRE_CLES.leveeMaxDebarras, MAX_LEVEE_DEFAUT);
  const jusquAu = ajouterJours(jour, horizon);
  const jours = joursOuvrables(jour, jusquAu);
  const creees = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('debarras.planification'))`);
    const secteurs = await tx
      .select({ idSecteur: secteur.idSecteur, dateDebut: secteur.dateDebut, dateFin: secteur.dateFin })
      .from(secteur)
      .where(and(lte(secteur.dateDebut, jusquAu), or(isNull(secteur.dateFin), gte(secteur.dateFin, jour))));
    const prevues = secteurs.flatMap((s) =>
      jours
        .filter((j) => j >= s.dateDebut && (!s.dateFin || j <= s.dateFin))
        .map((dateLevee) => ({
          dateLevee,
          idSecteur: s.idSecteur,
          nbDebarrasMax: max,
          createdBy: PLANIFICATEUR,
          lastModifiedBy: PLANIFICATEUR,
        })),
    );
    let n = 0;
    for (let i = 0; i < prevues.length; i += 1000) {
      const inserees = await tx
        .insert(levee)
        .values(prevues.slice(i, i + 1000))
        .onConflictDoNothing({ target: [levee.idSecteur, levee.dateLevee], where: sql`${levee.supplementaire} = 0` })
        .returning({ id: levee.idLevee });
      n += inserees.length;
    }
    return n;
  });
  return { creees, jusquAu };
}

/** The job as scheduled: plans, and writes its outcome (OK or KO) to the messages. */
export async function executerPlanification(db: Db): Promise<BilanPlanification | undefined> {
  try {
    const bilan = await planifierLevees(db);
    await journaliserSucces(
      db,
      DOMAINES_EVENEMENT.planification,
      bilan.creees
        ? `Planification des levées jusqu'au ${formatJour(bilan.jusquAu)} : ${bilan.creees} levée(s) standard créée(s).`
        : `Planification des levées jusqu'au ${formatJour(bilan.jusquAu)} : toutes les levées standard existaient déjà.`,
    );
    return bilan;
  } catch (erreur) {
    await journaliserEchec(db, DOMAINES_EVENEMENT.planification, `Planification des levées en échec : ${(erreur as Error).message}`).catch(
      () => undefined,
    );
    return undefined;
  }
}
