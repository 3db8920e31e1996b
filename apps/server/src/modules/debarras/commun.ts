// What the staff's and the residents' flows share: a débarras read (or locked) by id, or its levée, else INTROUVABLE.
import { DEBARRAS_MESSAGES, LEVEE_MESSAGES, type StatutDebarras } from '@debarras/domain';
import { ouIntrouvable } from '../../db/audit.js';
import type { Transaction, Tx } from '../../db/client.js';
import { trouver as trouverLevee } from '../levee/index.js';
import * as repo from './repo.js';

export const statutDe = (d: repo.LigneDebarras) => d.statut as StatutDebarras;

export async function exiger(tx: Tx, idDebarras: number): Promise<repo.LigneDebarras>;
export async function exiger(tx: Transaction, idDebarras: number, verrouiller: boolean): Promise<repo.LigneDebarras>;
export async function exiger(tx: Tx, idDebarras: number, verrouiller = false) {
  const ligne = verrouiller ? await repo.trouver(tx as Transaction, idDebarras, true) : await repo.trouver(tx, idDebarras);
  return ouIntrouvable(ligne, DEBARRAS_MESSAGES.introuvable);
}

export async function leveeExistante(tx: Tx, idLevee: number) {
  return ouIntrouvable(await trouverLevee(tx, idLevee), LEVEE_MESSAGES.introuvable);
}
