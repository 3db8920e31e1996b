import { z } from 'zod';
import { auditSchema, versionALaModification, versionParametre, versionSaisie } from './audit.js';
import { coordonneeX, coordonneeY } from './carte.js';
import { dateIso } from './dates.js';
import { filtreChoix, filtreTexte, schemaListe, type Tri } from './liste.js';
import { texteOptionnel } from './saisie.js';

export const REMARQUE_EXCEPTION_MAX = 1000;

/** The « Statut » of the specification; the table keeps it as `actif` 1/0, which the server's repo translates. */
export const STATUTS_EXCEPTION = ['ACTIF', 'INACTIF'] as const;
export type StatutException = (typeof STATUTS_EXCEPTION)[number];

export const ADRESSE_EXCEPTION_MESSAGES = {
  adresseObligatoire: "La saisie de l'adresse est obligatoire",
  adresseExistante: (adresse: string) => `L'adresse ${adresse} existe déjà, veuillez la modifier.`,
  adresseInconnue: (idpAdr: string) => `L'adresse ${idpAdr} n'existe pas dans le registre des adresses.`,
  adresseNonModifiable: "L'adresse d'une exception ne change pas : supprimez l'exception puis ajoutez-en une à la nouvelle adresse.",
  remarqueInterneObligatoire: "La saisie d'une remarque interne est obligatoire",
  remarquePubliqueObligatoire: "La saisie d'une remarque publique est obligatoire",
  remarqueTravauxObligatoire: "La saisie d'une remarque travaux est obligatoire",
  datesTravauxObligatoires: "La saisie d'une date de début et de fin de travaux sont obligatoires",
  coordonneesTravauxObligatoires: 'La saisie des coordonées des travaux est obligatoire',
  pointDepotIncomplet: 'Le point de dépôt doit avoir ses deux coordonnées.',
  finTravauxAvantDebut: 'La fin des travaux doit être postérieure ou égale à leur début.',
  remarqueTropLongue: `La remarque est trop longue. Maximum ${REMARQUE_EXCEPTION_MAX} caractères`,
  statutInvalide: `Le statut doit valoir ${STATUTS_EXCEPTION.join(' ou ')}.`,
  aucuneAdresseCopie: 'Choisissez au moins une adresse sur la carte.',
  copieEnDouble: (adresse: string) => `L'adresse ${adresse} est choisie deux fois.`,
  autreGestionnaire: (adresse: string, gestionnaire: string) =>
    `L'adresse ${adresse} n'est pas gérée par ${gestionnaire} : l'exception ne peut pas y être copiée.`,
  introuvable: "L'adresse exception",
  confirmationSuppression: (adresse: string) => `Voulez-vous vraiment supprimer l'exception de l'adresse ${adresse} ?`,
} as const;

export const ADRESSE_EXCEPTION_SUCCES = {
  ajoutee: (adresse: string) => `L'exception de l'adresse ${adresse} a été correctement ajoutée`,
  miseAJour: (adresse: string) => `L'exception de l'adresse ${adresse} a été correctement mise à jour`,
  supprimee: (adresse: string) => `L'exception de l'adresse ${adresse} a été correctement supprimée`,
  copiee: (n: number) => (n === 1 ? "L'exception a été copiée sur 1 adresse" : `L'exception a été copiée sur ${n} adresses`),
} as const;

export const ADRESSE_EXCEPTION_LIBELLES = {
  titre: 'Adresses exceptions',
  idpadr: 'IDPADR',
  adresse: 'Adresse',
  remarqueInterne: 'Remarque interne',
  remarquePublique: 'Remarque publique',
  remarqueTravaux: 'Remarque travaux',
  dateDebutTravaux: 'Début travaux',
  dateFinTravaux: 'Fin travaux',
  statut: 'Statut',
  actif: 'Actif',
  inactif: 'Inactif',
  pointDepot: 'Point de dépôt',
  pointTravaux: 'Point des travaux',
  xdepot: 'Dépôt X',
  ydepot: 'Dépôt Y',
  xtravaux: 'Travaux X',
  ytravaux: 'Travaux Y',
  ajouter: 'Ajouter une adresse exception',
  modifier: 'Modifier',
  copier: 'Copier',
  supprimer: 'Supprimer',
  titreSuppression: "Supprimer l'exception",
  copieTitre: (adresse: string) => `Copier l'exception de ${adresse}`,
  adressesChoisies: 'Adresses choisies',
  carteTitre: 'Carte des exceptions',
} as const;

