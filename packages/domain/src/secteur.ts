import { z } from 'zod';
import { idPositif } from './debarras/champs.js';
import { auditSchema, versionALaModification, versionObligatoire, versionSaisie } from './audit.js';
import { CARTE_MESSAGES, perimetreSchema, type Perimetre } from './carte.js';
import { dateIso } from './dates.js';
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
  perimetreCroise: 'Le périmètre ne doit pas se croiser ni se toucher lui-même : redessinez-le.',
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
    idSecteur: idPositif.optional(),
    libelle: texteObligatoire(255, SECTEUR_MESSAGES.libelleObligatoire, SECTEUR_MESSAGES.libelleTropLong),
    rive: rive.nullish().transform((v) => v ?? null),
    dateDebut: z.string({ error: SECTEUR_MESSAGES.dateDebutObligatoire }).min(1, SECTEUR_MESSAGES.dateDebutObligatoire).pipe(dateIso()),
    // Blank means "no end date": the sector is active again.
    dateFin: z.preprocess((v) => (v === '' ? null : v), dateIso().nullish()).transform((v) => v ?? null),
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

/**
 * A perimeter as one ring without repetition: consecutive duplicates and the closing vertex are
 * dropped (the database closes the polygon itself).
 */
export function anneauPerimetre(perimetre: Perimetre): Perimetre {
  const egaux = (a: readonly [number, number], b: readonly [number, number]) => a[0] === b[0] && a[1] === b[1];
  const anneau = perimetre.filter((p, i) => i === 0 || !egaux(p, perimetre[i - 1]!));
  while (anneau.length > 1 && egaux(anneau[0]!, anneau[anneau.length - 1]!)) anneau.pop();
  return anneau;
}

type Sommet = readonly [number, number];
const orientation = (a: Sommet, b: Sommet, c: Sommet) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const surSegment = (a: Sommet, b: Sommet, p: Sommet) =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share a point, an end or an overlap included. */
function segmentsSeTouchent(a: Sommet, b: Sommet, c: Sommet, d: Sommet) {
  const [o1, o2, o3, o4] = [orientation(a, b, c), orientation(a, b, d), orientation(c, d, a), orientation(c, d, b)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && surSegment(a, b, c)) ||
    (o2 === 0 && surSegment(a, b, d)) ||
    (o3 === 0 && surSegment(c, d, a)) ||
    (o4 === 0 && surSegment(c, d, b))
  );
}

/**
 * Whether a ring (anneauPerimetre) is simple: no two sides cross or touch, except neighbours at
 * their shared vertex, and it encloses an area (docs/regles.md « Périmètres des secteurs »). A
 * crossed ring's inside is ambiguous: which addresses it holds would depend on the engine's rule.
 */
export function anneauSimple(anneau: Perimetre): boolean {
  const n = anneau.length;
  if (n < 3) return false;
  const cote = (i: number) => [anneau[i]!, anneau[(i + 1) % n]!] as const;
  for (let i = 0; i < n; i++) {
    const [a, b] = cote(i);
    // neighbours share a vertex: they touch elsewhere only when they fold back on each other
    const suivant = anneau[(i + 2) % n]!;
    if (orientation(a, b, suivant) === 0 && (surSegment(a, b, suivant) || surSegment(b, suivant, a))) return false;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const [c, d] = cote(j);
      if (segmentsSeTouchent(a, b, c, d)) return false;
    }
  }
  return true;
}

/** `PUT /secteur/{id}/perimetre`: the ring drawn on the map, and the sector's version the user read. */
export const perimetreSaisieSchema = z.object({
  version: versionObligatoire,
  perimetre: perimetreSchema.transform((perimetre, ctx) => {
    const anneau = anneauPerimetre(perimetre);
    if (anneau.length < 3) ctx.issues.push({ code: 'custom', message: CARTE_MESSAGES.perimetreTropCourt, input: perimetre });
    else if (!anneauSimple(anneau)) ctx.issues.push({ code: 'custom', message: SECTEUR_MESSAGES.perimetreCroise, input: perimetre });
    return anneau;
  }),
});
export type PerimetreSaisie = z.input<typeof perimetreSaisieSchema>;

/** `GET /secteur/perimetres`: every sector with its perimeter, null while none was drawn. */
export const perimetreSecteurSchema = z.object({
  idSecteur: z.number().int(),
  libelle: z.string(),
  perimetre: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export type PerimetreSecteur = z.infer<typeof perimetreSecteurSchema>;

/**
 * What saving a perimeter did: the sector (its new version), how many addresses changed sector,
 * and how many addresses of the served commune are still without one.
 */
export const resultatPerimetreSchema = z.object({
  secteur: secteurSchema,
  adressesModifiees: z.number().int(),
  adressesSansSecteur: z.number().int(),
});
export type ResultatPerimetre = z.infer<typeof resultatPerimetreSchema>;

/** The sector's perimeter on the map of its detail screen (docs/regles.md « Périmètres des secteurs »). */
export const SECTEUR_PERIMETRE_LIBELLES = {
  titre: 'Périmètre',
  carte: (libelle: string) => `Périmètres des secteurs, ${libelle} en évidence`,
  dessiner: 'Dessiner le périmètre',
  modifier: 'Modifier le périmètre',
  terminerModification: 'Terminer la modification',
  enregistrer: 'Enregistrer le périmètre',
  annuler: 'Annuler',
  aideDessin: 'Cliquez pour poser chaque sommet ; double-clic ou Entrée pour terminer, Échap pour annuler.',
  aideModification: 'Faites glisser un sommet ou un côté pour le déplacer ; Alt + clic sur un sommet le supprime.',
  aucunPerimetre: "Ce secteur n'a pas encore de périmètre : dessinez-le.",
  confirmationTitre: 'Enregistrer le périmètre',
  confirmation: (libelle: string) =>
    `Les adresses de la commune situées dans ce périmètre passeront au secteur ${libelle}, celles qui en sortent n'auront plus ce secteur. Continuer ?`,
} as const;

const adresses = (n: number) => (n === 1 ? '1 adresse' : `${n} adresses`);
export const SECTEUR_PERIMETRE_SUCCES = (modifiees: number, sansSecteur: number) =>
  `Périmètre enregistré : ${adresses(modifiees)} ${modifiees === 1 ? 'change' : 'changent'} de secteur ; ` +
  `${adresses(sansSecteur)} de la commune ${sansSecteur === 1 ? "n'a" : "n'ont"} pas de secteur.`;
