import { PARAMETRES_PAR_DEFAUT } from '@debarras/domain';
import type { Db } from '../client.js';
import { count } from 'drizzle-orm';
import { commune, objet, parametre } from '../schema.js';
import { CATALOGUE } from './catalogue.js';
import { COMMUNES_GENEVE } from './communes.js';

export const UTILISATEUR_SYSTEME = 'systeme';

/**
 * Reference data every installation needs, production included: communes, parameters and a
 * first object catalogue. Inserted when missing, never overwritten: once there, the values
 * belong to the staff.
 */
export async function semerReference(db: Db) {
  await db
    .insert(commune)
    .values([...COMMUNES_GENEVE])
    .onConflictDoNothing();
  await db
    .insert(parametre)
    .values(PARAMETRES_PAR_DEFAUT.map((p) => ({ ...p, createdBy: UTILISATEUR_SYSTEME, lastModifiedBy: UTILISATEUR_SYSTEME })))
    .onConflictDoNothing();
  const [objets] = await db.select({ n: count() }).from(objet);
  if (!objets?.n) {
    await db.insert(objet).values(CATALOGUE.map((o) => ({ ...o, createdBy: UTILISATEUR_SYSTEME, lastModifiedBy: UTILISATEUR_SYSTEME })));
  }
}
