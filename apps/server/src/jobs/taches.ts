import {
  CODES_TACHE,
  DECLENCHEUR_PLANIFIE,
  EN_LIGNE_TACHE_MESSAGES,
  ENVOI_MESSAGES,
  RECURRENCE_TACHE_MESSAGES,
  SAUVEGARDE_MESSAGES,
  TACHES,
  type CodeTache,
  type Execution,
} from '@debarras/domain';
import type { Courrier } from '../courriel.js';
import type { Base } from '../db/client.js';
import type { Horloge } from '../horloge.js';
import { envoyerRappels, libererExpirees } from '../modules/enLigne/index.js';
import { ENVOYEUR_FEUILLES, envoyerFeuillesDuSoir } from '../modules/impression/index.js';
import { creerDebarrasRecurrents } from '../modules/recurrence/index.js';
import { commencer, conclureInterrompues, terminer } from '../modules/tache/index.js';
import { bilanAnonymisation, executerAnonymisation } from './anonymisation.js';
import { jourOuvrableSuivant } from '../joursOuvrables.js';
import { dureeTaches, executionsTaches } from '../metriques.js';
import { bilanPlanification, planifierLevees } from './planification.js';
import { bilanSauvegarde, executerSauvegarde } from './sauvegarde.js';

/** What a job's work tells of its run. */
export interface Resultat {
  ok: boolean;
  bilan: string;
  /** Something is left to do that the next scheduled pass should try again (a refused e-mail). */
  aReessayer?: boolean;
}

interface Travail {
  executer(): Promise<Resultat>;
  /** The outcome line when the work itself failed (the database, a bug). */
  echec(raison: string): string;
}

/** Why a scheduled run did not happen here: it is running, or it ran, elsewhere or in this process. */
export type Sautee = 'occupee' | 'dejaFaite';

export interface ExecutionTerminee {
  execution: Execution;
  aReessayer: boolean;
}

export interface Taches {
  /**
   * Runs the job and waits for its end; `occupee` when a run of it holds its lock, here or in another
   * instance; `dejaFaite` when `echeance` is given and a run of that due time exists already (another server
   * took it); `indisponible` when the run could not even be recorded (the database is down).
   */
  executer(code: CodeTache, echeance?: string): Promise<ExecutionTerminee | Sautee | 'indisponible'>;
  /** Starts the job and answers as soon as its run is recorded, without waiting for its end (« Lancer maintenant »). */
  lancer(code: CodeTache, declencheur: string): Promise<Execution | 'occupee'>;
  /**
   * At start-up: closes as interrupted the runs a stopped process left EN_COURS, each job under its lock, so
   * that a run another instance is doing right now stays as it is. Answers how many were closed.
   */
  conclureInterrompues(): Promise<number>;
  /** Waits for the runs started in this process to end (a clean stop, docs/exploitation.md « Arrêt et redémarrage »). */
  attendreEnCours(): Promise<void>;
}

export interface DependancesTaches {
  base: Base;
  courrier: Courrier;
  horloge: Horloge;
  /** Where the « Sauvegarde » job writes (SAUVEGARDE_DIR); without it, that job ends KO and says so. */
  dossierSauvegardes?: string | undefined;
  /** PUBLIC_URL: the crews' links of the sheets sent in the evening start with it; without it, none is printed. */
  publicUrl?: string | undefined;
}

const raisonDe = (erreur: unknown) => (erreur instanceof Error ? erreur.message : String(erreur));

