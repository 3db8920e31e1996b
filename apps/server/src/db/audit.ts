import { ERREURS, formatDateHeure, type Audit } from '@debarras/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflit, introuvable } from '../http/erreurs.js';
import type { Tx } from './client.js';

interface ColonnesAudit {
  createdDate: Date;
  createdBy: string;
  lastModifiedDate: Date;
  lastModifiedBy: string;
  version: number;
}

type TableAuditee = PgTable & {
  lastModifiedBy: PgColumn;
  lastModifiedDate: PgColumn;
  version: PgColumn;
  $inferSelect: ColonnesAudit;
};

/** The audit fields of an answer, instants in ISO 8601. */
export const versAudit = (l: ColonnesAudit): Audit => ({
  createdDate: l.createdDate.toISOString(),
  createdBy: l.createdBy,
  lastModifiedDate: l.lastModifiedDate.toISOString(),
  lastModifiedBy: l.lastModifiedBy,
  version: l.version,
});

/** Inserts a row stamped with who created it. */
export async function insererAudite<T extends TableAuditee>(
  tx: Tx,
  table: T,
  valeurs: Omit<T['$inferInsert'], 'createdBy' | 'lastModifiedBy'>,
  par: string,
): Promise<T['$inferSelect']> {
  const [ligne] = (await tx
    .insert(table)
    .values({ ...valeurs, createdBy: par, lastModifiedBy: par } as T['$inferInsert'])
    .returning()) as T['$inferSelect'][];
  return ligne!;
}

/**
 * Updates a row only if nobody changed it since `version` was read (optimistic locking): 404
 * when it is gone, 409 naming who changed it and when otherwise.
 */
export async function modifierVersionne<T extends TableAuditee>(
  tx: Tx,
  options: {
    table: T;
    cle: PgColumn;
    id: number;
    version: number | undefined;
    valeurs: Partial<T['$inferInsert']>;
    par: string;
    quoi: string;
  },
): Promise<T['$inferSelect']> {
  const { table, cle, id, version, valeurs, par, quoi } = options;
  if (version !== undefined) {
    const [ligne] = (await tx
      .update(table)
      .set({ ...valeurs, lastModifiedBy: par, lastModifiedDate: new Date(), version: sql`${table.version} + 1` } as never)
      .where(and(eq(cle, id), eq(table.version, version)))
      .returning()) as T['$inferSelect'][];
    if (ligne) return ligne;
  }
  const [actuel] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(cle, id))) as unknown as ColonnesAudit[];
  if (!actuel) throw introuvable(quoi);
  throw conflit(ERREURS.conflitVersion(actuel.lastModifiedBy, formatDateHeure(actuel.lastModifiedDate)));
}

/** The row, or a 404 naming what is missing. */
export function ouIntrouvable<T>(ligne: T | undefined, quoi: string): T {
  if (!ligne) throw introuvable(quoi);
  return ligne;
}
