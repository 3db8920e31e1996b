import {
  CODES_TACHE,
  DOMAINES_EVENEMENT,
  TACHE_MESSAGES,
  TACHES,
  TYPE_EVENEMENT,
  type CodeTache,
  type Execution,
  type Tache,
} from '@debarras/domain';
import type { Db } from '../../db/client.js';
import { journaliser, journaliserSucces } from '../logEvenement/index.js';
import * as repo from './repo.js';

/** The messages' domain of each job: its start and outcome lines are read there. */
export const DOMAINE_TACHE: Record<CodeTache, string> = {
  planification: DOMAINES_EVENEMENT.planification,
  recurrences: DOMAINES_EVENEMENT.recurrence,
  anonymisation: DOMAINES_EVENEMENT.anonymisation,
  sauvegarde: DOMAINES_EVENEMENT.sauvegarde,
  envoiFeuilles: DOMAINES_EVENEMENT.envoi,
  placesEnLigne: DOMAINES_EVENEMENT.enLigne,
  rappelsEnLigne: DOMAINES_EVENEMENT.enLigne,
};

/**
 * Under the job's lock only (the lock says no run of it is alive, here or in another instance): its runs still
 * EN_COURS were cut short by a stopped process, and are closed KO as interrupted, with a line in the messages.
 * Answers how many.
 */
export async function conclureInterrompues(db: Db, tache: CodeTache): Promise<number> {
  const closes = await repo.conclureInterrompues(db, tache, TACHE_MESSAGES.interrompue);
  for (const _ of closes) {
    await journaliser(db, DOMAINE_TACHE[tache], TYPE_EVENEMENT.KO, `${TACHES[tache].libelle} : ${TACHE_MESSAGES.interrompue}`);
  }
  return closes.length;
}

/**
 * A run begins, under its job's lock: a run left EN_COURS is closed first (`conclureInterrompues`). With a due time
 * (`echeance`), none begins when a run of that due time exists already, started by this server or another: answers
 * `dejaFaite` (docs/architecture.md « Tâches planifiées »).
 */
export async function commencer(db: Db, tache: CodeTache, declencheur: string, echeance?: string): Promise<Execution | 'dejaFaite'> {
  if (echeance && (await repo.existeAEcheance(db, tache, echeance))) return 'dejaFaite';
  await conclureInterrompues(db, tache);
  const execution = await repo.inserer(db, tache, declencheur, echeance ?? null);
  await journaliserSucces(db, DOMAINE_TACHE[tache], TACHE_MESSAGES.debut(TACHES[tache].libelle, declencheur));
  return repo.versExecution(execution);
}

/** The run's outcome, on its row and as a line of the messages. */
export async function terminer(db: Db, tache: CodeTache, idExecution: number, ok: boolean, bilan: string): Promise<Execution> {
  const execution = await repo.conclure(db, idExecution, ok ? 'OK' : 'KO', bilan);
  await journaliser(db, DOMAINE_TACHE[tache], ok ? TYPE_EVENEMENT.OK : TYPE_EVENEMENT.KO, bilan);
  return repo.versExecution(execution);
}

/** `GET /tache`: every job with its last run. */
export const lister = (db: Db): Promise<Tache[]> =>
  Promise.all(
    CODES_TACHE.map(async (code) => {
      const derniere = await repo.derniere(db, code);
      return { code, ...TACHES[code], derniere: derniere ? repo.versExecution(derniere) : null };
    }),
  );
