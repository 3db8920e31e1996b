import { z } from 'zod';

/** The server's scheduled jobs, in the order the « Tâches planifiées » screen lists them (docs/regles.md « Tâches planifiées »). */
export const CODES_TACHE = ['planification', 'recurrences', 'anonymisation', 'envoiFeuilles'] as const;
export type CodeTache = (typeof CODES_TACHE)[number];

export interface DescriptionTache {
  libelle: string;
  description: string;
  /** When it runs, in words. */
  quand: string;
}

export const TACHES: Record<CodeTache, DescriptionTache> = {
  planification: {
    libelle: 'Planification des levées',
    description:
      "Crée la levée standard de chaque secteur actif sur chaque jour ouvrable, d'aujourd'hui à l'horizon du paramètre levee.horizon.jours.",
    quand: 'Au démarrage du serveur, puis chaque nuit à 1 h',
  },
  recurrences: {
    libelle: 'Débarras récurrents',
    description:
      'Crée, pour chaque récurrence active, un débarras sur chaque levée standard active à venir de son secteur un jour choisi, une seule fois par levée.',
    quand: "Chaque nuit après la planification des levées ; pour une récurrence, dès qu'elle est enregistrée",
  },
  anonymisation: {
    libelle: 'Anonymisation',
    description:
      "Efface le nom, le téléphone, l'e-mail et les remarques générales des débarras archivés ou supprimés dont la levée date de plus de anonymisation.mois mois.",
    quand: 'Chaque nuit après les débarras récurrents',
  },
  envoiFeuilles: {
    libelle: 'Envoi des feuilles de route',
    description:
      'Envoie aux destinataires actifs, par e-mail, les feuilles de route du jour ouvrable suivant dans leur format, une fois par destinataire.',
    quand: "Les jours ouvrables, dès l'heure du paramètre envoi.feuilles.heure, toutes les 15 minutes jusqu'à l'envoi",
  },
};

export const STATUTS_EXECUTION = ['EN_COURS', 'OK', 'KO'] as const;
export type StatutExecution = (typeof STATUTS_EXECUTION)[number];

/** One run of a job, as the screen shows its last. */
export const executionSchema = z.object({
  idExecution: z.number().int(),
  debut: z.string(),
  fin: z.string().nullable(),
  dureeMs: z.number().int().nullable(),
  statut: z.enum(STATUTS_EXECUTION),
  bilan: z.string().nullable(),
  /** « planifiée », or the user who pressed « Lancer maintenant ». */
  declencheur: z.string(),
});
export type Execution = z.infer<typeof executionSchema>;

export const tacheSchema = z.object({
  code: z.enum(CODES_TACHE),
  libelle: z.string(),
  description: z.string(),
  quand: z.string(),
  derniere: executionSchema.nullable(),
});
export type Tache = z.infer<typeof tacheSchema>;

export const tacheParametresSchema = z.object({
  code: z.enum(CODES_TACHE, { error: 'Tâche inconnue.' }),
});

/** What a scheduled run writes as its trigger. */
export const DECLENCHEUR_PLANIFIE = 'planifiée';

export const TACHE_MESSAGES = {
  enCours: (libelle: string) => `La tâche « ${libelle} » est déjà en cours : attendez qu'elle se termine.`,
  lancee: (libelle: string) => `La tâche « ${libelle} » est lancée.`,
  confirmation: (libelle: string) => `Lancer maintenant la tâche « ${libelle} » ?`,
  terminee: (libelle: string) => `La tâche « ${libelle} » est terminée.`,
  enEchec: (libelle: string) => `La tâche « ${libelle} » a échoué.`,
  debut: (libelle: string, declencheur: string) =>
    declencheur === DECLENCHEUR_PLANIFIE ? `${libelle} : début.` : `${libelle} : début (lancée par ${declencheur}).`,
  interrompue: 'Interrompue : le serveur s’est arrêté pendant son exécution.',
} as const;

export const TACHE_LIBELLES = {
  titre: 'Tâches planifiées',
  tache: 'Tâche',
  quand: 'Exécution',
  derniere: 'Dernière exécution',
  debut: 'Début',
  duree: 'Durée',
  resultat: 'Résultat',
  bilan: 'Bilan',
  declencheur: 'Lancée',
  jamais: 'Pas encore exécutée',
  enCours: 'En cours',
  ok: 'OK',
  ko: 'KO',
  lancer: 'Lancer maintenant',
  lancerOk: 'Lancer',
  annuler: 'Annuler',
  voirMessages: 'Voir les messages',
} as const;
