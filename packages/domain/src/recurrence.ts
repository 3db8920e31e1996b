import { z } from 'zod';
import { idPositif } from './debarras/champs.js';
import { auditSchema, versionALaModification, versionParametre, versionSaisie } from './audit.js';
import { formatJour, formatJourSemaine, estDateIso } from './dates.js';
import { champEmail, champTelephone, champTexte, lignesObjetsSchema } from './debarras/saisie.js';
import { debarrasObjetSchema } from './debarras/schemas.js';
import { filtreActif, filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteOptionnel } from './saisie.js';

/** The weekdays a récurrence may name, in the order they are stored and shown (docs/regles.md « Récurrences »). */
export const JOURS_RECURRENCE = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'] as const;
export type JourRecurrence = (typeof JOURS_RECURRENCE)[number];

/** ISO day of the week (1 = Monday) of each name, as PostgreSQL's `isodow` reads a levée's date. */
export const ISODOW_JOUR: Record<JourRecurrence, number> = { lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5 };

export const RECURRENCE_MESSAGES = {
  adresseObligatoire: "La saisie de l'adresse est obligatoire",
  jourObligatoire: "La saisie d'au moins un jour est obligatoire",
  jourInconnu: (jour: string) => `Jour inconnu : « ${jour} ». Jours possibles : ${JOURS_RECURRENCE.join(', ')}.`,
  dateDebutObligatoire: 'La saisie de la date de début est obligatoire',
  dateInvalide: 'La date doit être au format AAAA-MM-JJ.',
  dateFinAvantDebut: 'La date de fin ne peut pas précéder la date de début.',
  remarqueTropLongue: 'La remarque lieu est trop longue. Maximum 255 caratères',
  remarqueObjetTropLongue: 'La remarque objets est trop longue. Maximum 255 caratères',
  adresseInconnue: (idpAdr: string) => `L'adresse ${idpAdr} est inconnue du registre des adresses.`,
  introuvable: 'La récurrence',
  creationTitre: 'Créer les débarras récurrents ?',
  creation: (dates: readonly string[]) =>
    `L'enregistrement crée ${dates.length} débarras récurrent(s), un sur chaque levée à venir des jours choisis : ${dates.map(formatJourSemaine).join(', ')}.`,
  creationAucune: "Aucune levée à venir ne tombe sur les jours choisis : l'enregistrement ne crée aucun débarras pour l'instant.",
  appliquerTitre: 'Modifier aussi les débarras à venir ?',
  appliquer: (n: number) =>
    `Cette récurrence a déjà créé ${n} débarras pas encore levé(s). Leur appliquer aussi le demandeur, les objets et les remarques de la récurrence ?`,
  appliquerAdresse: (n: number) =>
    `Cette récurrence a déjà créé ${n} débarras pas encore levé(s), à l'ancienne adresse. Les refaire à la nouvelle adresse (sur les levées de son secteur), avec le demandeur, les objets et les remarques de la récurrence ? Sinon, ils restent à l'ancienne adresse.`,
  confirmationSuppression: (adresse: string) =>
    `Voulez-vous vraiment supprimer la récurrence de ${adresse} ? Les débarras récurrents déjà créés ne sont pas supprimés.`,
} as const;

/** docs/regles.md « Messages de succès ». */
export const RECURRENCE_SUCCES = {
  ajoute: () => 'La récurrence a bien été créée',
  misAJour: () => 'La récurrence a bien été mise à jour',
  supprime: (adresse: string) => `La récurrence de ${adresse} a bien été supprimée`,
  debarrasCrees: (n: number) => `${n} débarras récurrent(s) créé(s) sur les levées à venir.`,
  debarrasModifies: (n: number) => `${n} débarras à venir mis à jour comme la récurrence.`,
} as const;