function travaux({ base, courrier, horloge, dossierSauvegardes, publicUrl }: DependancesTaches): Record<CodeTache, Travail> {
  const { db } = base;
  const echecSimple = (code: CodeTache) => (raison: string) => `${TACHES[code].libelle} en échec : ${raison}`;
  return {
    planification: {
      executer: async () => ({ ok: true, bilan: bilanPlanification(await planifierLevees(db, horloge.aujourdhui())) }),
      echec: echecSimple('planification'),
    },
    recurrences: {
      executer: async () => {
        const b = await creerDebarrasRecurrents(db, horloge.aujourdhui());
        return { ok: true, bilan: RECURRENCE_TACHE_MESSAGES.bilan(b.crees, b.recurrences, b.levees, b.depassements) };
      },
      echec: echecSimple('recurrences'),
    },
    anonymisation: {
      executer: async () => ({ ok: true, bilan: bilanAnonymisation(await executerAnonymisation(db, horloge.aujourdhui())) }),
      echec: echecSimple('anonymisation'),
    },
    sauvegarde: {
      executer: async () => {
        if (!dossierSauvegardes) return { ok: false, bilan: echecSimple('sauvegarde')(SAUVEGARDE_MESSAGES.sansDossier) };
        // the dump's name says when it was taken: the real time, not the business clock
        return { ok: true, bilan: bilanSauvegarde(await executerSauvegarde(base, dossierSauvegardes, new Date())) };
      },
      echec: echecSimple('sauvegarde'),
    },
    envoiFeuilles: {
      executer: async () => {
        const jour = jourOuvrableSuivant(horloge.aujourdhui());
        // a routing service that fails leaves the rounds in straight lines: the server's log says so
        const b = await envoyerFeuillesDuSoir(db, courrier, jour, horloge.maintenant(), {
          avertir: (m) => console.warn(m),
          ...(publicUrl ? { liens: { publicUrl, par: ENVOYEUR_FEUILLES } } : {}),
        });
        return {
          ok: b.echecs.length === 0,
          bilan: ENVOI_MESSAGES.bilanTache(jour, b),
          aReessayer: b.echecs.length > 0 || b.enCours.length > 0,
        };
      },
      echec: ENVOI_MESSAGES.erreur,
    },
    placesEnLigne: {
      executer: async () => {
        const { liberees, minutes } = await libererExpirees(db, horloge.maintenant());
        return { ok: true, bilan: EN_LIGNE_TACHE_MESSAGES.liberees(liberees, minutes) };
      },
      echec: echecSimple('placesEnLigne'),
    },
    rappelsEnLigne: {
      executer: async () => {
        const b = await envoyerRappels(db, courrier, horloge.maintenant());
        return { ok: b.refuses === 0, bilan: EN_LIGNE_TACHE_MESSAGES.rappels(b.jour, b.envoyes, b.refuses), aReessayer: b.refuses > 0 };
      },
      echec: echecSimple('rappelsEnLigne'),
    },
  };
}

/**
 * The one way a scheduled job runs (docs/architecture.md « Tâches planifiées »): under its own lock
 * (`Base.exclusif`, never twice at once across instances), its start and outcome recorded as a run and
 * written to the messages of its domain. A failing job is recorded KO; it never throws.
 */
export function creerTaches(dependances: DependancesTaches): Taches {
  const { base } = dependances;
  const parCode = travaux(dependances);

  async function derouler(
    code: CodeTache,
    declencheur: string,
    surDebut: (execution: Execution) => void,
    echeance?: string,
  ): Promise<ExecutionTerminee | Sautee> {
    const travail = parCode[code];
    const issue = await base.exclusif(`debarras.tache.${code}`, async () => {
      const execution = await commencer(base.db, code, declencheur, echeance);
      if (execution === 'dejaFaite') return execution;
      surDebut(execution);
      const finDuChrono = dureeTaches.startTimer({ tache: code });
      let resultat: Resultat;
      try {
        resultat = await travail.executer();
      } catch (erreur) {
        resultat = { ok: false, bilan: travail.echec(raisonDe(erreur)), aReessayer: true };
      }
      finDuChrono();
      executionsTaches.inc({ tache: code, resultat: resultat.ok ? 'ok' : 'echec' });
      const terminee = await terminer(base.db, code, execution.idExecution, resultat.ok, resultat.bilan);
      return { execution: terminee, aReessayer: resultat.aReessayer ?? false };
    });
    const resultat = issue.obtenu ? issue.resultat : 'occupee';
    if (typeof resultat === 'string') executionsTaches.inc({ tache: code, resultat: resultat === 'occupee' ? 'occupee' : 'deja_faite' });
    return resultat;
  }

  const enCours = new Set<Promise<unknown>>();
  /** Each run, kept until it ends: a stop waits for it rather than cut it in the middle of its work. */
  const suivre = <T>(execution: Promise<T>) => {
    enCours.add(execution);
    void execution.finally(() => enCours.delete(execution)).catch(() => undefined);
    return execution;
  };

  return {
    async attendreEnCours() {
      await Promise.allSettled([...enCours]);
    },
    async executer(code, echeance) {
      try {
        return await suivre(derouler(code, DECLENCHEUR_PLANIFIE, () => undefined, echeance));
      } catch (erreur) {
        // the run could not even be recorded (the database is down): the server's log keeps it
        console.error(`Tâche ${code} en échec :`, erreur);
        return 'indisponible';
      }
    },
    async conclureInterrompues() {
      let closes = 0;
      for (const code of CODES_TACHE) {
        const issue = await base.exclusif(`debarras.tache.${code}`, () => conclureInterrompues(base.db, code));
        if (issue.obtenu) closes += issue.resultat;
      }
      return closes;
    },
    lancer(code, declencheur) {
      return new Promise<Execution | 'occupee'>((resoudre, rejeter) => {
        suivre(derouler(code, declencheur, resoudre)).then(
          (issue) => {
            if (typeof issue === 'string') resoudre('occupee');
          },
          (erreur) => {
            // after its start was answered, a failure can only reach the server's log
            console.error(`Tâche ${code} en échec :`, erreur);
            rejeter(erreur);
          },
        );
      });
    },
  };
}
