import { z } from 'zod';
import { auditSchema, versionALaModification, versionSaisie } from './audit.js';
import { isoDate } from './dates.js';
import { filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteObligatoire } from './saisie.js';

export const RIVES = [
  { valeur: 1, libelle: 'Gauche' },
  { valeur: 2, libelle: 'Droite' },
  { valeur: 3, libelle: 'Mixte' },
] as const;
export type Rive = (typeof RIVES)[number]['valeur'];
export const libelleRive = (rive: number | null | undefined) => RIVES.find((r) => r.valeur === rive)?.libelle ?? '';

export const SECTEUR_MESSAGES = {
  libelleObligatoire: 'La saisie du libellé est obligatoire',
  libelleTropLong: 'Le libellé est trop long. Maximum 255 caratères',
  dateDebutObligatoire: "La saisie du début d'activité est obligatoire",
  riveInvalide: 'La rive doit être Gauche (1), Droite (2) ou Mixte (3).',
  dateFinAvantDebut: "La fin d'activité doit être postérieure ou égale au début d'activité.",
  libelleExistant: (libelle: string) => `Un secteur nommé « ${libelle} » existe déjà.`,
  libelleNonModifiable: "Le libellé d'un secteur existant ne peut pas être modifié.",
  dateDebutNonModifiable: "Le début d'activité d'un secteur existant ne peut pas être modifié.",
  introuvable: 'Le secteur',
  listeImpossible: 'Impossible de récupérer la liste des secteurs.',
} as const;

export const SECTEUR_SUCCES = {
  ajoute: (libelle: string) => `Le secteur ${libelle} a été correctement ajouté`,
  misAJour: (libelle: string) => `Le secteur ${libelle} a été correctement mis à jour`,
} as const;

export const SECTEUR_LIBELLES = {
  titre: 'Secteurs',
  libelle: 'Libellé',
  rive: 'Rive',
  dateDebut: "Début d'activité",
  dateFin: "Fin d'activité",
  actif: 'Actif',
  inactif: '(Inactif)',
  nouveau: 'Nouveau secteur',
  choisirRive: 'Choisir une rive',
} as const;

const rive = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: SECTEUR_MESSAGES.riveInvalide });

const secteurSaisie = z
  .object({
    idSecteur: z.number().int().positive().optional(),
    libelle: texteObligatoire(255, SECTEUR_MESSAGES.libelleObligatoire, SECTEUR_MESSAGES.libelleTropLong),
    rive: rive.nullish().transform((v) => v ?? null),
    dateDebut: z.string({ error: SECTEUR_MESSAGES.dateDebutObligatoire }).min(1, SECTEUR_MESSAGES.dateDebutObligatoire).pipe(isoDate()),
    // Blank means "no end date": the sector is active again.
    dateFin: z.preprocess((v) => (v === '' ? null : v), isoDate().nullish()).transform((v) => v ?? null),
    version: versionSaisie,
  })
  .refine((s) => !s.dateFin || s.dateFin >= s.dateDebut, { error: SECTEUR_MESSAGES.dateFinAvantDebut, path: ['dateFin'] });
export const secteurSaisieSchema = versionALaModification(secteurSaisie, 'idSecteur');
export type SecteurSaisie = z.input<typeof secteurSaisieSchema>;

export const secteurSchema = z
  .object({
    idSecteur: z.number().int(),
    libelle: z.string(),
    rive: z.number().int().nullable(),
    dateDebut: z.string(),
    dateFin: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type Secteur = z.infer<typeof secteurSchema>;

/** A sector is inactive once it has an end date (docs/regles.md « Autres états »). */
export const secteurActif = (s: Pick<Secteur, 'dateFin'>) => !s.dateFin;

const filtreRive = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(rive).optional());

export const SECTEUR_CHAMPS_TRIABLES = ['libelle', 'rive', 'dateDebut', 'dateFin', 'actif'] as const;
export const secteurListeSchema = schemaListe(SECTEUR_CHAMPS_TRIABLES, { libelle: filtreTexte, rive: filtreRive });
export const SECTEUR_TRI_DEFAUT: Tri<(typeof SECTEUR_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'libelle', sens: 'asc' }];
