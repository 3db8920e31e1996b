import { z } from 'zod';
import { versionALaModification, versionSaisie } from '../audit.js';
import { estSurUneLigne, SAISIE_MESSAGES, type Lignes } from '../saisie.js';
import { normaliserTelephone, TELEPHONE_MESSAGES } from '../telephone.js';
import { DEBARRAS_MESSAGES, LIGNES_OBJETS_MAX, QUANTITE_OBJET } from './messages.js';
import { idPositif, vraiFaux, zeroUn } from './champs.js';
import { TYPES_DEMANDE } from './statuts.js';
import { coordonneeX, coordonneeY } from '../carte.js';

// The form's schema, in a module of its own: the phone numbers' rules (libphonenumber-js) load with the
// débarras form, not with every screen (docs/performance.md « Application web »).

const TEXTE_MAX = 1000;

/**
 * An optional text of the débarras (and of the récurrence that creates them): trimmed, blank as none. The
 * requester's name, phone and e-mail hold one line; places and remarks several.
 */
export const champTexte = (max = TEXTE_MAX, lignes: Lignes = 'plusieurs') => {
  const texte = z
    .string({ error: DEBARRAS_MESSAGES.tropLong(max) })
    .trim()
    .max(max, DEBARRAS_MESSAGES.tropLong(max));
  return (lignes === 'une' ? texte.refine(estSurUneLigne, SAISIE_MESSAGES.uneLigne) : texte).nullish().transform((v) => (v ? v : null));
};

/** The requester's e-mail address: one line, checked. */
export const champEmail = champTexte(255, 'une').pipe(z.email({ error: DEBARRAS_MESSAGES.emailInvalide }).nullable());

/** An optional phone number, checked and stored in its one format (see `normaliserTelephone`). */
export const champTelephone = champTexte(50, 'une').transform((v, ctx) => {
  if (v === null) return null;
  const normalise = normaliserTelephone(v);
  if (normalise !== undefined) return normalise;
  ctx.issues.push({ code: 'custom', message: TELEPHONE_MESSAGES.invalide, input: v });
  return z.NEVER;
});

export const debarrasObjetSaisieSchema = z.object({
  objet: z.object({ idObjet: idPositif }, { error: DEBARRAS_MESSAGES.objetLigneObligatoire }),
  quantite: z
    .number({ error: DEBARRAS_MESSAGES.quantite })
    .int(DEBARRAS_MESSAGES.quantite)
    .min(QUANTITE_OBJET.min, DEBARRAS_MESSAGES.quantite)
    .max(QUANTITE_OBJET.max, DEBARRAS_MESSAGES.quantite)
    .nullish()
    .transform((q) => q ?? 0),
  remarque: champTexte(255),
});

/** The object lines of a débarras or a récurrence: each object once, at most LIGNES_OBJETS_MAX lines. */
export const lignesObjetsSchema = z
  .array(debarrasObjetSaisieSchema)
  .max(LIGNES_OBJETS_MAX, DEBARRAS_MESSAGES.objetsTropNombreux(LIGNES_OBJETS_MAX))
  .refine((lignes) => new Set(lignes.map((l) => l.objet.idObjet)).size === lignes.length, DEBARRAS_MESSAGES.objetEnDouble)
  .default([]);

const debarrasSaisie = z
  .object({
    idDebarras: idPositif.optional(),
    version: versionSaisie,
    typeDemande: z.enum(TYPES_DEMANDE, { error: DEBARRAS_MESSAGES.typeDemande }).default('TELEPHONE'),
    sauvage: zeroUn.default('0'),
    adresse: z.object(
      { idpAdr: z.string().trim().min(1, DEBARRAS_MESSAGES.adresseObligatoire).max(30, DEBARRAS_MESSAGES.adresseObligatoire) },
      { error: DEBARRAS_MESSAGES.adresseObligatoire },
    ),
    levee: z.object({ idLevee: idPositif }, { error: DEBARRAS_MESSAGES.leveeObligatoire }),
    nomPersonne: champTexte(255, 'une'),
    telephone: champTelephone,
    email: champEmail,
    precisionLieu: champTexte(),
    inclurePrecisionLieu: zeroUn.default('1'),
    travaux: champTexte(),
    remarqueLieu: champTexte(),
    remarqueGenerale: champTexte(),
    remarqueObjet: champTexte(),
    punaises: vraiFaux.default('false'),
    punaisesDechets: vraiFaux.default('false'),
    pointDepotX: coordonneeX.nullish().transform((v) => v ?? null),
    pointDepotY: coordonneeY.nullish().transform((v) => v ?? null),
    debarrasObjets: lignesObjetsSchema,
  })
  .superRefine((d, ctx) => {
    if (d.sauvage !== '1' && !d.nomPersonne)
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.nomObligatoire, path: ['nomPersonne'] });
    if (d.sauvage !== '1' && !d.telephone && !d.email) {
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.contactObligatoire, path: ['telephone'] });
    }
    if (d.debarrasObjets.reduce((total, l) => total + l.quantite, 0) < 1) {
      ctx.addIssue({ code: 'custom', message: DEBARRAS_MESSAGES.objetObligatoire, path: ['debarrasObjets'] });
    }
  })
  .transform((d) => ({
    ...d,
    // 'Punaises déchets' forces 'punaises' on (docs/regles.md « Comportement du formulaire »).
    punaises: d.punaisesDechets === 'true' ? ('true' as const) : d.punaises,
    debarrasObjets: d.debarrasObjets.filter((l) => l.quantite > 0),
  }));
/**
 * The débarras form and `POST /debarras` (docs/regles.md « Validation d'un débarras »). Lines at quantity 0 are dropped; the total
 * must reach 1. A sauvage (illegal dump) needs no requester.
 */
export const debarrasSaisieSchema = versionALaModification(debarrasSaisie, 'idDebarras');
export type DebarrasSaisie = z.input<typeof debarrasSaisieSchema>;
