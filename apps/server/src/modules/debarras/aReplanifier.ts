// « À replanifier »'s reads (docs/regles.md « À replanifier »): which débarras the crews left, as the list shows them
// and as the move locks them again. Reads only; the move is replanification.ts's.
import { libelleSecteurLevee, MOTIFS_NON_LEVE, type AReplanifier, type MotifNonLeve } from '@debarras/domain';
import { and, asc, count, eq, inArray, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { debarras } from '../../db/schema.js';
import { champsResume, colonnesLeveeJointe, joindreLeveeEtSecteur, versResume } from '../levee/index.js';
import { codeDeLaVisite, filtreDeLaVisite, nonLeveeSurLaVisite, remarqueDeLaVisite } from '../resultat/index.js';

/**
 * ACTIF débarras whose levée's crew did not collect them (a result other than LEVE on that levée, today's included),
 * or whose ACTIF levée is past without any result. Archiving the levée closes the question for those.
 */
const condition = (jour: string) => {
  const levee = colonnesLeveeJointe();
  return and(
    eq(debarras.statut, 'ACTIF'),
    or(
      nonLeveeSurLaVisite(debarras.idDebarras, debarras.idLevee),
      and(lt(levee.dateLevee, jour), eq(levee.statut, 'ACTIF'), filtreDeLaVisite('AUCUN', debarras.idDebarras, debarras.idLevee)),
    ),
  );
};

const selection = (tx: Tx) =>
  joindreLeveeEtSecteur(
    tx
      .select({
        debarras,
        levee: champsResume(),
        code: codeDeLaVisite(debarras.idDebarras, debarras.idLevee),
        remarque: remarqueDeLaVisite(debarras.idDebarras, debarras.idLevee),
      })
      .from(debarras)
      .$dynamic(),
    debarras.idLevee,
  );

/** The reason a débarras is to plan again: its crew's result, or `AUCUN` (none, or « Levé » disputed by its resident). */
export const motif = (code: string | null): MotifNonLeve =>
  (MOTIFS_NON_LEVE as readonly string[]).includes(code ?? '') ? (code as MotifNonLeve) : 'AUCUN';

/** The list, oldest levée first, `limite` rows at most, and how many there are. */
export async function aReplanifier(tx: Tx, jour: string, limite: number): Promise<{ lignes: AReplanifier[]; total: number }> {
  const [lignes, [total]] = await Promise.all([
    selection(tx).where(condition(jour)).orderBy(asc(colonnesLeveeJointe().dateLevee), asc(debarras.numero)).limit(limite),
    joindreLeveeEtSecteur(tx.select({ n: count() }).from(debarras).$dynamic(), debarras.idLevee).where(condition(jour)),
  ]);
  return {
    lignes: lignes.map(({ debarras: d, levee: l, code, remarque }) => ({
      idDebarras: d.idDebarras,
      numero: d.numero,
      idLevee: d.idLevee,
      dateLevee: l.dateLevee,
      secteur: libelleSecteurLevee(versResume(l)),
      adresse: d.adresse,
      motif: motif(code),
      remarque,
      email: !!d.email,
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Of these débarras, those still to plan again, with their levée and what was found there; for a resident's report,
 * any that is not deleted nor awaiting validation (its crew may have said « Levé », its levée may be archived).
 */
export const parmi = (tx: Tx, ids: number[], jour: string, signale: boolean) =>
  selection(tx).where(and(inArray(debarras.idDebarras, ids), signale ? inArray(debarras.statut, ['ACTIF', 'ARCHIVE']) : condition(jour)));