export const RECURRENCE_LIBELLES = {
  titre: 'Récurrences',
  adresse: 'Adresse',
  recurrence: 'Récurrence',
  dateDebut: 'Date début',
  dateFin: 'Date fin',
  remarque: 'Remarque lieu',
  remarqueObjet: 'Remarque objet',
  statut: 'Statut',
  nouvelle: 'Nouvelle récurrence',
  fiche: 'Détail de la récurrence',
  rechercheAdresse: 'Rechercher une adresse',
  jours: 'Jours',
  dateDebutSaisie: 'Date de début',
  dateFinSaisie: 'Date de fin',
  remarqueSaisie: 'Remarques lieu',
  remarqueObjetSaisie: 'Remarque objets',
  actif: 'Actif',
  info: 'Les débarras récurrents sont créés pour toutes les levées à venir des jours choisis. Désélectionner un jour ne supprime pas les débarras déjà créés.',
  titreSuppression: 'Supprimer la récurrence',
  infoSuppression: 'Supprimer la récurrence (les débarras récurrents déjà créés ne sont pas supprimés)',
  demandeur: 'Demandeur (facultatif)',
  nomPersonne: 'Nom demandeur',
  telephone: 'Téléphone',
  email: 'E-Mail',
  objets: 'Objets',
  creer: 'Enregistrer et créer',
  appliquerAussi: 'Modifier aussi les débarras',
  recurrenceSeule: 'La récurrence seule',
} as const;

/** A weekday as the form's boxes show it: « Lundi ». */
export const libelleJour = (jour: JourRecurrence) => jour.charAt(0).toUpperCase() + jour.slice(1);

/** The stored days (« lundi,jeudi »), in order; unknown names are dropped. */
export const joursDeRecurrence = (texte: string | null | undefined): JourRecurrence[] => {
  const noms = new Set((texte ?? '').split(',').map((j) => j.trim().toLowerCase()));
  return JOURS_RECURRENCE.filter((j) => noms.has(j));
};

/** « lundi, jeudi »: the days as a list shows them. */
export const libelleRecurrence = (texte: string) => joursDeRecurrence(texte).join(', ');

/** The days sent as « lundi,jeudi » or as a list of names, checked and put back in order Monday to Friday. */
const jours = z.union([z.string(), z.array(z.string())], { error: RECURRENCE_MESSAGES.jourObligatoire }).transform((valeur, ctx) => {
  const noms = (Array.isArray(valeur) ? valeur : valeur.split(',')).map((j) => j.trim().toLowerCase()).filter(Boolean);
  const inconnu = noms.find((j) => !(JOURS_RECURRENCE as readonly string[]).includes(j));
  if (inconnu !== undefined) {
    ctx.issues.push({ code: 'custom', message: RECURRENCE_MESSAGES.jourInconnu(inconnu), input: valeur });
    return z.NEVER;
  }
  if (!noms.length) {
    ctx.issues.push({ code: 'custom', message: RECURRENCE_MESSAGES.jourObligatoire, input: valeur });
    return z.NEVER;
  }
  return JOURS_RECURRENCE.filter((j) => noms.includes(j)).join(',');
});

const date = (obligatoire: string) =>
  z.string({ error: obligatoire }).trim().min(1, obligatoire).refine(estDateIso, { error: RECURRENCE_MESSAGES.dateInvalide });

const recurrenceSaisie = z
  .object({
    idRecurrence: idPositif.optional(),
    version: versionSaisie,
    adresse: z.object(
      { idpAdr: z.string({ error: RECURRENCE_MESSAGES.adresseObligatoire }).trim().min(1, RECURRENCE_MESSAGES.adresseObligatoire).max(30) },
      { error: RECURRENCE_MESSAGES.adresseObligatoire },
    ),
    recurrence: jours,
    dateDebut: date(RECURRENCE_MESSAGES.dateDebutObligatoire),
    dateFin: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || estDateIso(v), { error: RECURRENCE_MESSAGES.dateInvalide }),
    remarque: texteOptionnel(255, RECURRENCE_MESSAGES.remarqueTropLongue),
    remarqueObjet: texteOptionnel(255, RECURRENCE_MESSAGES.remarqueObjetTropLongue),
    isActif: z.boolean().default(true),
    nomPersonne: champTexte(255, 'une'),
    telephone: champTelephone,
    email: champEmail,
    recurrenceObjets: lignesObjetsSchema,
  })
  .superRefine((r, ctx) => {
    if (r.dateFin && r.dateFin < r.dateDebut)
      ctx.addIssue({ code: 'custom', message: RECURRENCE_MESSAGES.dateFinAvantDebut, path: ['dateFin'] });
  })
  .transform((r) => ({ ...r, recurrenceObjets: r.recurrenceObjets.filter((l) => l.quantite > 0) }));

