import { ajouterJours, formatJour } from '@debarras/domain';
import { verrouConsultatif, type Db } from '../db/client.js';
import { insererStandards } from '../modules/levee/index.js';
import { horizonPlanification, maxDebarrasLevee } from '../modules/parametre/index.js';
import { actifsEntre } from '../modules/secteur/index.js';
import { joursOuvrables } from '../joursOuvrables.js';

export const PLANIFICATEUR = 'planification';

export interface BilanPlanification {
  creees: number;
  jusquAu: string;
}

/**
 * Makes sure every active sector has its standard levée (ACTIF, max = levee.max.debarras) on each
 * working day from today to today + levee.horizon.jours, within its activity dates. Idempotent:
 * the standard rounds already there are left as they are (staff may have changed their max).
 * Safe beside another run (transaction-level advisory lock): the seed and the job may plan at once.
 */
export async function planifierLevees(db: Db, jour: string): Promise<BilanPlanification> {
  const max = await maxDebarrasLevee(db);
  const jusquAu = ajouterJours(jour, await horizonPlanification(db));
  const jours = joursOuvrables(jour, jusquAu);
  const creees = await db.transaction(async (tx) => {
    await verrouConsultatif(tx, 'debarras.planification');
    const prevues = (await actifsEntre(tx, jour, jusquAu)).flatMap((s) =>
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
    return insererStandards(tx, prevues);
  });
  return { creees, jusquAu };
}

/** The job's outcome line in the messages. */
export const bilanPlanification = (b: BilanPlanification) =>
  b.creees
    ? `Planification des levées jusqu'au ${formatJour(b.jusquAu)} : ${b.creees} levée(s) standard créée(s).`
    : `Planification des levées jusqu'au ${formatJour(b.jusquAu)} : toutes les levées standard existaient déjà.`;
