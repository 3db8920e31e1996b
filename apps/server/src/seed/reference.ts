import { PARAMETRES_PAR_DEFAUT } from '@debarras/domain';
import type { Db } from '../db/client.js';
import { insererManquantes } from '../modules/commune/index.js';
import * as objets from '../modules/objet/index.js';
import { insererManquants } from '../modules/parametre/index.js';
import { CATALOGUE } from './catalogue.js';
import { COMMUNES_GENEVE } from './communes.js';

export const UTILISATEUR_SYSTEME = 'systeme';

/**
 * Reference data every installation needs, production included: communes, parameters and a
 * first object catalogue. Inserted when missing, never overwritten: once there, the values
 * belong to the staff.
 */
export async function semerReference(db: Db) {
  await insererManquantes(db, COMMUNES_GENEVE);
  await insererManquants(db, PARAMETRES_PAR_DEFAUT, UTILISATEUR_SYSTEME);
  if (await objets.estVide(db)) await objets.insererPlusieurs(db, CATALOGUE, UTILISATEUR_SYSTEME);
}
