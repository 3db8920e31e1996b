import { PARAMETRES_PAR_DEFAUT } from '@debarras/domain';
import type { Db } from '../client.js';
import { commune, parametre } from '../schema.js';
import { COMMUNES_GENEVE } from './communes.js';

export const UTILISATEUR_SYSTEME = 'systeme';

/**
 * Reference data every installation needs, production included. Inserted when missing, never
 * overwritten: once there, the values belong to the technical staff.
 */
export async function semerReference(db: Db) {
  await db.insert(commune).values([...COMMUNES_GENEVE]).onConflictDoNothing();
  await db
    .insert(parametre)
    .values(PARAMETRES_PAR_DEFAUT.map((p) => ({ ...p, createdBy: UTILISATEUR_SYSTEME, lastModifiedBy: UTILISATEUR_SYSTEME })))
    .onConflictDoNothing();
}