const coordonnee = (axe: typeof coordonneeX) => z.preprocess((v) => (v === '' ? null : v), axe.nullish()).transform((v) => v ?? null);
const dateOptionnelle = z.preprocess((v) => (v === '' ? null : v), dateIso().nullish()).transform((v) => v ?? null);
const remarque = texteOptionnel(REMARQUE_EXCEPTION_MAX, ADRESSE_EXCEPTION_MESSAGES.remarqueTropLongue);

/** What an exception says, without its address: shared by the detail form and each clone. */
const contenuException = z.object({
  remarqueInterne: remarque,
  remarquePublique: remarque,
  remarqueTravaux: remarque,
  dateDebutTravaux: dateOptionnelle,
  dateFinTravaux: dateOptionnelle,
  xdepot: coordonnee(coordonneeX),
  ydepot: coordonnee(coordonneeY),
  xtravaux: coordonnee(coordonneeX),
  ytravaux: coordonnee(coordonneeY),
  statut: z.enum(STATUTS_EXCEPTION, { error: ADRESSE_EXCEPTION_MESSAGES.statutInvalide }).default('ACTIF'),
});
type ContenuException = z.output<typeof contenuException>;

/** The conditional rules of docs/regles.md « Adresse exception », each on the field to fill. */
export function reglesException(e: ContenuException, ctx: z.RefinementCtx) {
  const m = ADRESSE_EXCEPTION_MESSAGES;
  const manque = (path: keyof ContenuException, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (e.remarquePublique && !e.remarqueInterne) manque('remarqueInterne', m.remarqueInterneObligatoire);
  if ((e.xdepot !== null || e.ydepot !== null) && !e.remarquePublique) manque('remarquePublique', m.remarquePubliqueObligatoire);
  if ((e.xdepot === null) !== (e.ydepot === null)) manque(e.xdepot === null ? 'xdepot' : 'ydepot', m.pointDepotIncomplet);
  const elementsTravaux = [e.remarqueTravaux, e.dateDebutTravaux, e.dateFinTravaux, e.xtravaux, e.ytravaux];
  const autresQue = (garde: unknown) => elementsTravaux.some((v) => v !== garde && v !== null);
  if (autresQue(e.remarqueTravaux) && !e.remarqueTravaux) manque('remarqueTravaux', m.remarqueTravauxObligatoire);
  if (!e.dateDebutTravaux && autresQue(e.dateDebutTravaux)) manque('dateDebutTravaux', m.datesTravauxObligatoires);
  if (!e.dateFinTravaux && autresQue(e.dateFinTravaux)) manque('dateFinTravaux', m.datesTravauxObligatoires);
  if (e.xtravaux === null && autresQue(e.xtravaux)) manque('xtravaux', m.coordonneesTravauxObligatoires);
  if (e.xtravaux !== null && e.ytravaux === null) manque('ytravaux', m.coordonneesTravauxObligatoires);
  if (e.dateDebutTravaux && e.dateFinTravaux && e.dateFinTravaux < e.dateDebutTravaux) manque('dateFinTravaux', m.finTravauxAvantDebut);
}

const idpadr = z
  .string({ error: ADRESSE_EXCEPTION_MESSAGES.adresseObligatoire })
  .trim()
  .min(1, ADRESSE_EXCEPTION_MESSAGES.adresseObligatoire)
  .max(30, ADRESSE_EXCEPTION_MESSAGES.adresseObligatoire);

const adresseExceptionSaisie = contenuException
  .extend({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    idpadr,
    /** The label shown to the user; the server stores the register's own. */
    adresse: z.string().max(255).optional(),
    version: versionSaisie,
  })
  .superRefine(reglesException);
export const adresseExceptionSaisieSchema = versionALaModification(adresseExceptionSaisie, 'id');
export type AdresseExceptionSaisie = z.input<typeof adresseExceptionSaisieSchema>;

/** `POST /adresseexception/clone`: one exception per chosen address, with the address's own x, y. */
export const adresseExceptionCopieSchema = z
  .array(
    contenuException
      .extend({ idpadr, adresse: z.string().max(255).optional(), x: z.number().optional(), y: z.number().optional() })
      .superRefine(reglesException),
    { error: ADRESSE_EXCEPTION_MESSAGES.aucuneAdresseCopie },
  )
  .min(1, ADRESSE_EXCEPTION_MESSAGES.aucuneAdresseCopie)
  .max(500);
export type AdresseExceptionCopie = z.input<typeof adresseExceptionCopieSchema>;

/** `DELETE /adresseexception/{id}?version=n`. */
export const adresseExceptionSuppressionSchema = z.object({ version: versionParametre });

/** `POST /adresseexception/extent`: the ids of the addresses shown on a map. */
export const adresseExceptionEtendueSchema = z.array(idpadr).max(5000);

export const adresseExceptionSchema = z
  .object({
    id: z.number().int(),
    idpadr: z.string(),
    adresse: z.string(),
    remarqueInterne: z.string().nullable(),
    remarquePublique: z.string().nullable(),
    remarqueTravaux: z.string().nullable(),
    dateDebutTravaux: z.string().nullable(),
    dateFinTravaux: z.string().nullable(),
    xdepot: z.number().nullable(),
    ydepot: z.number().nullable(),
    xtravaux: z.number().nullable(),
    ytravaux: z.number().nullable(),
    statut: z.enum(STATUTS_EXCEPTION),
  })
  .extend(auditSchema.shape);
export type AdresseException = z.infer<typeof adresseExceptionSchema>;

const STATUT_EXCEPTION_LIBELLES: Record<StatutException, string> = {
  ACTIF: ADRESSE_EXCEPTION_LIBELLES.actif,
  INACTIF: ADRESSE_EXCEPTION_LIBELLES.inactif,
};
export const libelleStatutException = (statut: StatutException) => STATUT_EXCEPTION_LIBELLES[statut];

/** Only an active exception shows on the maps and fills the débarras form (docs/regles.md « Adresses exceptions »). */
export const exceptionActive = (e: Pick<AdresseException, 'statut'>) => e.statut === 'ACTIF';

export const ADRESSE_EXCEPTION_CHAMPS_TRIABLES = [
  'idpadr',
  'adresse',
  'remarqueInterne',
  'remarquePublique',
  'remarqueTravaux',
  'dateDebutTravaux',
  'dateFinTravaux',
  'statut',
] as const;
export const adresseExceptionListeSchema = schemaListe(ADRESSE_EXCEPTION_CHAMPS_TRIABLES, {
  idpadr: filtreTexte,
  adresse: filtreTexte,
  remarqueInterne: filtreTexte,
  remarquePublique: filtreTexte,
  remarqueTravaux: filtreTexte,
  statut: filtreChoix(STATUTS_EXCEPTION, 'de statut'),
});
export const ADRESSE_EXCEPTION_TRI_DEFAUT: Tri<(typeof ADRESSE_EXCEPTION_CHAMPS_TRIABLES)[number]>[] = [{ champ: 'adresse', sens: 'asc' }];
export const ADRESSE_EXCEPTION_FILTRE_DEFAUT = { statut: 'ACTIF' } as const;

/** Works are in progress on a day when it falls within the works dates, both included. */
export const travauxEnCours = (e: Pick<AdresseException, 'dateDebutTravaux' | 'dateFinTravaux'>, jour: string) =>
  !!e.dateDebutTravaux && !!e.dateFinTravaux && e.dateDebutTravaux <= jour && jour <= e.dateFinTravaux;

/**
 * What the débarras form takes from an address's exception for a levée's date (docs/regles.md
 * « Comportement du formulaire »): during works, the works remark and point; otherwise the depot
 * point. The internal remark fills the precisions. An inactive exception gives nothing.
 */
export function exceptionPourLevee(e: AdresseException | null | undefined, dateLevee: string | null | undefined) {
  if (!e || !exceptionActive(e)) return null;
  const enTravaux = !!dateLevee && travauxEnCours(e, dateLevee);
  const precisionLieu = e.remarqueInterne ?? '';
  const travaux = enTravaux ? (e.remarqueTravaux ?? '') : '';
  return {
    precisionLieu,
    travaux,
    pointDepotX: enTravaux ? e.xtravaux : e.xdepot,
    pointDepotY: enTravaux ? e.ytravaux : e.ydepot,
    inclurePrecisionLieu: precisionLieu && travaux ? ('0' as const) : ('1' as const),
  };
}
