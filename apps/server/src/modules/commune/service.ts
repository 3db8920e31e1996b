import { COMMUNE_NON_DEFINIE, type Commune } from '@debarras/domain';
import type { Db, Tx } from '../../db/client.js';
import * as repo from './repo.js';

/** The municipality the installation serves (COMMUNE_CODE), known or not. */
export async function communeServie(db: Db, code: number): Promise<Commune> {
  const ligne = await repo.trouver(db, code);
  return { label: ligne?.libelle ?? COMMUNE_NON_DEFINIE, exists: Boolean(ligne), code };
}

/** Every commune's label by its OFS number. */
export const libellesParCode = async (tx: Tx) => new Map((await repo.toutes(tx)).map((c) => [c.code, c.libelle]));
