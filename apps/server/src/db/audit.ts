import type { Audit } from '@debarras/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { conflitVersion, introuvable } from '../erreurs.js';
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
async function insererAudite<T extends TableAuditee>(
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
 * The audit columns every change sets: who, when (now, or the instant given) and the next version.
 * The one place a version is incremented, for one row and for a bulk change alike.
 */
export const tamponModification = (table: { version: PgColumn }, par: string, le: Date | SQL = new Date()) => ({
  lastModifiedBy: par,
  lastModifiedDate: le,
  version: sql`${table.version} + 1`,
});

/**
 * CONFLIT_VERSION naming who changed the row and when, unless it still has the version the user
 * read. `modifierVersionne` checks it anyway; a service calls this first only when a rule checked
 * before the write would otherwise answer instead (a capacity confirmation that could never succeed).
 */
export function verifierVersion(actuel: Pick<ColonnesAudit, 'version' | 'lastModifiedBy' | 'lastModifiedDate'>, version: number) {
  if (actuel.version !== version) throw conflitVersion(actuel.lastModifiedBy, actuel.lastModifiedDate);
}

interface CibleVersionnee<T extends TableAuditee> {
  table: T;
  cle: PgColumn;
  id: number;
  /** The version the user read. */
  version: number;
  /** What the record is called in the INTROUVABLE message. */
  quoi: string;
}

/** Why a write conditioned on the version touched nothing: the row is gone, or it changed. */
async function refuser<T extends TableAuditee>(tx: Tx, { table, cle, id, quoi }: CibleVersionnee<T>): Promise<never> {
  const [actuel] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(cle, id))) as unknown as ColonnesAudit[];
  if (!actuel) throw introuvable(quoi);
  throw conflitVersion(actuel.lastModifiedBy, actuel.lastModifiedDate);
}

/**
 * Updates one row only if nobody changed it since `version` was read (optimistic locking), and
 * stamps it: INTROUVABLE when it is gone, CONFLIT_VERSION naming who changed it and when otherwise.
 * Every update of one record goes through here (docs/decisions.md "Verrouillage optimiste et audit").
 */
/** The new values of a change: each a value, or SQL the database computes (`now()`, say). */
export type ValeursModifiees<T extends TableAuditee> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

export async function modifierVersionne<T extends TableAuditee>(
  tx: Tx,
  cible: CibleVersionnee<T> & { valeurs: ValeursModifiees<T>; par: string },
): Promise<T['$inferSelect']> {
  const { table, cle, id, version, valeurs, par } = cible;
  const [ligne] = (await tx
    .update(table)
    .set({ ...valeurs, ...tamponModification(table, par) } as never)
    .where(and(eq(cle, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  return ligne ?? refuser(tx, cible);
}

/** Deletes one row only if nobody changed it since `version` was read; refusals as `modifierVersionne`. */
async function supprimerVersionne<T extends TableAuditee>(tx: Tx, cible: CibleVersionnee<T>): Promise<T['$inferSelect']> {
  const { table, cle, id, version } = cible;
  const [ligne] = (await tx
    .delete(table)
    .where(and(eq(cle, id), eq(table.version, version)))
    .returning()) as T['$inferSelect'][];
  return ligne ?? refuser(tx, cible);
}

/**
 * The writes of one versioned table, declared once by its owning module's repo: a creation stamped with its author,
 * a change and a deletion under optimistic locking. A service writes its table through them, never through
 * `db/schema` (docs/architecture.md « Un seul chemin d'écriture »).
 */
export function ecrituresVersionnees<T extends TableAuditee>(table: T, cle: PgColumn, quoi: string) {
  return {
    inserer: (tx: Tx, valeurs: Omit<T['$inferInsert'], 'createdBy' | 'lastModifiedBy'>, par: string) =>
      insererAudite(tx, table, valeurs, par),
    modifier: (tx: Tx, id: number, version: number, valeurs: ValeursModifiees<T>, par: string) =>
      modifierVersionne(tx, { table, cle, id, version, valeurs, par, quoi }),
    supprimer: (tx: Tx, id: number, version: number) => supprimerVersionne(tx, { table, cle, id, version, quoi }),
  };
}

/** The row, or INTROUVABLE naming what is missing. */
export function ouIntrouvable<T>(ligne: T | undefined, quoi: string): T {
  if (!ligne) throw introuvable(quoi);
  return ligne;
}
