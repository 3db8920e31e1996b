import { TYPE_EVENEMENT, type LogEvenement, type Page, type TypeEvenement } from '@debarras/domain';
import type { Db, Tx } from '../../db/client.js';
import * as repo from './repo.js';

/** The one way the server's own work (start-up, seeding, imports, planning) reports its outcome. */
export async function journaliser(tx: Tx, domaine: string, type: TypeEvenement, texte: string) {
  await repo.inserer(tx, { domaine, type, texte });
}
export const journaliserSucces = (tx: Tx, domaine: string, texte: string) => journaliser(tx, domaine, TYPE_EVENEMENT.OK, texte);
export const journaliserEchec = (tx: Tx, domaine: string, texte: string) => journaliser(tx, domaine, TYPE_EVENEMENT.KO, texte);

export const lister = (db: Db, q: repo.RequeteLogEvenements): Promise<Page<LogEvenement>> => repo.liste.page(db, q);

export const lotsExport = (db: Db, q: repo.RequeteLogEvenements) => repo.liste.lots(db, q);

/** A domain's failures for a summary: the KO lines of the last 24 hours, and the last one. */
export async function resumeEchecs(db: Db, domaine: string): Promise<{ dernieres24h: number; dernier: LogEvenement | null }> {
  const { dernieres24h, dernier } = await repo.resumeEchecs(db, domaine);
  return { dernieres24h, dernier: dernier ? repo.versLogEvenement(dernier) : null };
}
