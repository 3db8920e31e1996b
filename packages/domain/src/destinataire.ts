import { z } from 'zod';
import { idPositif } from './debarras/champs.js';
import { auditSchema, versionALaModification, versionParametre, versionSaisie } from './audit.js';
import { FORMATS_IMPRESSION } from './impression.js';
import { filtreActif, filtreChoix, filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteObligatoire } from './saisie.js';

export const DESTINATAIRE_MESSAGES = {
  nomObligatoire: 'La saisie du nom est obligatoire',
  nomTropLong: 'Le nom est trop long. Maximum 255 caratères',
  emailObligatoire: "La saisie de l'e-mail est obligatoire",
  emailInvalide: 'Veuillez saisir un e-mail valide',
  descriptionObligatoire: 'La saisie de la description est obligatoire',
  descriptionTropLongue: 'La description est trop longue. Maximum 255 caratères',
  typeObligatoire: 'La saisie du type est obligatoire',
  actifInvalide: 'Le statut doit valoir 0 ou 1.',
  introuvable: 'Le destinataire',
  confirmationSuppression: (nom: string) => `Voulez-vous vraiment supprimer le destinataire ${nom} ?`,
} as const;

export const DESTINATAIRE_SUCCES = {
  ajoute: (nom: string) => `Le destinataire ${nom} a été correctement ajouté`,
  misAJour: (nom: string) => `Le destinataire ${nom} a été correctement mis à jour`,
  supprime: (nom: string) => `Le destinataire ${nom} a été correctement supprimé`,
} as const;

export const DESTINATAIRE_LIBELLES = {
  titre: 'Destinataires',
  destinataire: 'Destinataire',
  email: 'E-mail',
  description: 'Description',
  type: 'Type',
  actif: 'Statut',
  nouveau: 'Nouveau destinataire',
  fiche: (nom: string) => `Destinataire ${nom}`,
  choisirType: 'Choisir un format',
  titreSuppression: 'Supprimer le destinataire',
} as const;

const destinataireSaisie = z.object({
  idDestinataire: idPositif.optional(),
  destinataire: texteObligatoire(255, DESTINATAIRE_MESSAGES.nomObligatoire, DESTINATAIRE_MESSAGES.nomTropLong),
  email: texteObligatoire(255, DESTINATAIRE_MESSAGES.emailObligatoire, DESTINATAIRE_MESSAGES.emailInvalide).pipe(
    z.email({ error: DESTINATAIRE_MESSAGES.emailInvalide }),
  ),
  description: texteObligatoire(
    255,
    DESTINATAIRE_MESSAGES.descriptionObligatoire,
    DESTINATAIRE_MESSAGES.descriptionTropLongue,
    'plusieurs',
  ),
  type: z.enum(FORMATS_IMPRESSION, { error: DESTINATAIRE_MESSAGES.typeObligatoire }),
  actif: z.union([z.literal(0), z.literal(1)], { error: DESTINATAIRE_MESSAGES.actifInvalide }),
  version: versionSaisie,
});
export const destinataireSaisieSchema = versionALaModification(destinataireSaisie, 'idDestinataire');
export type DestinataireSaisie = z.input<typeof destinataireSaisieSchema>;

/** `DELETE /destinataire/{id}?version=n`: the version of the recipient the user chose to delete. */
export const destinataireSuppressionSchema = z.object({ version: versionParametre });

export const destinataireSchema = z
  .object({
    idDestinataire: z.number().int(),
    destinataire: z.string(),
    email: z.string(),
    description: z.string(),
    type: z.enum(FORMATS_IMPRESSION),
    actif: z.union([z.literal(0), z.literal(1)]),
  })
  .extend(auditSchema.shape);
export type Destinataire = z.infer<typeof destinataireSchema>;

export const DESTINATAIRE_CHAMPS_TRIABLES = ['destinataire', 'email', 'description', 'type', 'actif'] as const;
export const destinataireListeSchema = schemaListe(DESTINATAIRE_CHAMPS_TRIABLES, {
  destinataire: filtreTexte,
  email: filtreTexte,
  description: filtreTexte,
  type: filtreChoix(FORMATS_IMPRESSION, 'de type'),
  actif: filtreActif,
});
export const DESTINATAIRE_TRI_DEFAUT: Tri<(typeof DESTINATAIRE_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'destinataire', sens: 'asc' }];
export const DESTINATAIRE_FILTRE_DEFAUT = { actif: 1 } as const;
