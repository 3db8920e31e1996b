import { z } from 'zod';

/** The server's scheduled jobs, in the order the « Tâches planifiées » screen lists them (docs/regles.md « Tâches planifiées »). */
export const CODES_TACHE = [
  'planification',
  'recurrences',
  'anonymisation',
  'sauvegarde',
  'envoiFeuilles',
  'placesEnLigne',
  'rappelsEnLigne',
] as const;
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
  sauvegarde: {
    libelle: 'Sauvegarde de la base',
    description:
      'Écrit une copie complète de la base dans le dossier des sauvegardes (SAUVEGARDE_DIR, par défaut DATA_DIR/sauvegardes), sans arrêter le serveur, puis supprime les sauvegardes de plus de sauvegarde.jours jours (14 par défaut).',
    quand: "Chaque nuit après l'anonymisation",
  },
  envoiFeuilles: {
    libelle: 'Envoi des feuilles de route',
    description:
      'Envoie aux destinataires actifs, par e-mail, les feuilles de route du jour ouvrable suivant dans leur format, une fois par destinataire.',
    quand: "Les jours ouvrables, dès l'heure du paramètre envoi.feuilles.heure, toutes les 15 minutes jusqu'à l'envoi",
  },
  placesEnLigne: {
    libelle: 'Places non validées',
    description:
      'Libère la place des réservations en ligne dont le lien de validation n’a pas été suivi dans le délai du paramètre enligne.validation.minutes : le débarras passe à Supprimé.',
    quand: 'Au démarrage du serveur, puis toutes les 15 minutes',
  },
  rappelsEnLigne: {
    libelle: 'Rappels des réservations en ligne',
    description:
      'Envoie la veille de la levée, à chaque réservation en ligne validée, un e-mail de rappel avec les consignes de dépôt (paramètres enligne.consignes.fr et enligne.consignes.en), une fois par réservation.',
    quand: 'Chaque jour dès l’heure du paramètre enligne.rappel.heure, toutes les 15 minutes jusqu’à l’envoi',
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

const UNITES_TAILLE = ['octets', 'ko', 'Mo', 'Go', 'To'] as const;
const nombreFrancais = new Intl.NumberFormat('fr-CH', { maximumFractionDigits: 1 });

/** A file's size for a message, « 2,4 Mo » (units of 1 024). */
export function formatTaille(octets: number): string {
  let valeur = octets;
  let unite = 0;
  while (valeur >= 1024 && unite < UNITES_TAILLE.length - 1) {
    valeur /= 1024;
    unite++;
  }
  return `${nombreFrancais.format(valeur)} ${UNITES_TAILLE[unite]}`;
}

/** What the « Sauvegarde » job and the `sauvegarde` / `restauration` command lines write (docs/exploitation.md « Sauvegarde et restauration »). */
export const SAUVEGARDE_MESSAGES = {
  bilan: (dossier: string, fichier: string, octets: number, supprimees: number, jours: number) =>
    `Sauvegarde écrite dans ${dossier} : ${fichier} (${formatTaille(octets)}) ; ` +
    (supprimees === 0
      ? `aucune sauvegarde de plus de ${jours} jours à supprimer.`
      : `${supprimees} sauvegarde${supprimees > 1 ? 's' : ''} de plus de ${jours} jours supprimée${supprimees > 1 ? 's' : ''}.`),
  outilIntrouvable: (outil: string) =>
    `${outil} est introuvable sur cette machine : installez le client PostgreSQL (paquet Debian postgresql-client, de la version majeure du serveur ou plus récente).`,
  outilEnEchec: (outil: string, code: number | null, sortie: string) =>
    `${outil} a échoué (code ${code ?? 'inconnu'})${sortie ? ` : ${sortie}` : '.'}`,
  fichierExistant: (fichier: string) => `Le fichier ${fichier} existe déjà : donnez un autre nom, la commande n'écrase pas une sauvegarde.`,
  fichierIntrouvable: (fichier: string) => `Le fichier ${fichier} est introuvable ou illisible.`,
  pasUneSauvegarde: (fichier: string) =>
    `Le fichier ${fichier} n'est pas une sauvegarde de Débarras (ni SQL de pg_dump, compressé ou non, ni format custom de pg_dump).`,
  sauvegardePostgresSurPglite: (fichier: string) =>
    `Le fichier ${fichier} est une sauvegarde d'un serveur PostgreSQL (format custom) : elle se restaure avec DATABASE_URL, pas dans la base embarquée.`,
  sauvegardePgliteSurPostgres: (fichier: string) =>
    `Le fichier ${fichier} est une sauvegarde de la base embarquée (SQL) : elle se restaure sans DATABASE_URL, dans DATA_DIR.`,
  serveurEnMarche:
    'Pour sauvegarder sans arrêter le serveur : « Technique › Tâches planifiées », « Sauvegarde de la base », « Lancer maintenant » ; le serveur écrit la sauvegarde dans son dossier des sauvegardes.',
  sauvegardeTronquee: (fichier: string) =>
    `Le fichier ${fichier} est une sauvegarde incomplète (coupée avant sa fin) : prenez-en une autre.`,
  restaurationIllisible: (raison: string) =>
    `La sauvegarde n'a pas pu être chargée ; la base actuelle n'a pas été touchée. Cause : ${raison}`,
  sansDossier: "Aucun dossier de sauvegarde n'est configuré pour ce serveur (SAUVEGARDE_DIR).",
  /** A file system failure: what was done, on which path (the one the system names, maybe a parent), and why. */
  systeme: (operation: string, chemin: string, raison: string, code: string) => `${operation} ${chemin} impossible : ${raison} (${code}).`,
  /** The failing path is not the dumps' folder itself (a parent): which folder it was for. */
  pourLeDossier: (dossier: string) => ` Dossier des sauvegardes : ${dossier} (SAUVEGARDE_DIR).`,
  gardeEnEchec: (fichier: string, raison: string) =>
    `La sauvegarde ${fichier} est écrite, mais les sauvegardes anciennes n'ont pas pu être supprimées : ${raison}`,
  sansBaseEmbarquee: (dossier: string) => `Il n'y a pas de base embarquée dans ${dossier} : rien à sauvegarder.`,
} as const;

/** What a file system call was doing, by its name in Node's error (`syscall`). */
export const OPERATIONS_FICHIER: Record<string, string> = {
  mkdir: 'Création du dossier',
  chmod: 'Restriction des droits (0700) du dossier',
  open: 'Création ou ouverture de',
  write: 'Écriture de',
  fsync: 'Écriture sur le disque de',
  rename: 'Renommage de',
  unlink: 'Suppression de',
  rm: 'Suppression de',
  rmdir: 'Suppression de',
  scandir: 'Lecture du dossier',
  stat: 'Lecture de',
  lstat: 'Lecture de',
};

/** Why, by the system's error code. */
export const RAISONS_FICHIER: Record<string, string> = {
  EACCES: 'permission refusée au compte du serveur',
  EPERM: 'opération non permise au compte du serveur (le chemin appartient à un autre compte ?)',
  ENOENT: "le chemin n'existe pas",
  ENOTDIR: 'un élément du chemin est un fichier, pas un dossier',
  EEXIST: 'un fichier ou un dossier de ce nom existe déjà',
  EISDIR: "c'est un dossier",
  ENOSPC: 'plus de place sur le disque',
  EDQUOT: 'quota du disque dépassé',
  EROFS: 'système de fichiers en lecture seule',
  EIO: "erreur d'entrée-sortie du disque",
  EMFILE: 'trop de fichiers ouverts',
  ENFILE: 'trop de fichiers ouverts',
  ENAMETOOLONG: 'chemin trop long',
  ELOOP: 'trop de liens symboliques',
};

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
