import { z } from 'zod';
import { idPositif } from './debarras/champs.js';
import { auditSchema, versionALaModification, versionSaisie } from './audit.js';
import { filtreActif, filtreChoix, filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteObligatoire, texteOptionnel } from './saisie.js';

export const TYPES_OBJET = ['Objet', 'Interdit'] as const;
export type TypeObjet = (typeof TYPES_OBJET)[number];

export const OBJET_MESSAGES = {
  libelleObligatoire: 'La saisie du libellé est obligatoire',
  tropLong: 'Le champ est trop long. Maximum 255 caractères',
  libelleExtObligatoire: 'La saisie du libellé en ligne est obligatoire',
  urlObligatoire: "La saisie de l'image est obligatoire",
  urlTropLongue: 'Le champ est trop long. Maximum 100 caractères',
  ordreObligatoire: "La saisie de l'ordre d'affichage est obligatoire",
  ordreMaximum: 'Maximum 3 caractères',
  ordreInvalide: "L'ordre d'affichage doit être un nombre entier positif.",
  typeObligatoire: "La saisie de type d'objet est obligatoire",
  urlInterditTropLongue: 'Le lien est trop long. Maximum 255 caractères',
  actifInvalide: 'Le statut doit valoir 0 ou 1.',
  reserveTechnique: 'Seul le rôle technique peut ajouter un objet ou modifier ses libellés en ligne et son image.',
  introuvable: "L'objet",
} as const;

export const OBJET_SUCCES = {
  ajoute: (libelle: string) => `L'objet ${libelle} a été correctement ajouté`,
  misAJour: (libelle: string) => `L'objet ${libelle} a été correctement mis à jour`,
} as const;

export const OBJET_LIBELLES = {
  titre: 'Objets',
  libelle: 'Libellé',
  libelleExt: 'Libellé en ligne',
  libelleExtEn: 'Libellé en ligne en anglais',
  type: 'Type',
  url: 'Image',
  urlInterdit: 'Lien objet interdit',
  urlInterditEn: 'Lien objet interdit en anglais',
  aideAnglais: 'Pour les pages et e-mails en anglais ; vide, le texte français est repris.',
  ordre: "Ordre d'affichage",
  actif: 'Statut',
  nouveau: 'Nouvel objet',
  fiche: (libelle: string) => `Objet ${libelle}`,
  choisirType: 'Choisir un type',
  apercu: "Aperçu de l'image",
  image: (libelle: string) => `Image ${libelle}`,
} as const;

const actif = z.union([z.literal(0), z.literal(1)], { error: OBJET_MESSAGES.actifInvalide });

const objetSaisie = z.object({
  idObjet: idPositif.optional(),
  libelle: texteObligatoire(255, OBJET_MESSAGES.libelleObligatoire, OBJET_MESSAGES.tropLong),
  libelleExt: texteObligatoire(255, OBJET_MESSAGES.libelleExtObligatoire, OBJET_MESSAGES.tropLong),
  url: texteObligatoire(100, OBJET_MESSAGES.urlObligatoire, OBJET_MESSAGES.urlTropLongue),
  urlInterdit: texteOptionnel(255, OBJET_MESSAGES.urlInterditTropLongue),
  libelleExtEn: texteOptionnel(255, OBJET_MESSAGES.tropLong),
  urlInterditEn: texteOptionnel(255, OBJET_MESSAGES.urlInterditTropLongue),
  ordre: z
    .number({ error: OBJET_MESSAGES.ordreObligatoire })
    .int(OBJET_MESSAGES.ordreInvalide)
    .min(0, OBJET_MESSAGES.ordreInvalide)
    .max(999, OBJET_MESSAGES.ordreMaximum),
  type: z.enum(TYPES_OBJET, { error: OBJET_MESSAGES.typeObligatoire }),
  actif,
  version: versionSaisie,
});
export const objetSaisieSchema = versionALaModification(objetSaisie, 'idObjet');
export type ObjetSaisie = z.input<typeof objetSaisieSchema>;

export const objetSchema = z
  .object({
    idObjet: z.number().int(),
    libelle: z.string(),
    libelleExt: z.string(),
    url: z.string(),
    urlInterdit: z.string().nullable(),
    libelleExtEn: z.string().nullable(),
    urlInterditEn: z.string().nullable(),
    ordre: z.number().int(),
    type: z.enum(TYPES_OBJET),
    actif: z.union([z.literal(0), z.literal(1)]),
  })
  .extend(auditSchema.shape);
export type Objet = z.infer<typeof objetSchema>;

export const OBJET_CHAMPS_TRIABLES = ['libelle', 'libelleExt', 'type', 'url', 'urlInterdit', 'ordre', 'actif'] as const;
export const objetListeSchema = schemaListe(OBJET_CHAMPS_TRIABLES, {
  libelle: filtreTexte,
  type: filtreChoix(TYPES_OBJET, 'de type'),
  actif: filtreActif,
});
export const OBJET_TRI_DEFAUT: Tri<(typeof OBJET_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'ordre', sens: 'asc' }];
export const OBJET_FILTRE_DEFAUT = { actif: 1 } as const;