/**
 * The récurrence form and `POST /recurrence` (docs/regles.md « Validation d'une récurrence »): an address, at least one
 * weekday, a start date; the requester and the object lines are optional and go to every débarras it creates.
 */
export const recurrenceSaisieSchema = versionALaModification(recurrenceSaisie, 'idRecurrence');
export type RecurrenceSaisie = z.input<typeof recurrenceSaisieSchema>;

/** `DELETE /recurrence/{id}?version=n`. */
export const recurrenceSuppressionSchema = z.object({ version: versionParametre });

/** A row of the list: the récurrence without its object lines. */
export const recurrenceLigneSchema = z
  .object({
    idRecurrence: z.number().int(),
    adresse: z.object({ idpAdr: z.string(), adresse: z.string() }),
    recurrence: z.string(),
    dateDebut: z.string(),
    dateFin: z.string().nullable(),
    remarque: z.string().nullable(),
    remarqueObjet: z.string().nullable(),
    isActif: z.boolean(),
    nomPersonne: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
  })
  .extend(auditSchema.shape);
export type RecurrenceLigne = z.infer<typeof recurrenceLigneSchema>;

/** A récurrence with its object lines, and how many of its débarras are still to collect (ACTIF, on a levée after today). */
export const recurrenceSchema = recurrenceLigneSchema.extend({
  recurrenceObjets: z.array(debarrasObjetSchema),
  debarrasAVenir: z.number().int(),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;

/**
 * `POST /recurrence`: the saved récurrence, how many débarras the save created at once on the coming levées, and how
 * many of its débarras still to collect took its changes (`appliquerAuxDebarras=true`).
 */
export const recurrenceEnregistreeSchema = recurrenceSchema.extend({ debarrasCrees: z.number().int(), debarrasModifies: z.number().int() });
export type RecurrenceEnregistree = z.infer<typeof recurrenceEnregistreeSchema>;

/** `POST /recurrence?appliquerAuxDebarras=true` carries the requester, objects and remarks to the débarras still to collect. */
export const recurrenceEnregistrementSchema = z.object({
  appliquerAuxDebarras: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** `POST /recurrence/apercu`: the days of the levées on which saving this récurrence would create a débarras. */
export const recurrenceApercuSchema = z.object({ dates: z.array(z.string()) });
export type RecurrenceApercu = z.infer<typeof recurrenceApercuSchema>;

export const RECURRENCE_CHAMPS_TRIABLES = [
  'adresse',
  'recurrence',
  'dateDebut',
  'dateFin',
  'remarque',
  'remarqueObjet',
  'isActif',
] as const;
export const recurrenceListeSchema = schemaListe(RECURRENCE_CHAMPS_TRIABLES, {
  adresse: filtreTexte,
  recurrence: filtreTexte,
  remarque: filtreTexte,
  remarqueObjet: filtreTexte,
  actif: filtreActif,
});
export const RECURRENCE_TRI_DEFAUT: Tri<(typeof RECURRENCE_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'recurrence', sens: 'asc' }];
export const RECURRENCE_FILTRE_DEFAUT = { actif: 1 } as const;

/** What the creation of the recurring débarras writes to the messages (domain RECURRENCE). */
export const RECURRENCE_TACHE_MESSAGES = {
  depassement: (dateLevee: string, secteur: string, places: number, max: number, crees: number) =>
    `Levée du ${formatJour(dateLevee)} (${secteur}) : ${crees} débarras récurrent(s) créé(s), ${places} débarras pour ${max} places. Déplacez des débarras vers une autre levée.`,
  bilan: (crees: number, recurrences: number, levees: number, depassements: number) =>
    crees
      ? `Débarras récurrents : ${crees} débarras créé(s) pour ${recurrences} récurrence(s) sur ${levees} levée(s)` +
        (depassements ? ` ; ${depassements} levée(s) au-delà de leur capacité.` : '.')
      : 'Débarras récurrents : aucun débarras à créer, toutes les levées à venir sont servies.',
  apresEnregistrement: (adresse: string, par: string, crees: number) =>
    `Récurrence de ${adresse} enregistrée par ${par} : ${crees} débarras récurrent(s) créé(s) sur les levées à venir.`,
} as const;
