import { LOG_EVENEMENT_TRI_DEFAUT, TYPE_EVENEMENT, type LogEvenement, type logEvenementListeSchema } from '@debarras/domain';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contient, definirListe, entreJours } from '../../db/liste.js';
import { logEvenement } from '../../db/schema.js';

export type RequeteLogEvenements = z.output<typeof logEvenementListeSchema>;
export type LigneLogEvenement = typeof logEvenement.$inferSelect;

/** A line of the messages: the journal is only ever added to. */
export async function inserer(tx: Tx, ligne: { domaine: string; type: number; texte: string }) {
  await tx.insert(logEvenement).values(ligne);
}

export const versLogEvenement = (l: LigneLogEvenement): LogEvenement => ({
  idLogEvenement: l.idLogEvenement,
  domaine: l.domaine,
  date: l.date.toISOString(),
  type: l.type,
  texte: l.texte,
});

export const liste = definirListe({
  versReponse: versLogEvenement,
  table: logEvenement,
  cle: logEvenement.idLogEvenement,
  triDefaut: LOG_EVENEMENT_TRI_DEFAUT,
  colonnesTri: { domaine: logEvenement.domaine, date: logEvenement.date, type: logEvenement.type, texte: logEvenement.texte },
  filtres: (q: RequeteLogEvenements) =>
    and(
      contient(logEvenement.domaine, q.domaine),
      entreJours(logEvenement.date, q.dateFrom, q.dateTo),
      q.type ? eq(logEvenement.type, Number(q.type)) : undefined,
      contient(logEvenement.texte, q.texte),
    ),
});

/**
 * A domain's KO lines: how many in the last 24 hours, by the lines' own clock (the database's, which dates them),
 * and the last one whenever it was.
 */
export async function resumeEchecs(tx: Tx, domaine: string): Promise<{ dernieres24h: number; dernier: LigneLogEvenement | undefined }> {
  const ko = and(eq(logEvenement.domaine, domaine), eq(logEvenement.type, TYPE_EVENEMENT.KO));
  const [compte] = await tx
    .select({ n: count() })
    .from(logEvenement)
    .where(and(ko, gte(logEvenement.date, sql`now() - interval '24 hours'`)));
  const [dernier] = await tx
    .select()
    .from(logEvenement)
    .where(ko)
    .orderBy(desc(logEvenement.date), desc(logEvenement.idLogEvenement))
    .limit(1);
  return { dernieres24h: compte?.n ?? 0, dernier };
}
