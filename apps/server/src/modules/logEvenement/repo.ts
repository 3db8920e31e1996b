import { LOG_EVENEMENT_TRI_DEFAUT, type LogEvenement, type logEvenementListeSchema } from '@debarras/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { contient, definirListe, entreJours } from '../../db/liste.js';
import { logEvenement } from '../../db/schema.js';

export type RequeteLogEvenements = z.output<typeof logEvenementListeSchema>;
export type LigneLogEvenement = typeof logEvenement.$inferSelect;

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
