import { z } from 'zod';
import { ajouterJours, ajouterMois, dateIso, estDateIso } from './dates.js';
import { TYPE_DEMANDE_LIBELLES, TYPES_DEMANDE } from './debarras/statuts.js';
import { FILTRE_RESULTAT_LIBELLES, FILTRES_RESULTAT, RESULTATS } from './equipe/codes.js';

/*
 * The service's statistics (docs/regles.md « Statistiques »): what came in, where, what the rounds held, how long
 * residents waited and what the crews found, over a period of levées. Each figure is also a table, the same for the
 * screen's table view and the Excel export.
 */

/** At most ten years per call: the history the city keeps. */
export const STATISTIQUES_ANNEES_MAX = 10;
/** The objects ranked. */
export const STATISTIQUES_OBJETS_MAX = 15;

/** How a débarras came in: its request type, or « Récurrent » when a recurrence created it, whatever its type. */
export const CANAUX = [...TYPES_DEMANDE, 'RECURRENT'] as const;
export type Canal = (typeof CANAUX)[number];
export const CANAL_LIBELLES: Record<Canal, string> = { ...TYPE_DEMANDE_LIBELLES, RECURRENT: 'Récurrent' };

export const STATISTIQUES_LIBELLES = {
  titre: 'Statistiques',
  aide: 'Les débarras actifs et archivés des levées de la période (les supprimés sont exclus, les réservations en ligne en attente comptées à part).',
  periode: 'Période des levées',
  periodeDu: (du: string, au: string) => `Levées du ${du} au ${au}`,
  du: 'Du mois',
  au: 'Au mois',
  raccourcis: 'Raccourcis',
  douzeMois: '12 derniers mois',
  anneeEnCours: 'Année en cours',
  anneePrecedente: 'Année précédente',
  dixAns: '10 ans',
  exporter: 'Exporter en Excel',
  graphique: 'Graphique',
  tableau: 'Tableau',
  vue: (titre: string) => `Affichage de « ${titre} »`,
  chargement: 'Calcul des statistiques…',
  chargementImpossible: 'Les statistiques de cette période n’ont pas pu être calculées.',
  reessayer: 'Réessayer',
  aucunDebarras: 'Aucun débarras sur les levées de cette période.',
  aucunResultat: 'Aucun résultat d’équipe enregistré sur les levées de cette période.',
  resume: (total: number, enLigne: string, enAttente: number) =>
    `${total.toLocaleString('fr-CH')} débarras, dont ${enLigne} en ligne ; ${enAttente.toLocaleString('fr-CH')} réservation(s) en ligne en attente de validation, comptée(s) à part.`,
  nomFichier: (du: string, au: string) => `statistiques-${du}-${au}.xlsx`,
  figures: {
    parMois: 'Débarras par mois et par canal',
    parSecteur: 'Débarras et remplissage des levées par secteur',
    objets: `Les ${STATISTIQUES_OBJETS_MAX} objets les plus nombreux`,
    attente: 'Attente entre la demande et la levée',
    resultats: 'Résultats des équipes par mois',
  },
  /** The Excel sheets' names: 31 characters at most. */
  feuilles: {
    parMois: 'Par mois et canal',
    parSecteur: 'Par secteur',
    objets: 'Objets',
    attente: 'Attente',
    resultats: 'Résultats des équipes',
  },
  colonnes: {
    mois: 'Mois',
    total: 'Total',
    partEnLigne: 'Part en ligne',
    enAttente: 'En attente de validation',
    secteur: 'Secteur',
    debarras: 'Débarras',
    standardPris: 'Standard : pris',
    standardMax: 'Standard : max',
    standardTaux: 'Standard : remplissage',
    supplementairePris: 'Supplémentaires : pris',
    supplementaireMax: 'Supplémentaires : max',
    supplementaireTaux: 'Supplémentaires : remplissage',
    objet: 'Objet',
    quantite: 'Quantité',
    mediane: 'Médiane (jours)',
    p90: '90 % attendent au plus (jours)',
    replanifies: 'Replanifiés',
    partReplanifiee: 'Part replanifiée',
  },
  sansSecteur: 'Supplémentaires sans secteur',
} as const;

export const STATISTIQUES_MESSAGES = {
  finAvantDebut: 'La fin de la période ne peut pas précéder son début.',
  periodeTropLongue: `La période compte au plus ${STATISTIQUES_ANNEES_MAX} ans.`,
} as const;

/** `GET /statistiques?du=&au=` and its export: levées from `du` to `au`, both counted, ten years at most. */
export const periodeStatistiquesSchema = z
  .object({ du: dateIso(), au: dateIso() })
  .refine((p) => p.au >= p.du, { error: STATISTIQUES_MESSAGES.finAvantDebut, path: ['au'] })
  // ten years back from the end start after the beginning (29.02.2016 – 28.02.2026 is ten years)
  .refine((p) => !estDateIso(p.au) || p.au < p.du || ajouterMois(p.au, -STATISTIQUES_ANNEES_MAX * 12) < p.du, {
    error: STATISTIQUES_MESSAGES.periodeTropLongue,
    path: ['au'],
  });
export type PeriodeStatistiques = z.infer<typeof periodeStatistiquesSchema>;

/** The screen's default: the last twelve full months before `jour`. */
export function douzeDerniersMois(jour: string): PeriodeStatistiques {
  const debutDuMois = `${jour.slice(0, 7)}-01`;
  return { du: ajouterMois(debutDuMois, -12), au: ajouterJours(debutDuMois, -1) };
}

/** `2026-11` → « 11.2026 ». */
export const formatMois = (mois: string) => `${mois.slice(5, 7)}.${mois.slice(0, 4)}`;

const entier = z.number().int();
/** A count per key, every key present (an object rather than a record: zod's record would join the first load). */
const comptesPar = <const K extends string>(cles: readonly K[]) =>
  z.object(Object.fromEntries(cles.map((c) => [c, entier])) as Record<K, typeof entier>);

/** Levées of a kind in a sector over the period: places taken and offered. */
export const remplissageSchema = z.object({ pris: entier, max: entier });
export type Remplissage = z.infer<typeof remplissageSchema>;

export const statistiquesSchema = z.object({
  du: z.string(),
  au: z.string(),
  /** By the month of the débarras's levée: ACTIF and ARCHIVE débarras by channel; awaiting validation apart. */
  parMois: z.array(z.object({ mois: z.string(), parType: comptesPar(CANAUX), total: entier, enAttente: entier })),
  parSecteur: z.array(
    z.object({
      idSecteur: entier.nullable(),
      secteur: z.string(),
      total: entier,
      remplissage: z.object({ standard: remplissageSchema.nullable(), supplementaire: remplissageSchema.nullable() }),
    }),
  ),
  objets: z.array(z.object({ idObjet: entier, libelle: z.string(), quantite: entier })),
  attente: z.array(z.object({ mois: z.string(), n: entier, mediane: entier.nullable(), p90: entier.nullable() })),
  resultats: z.array(z.object({ mois: z.string(), parCode: comptesPar(FILTRES_RESULTAT), replanifies: entier })),
});
export type Statistiques = z.infer<typeof statistiquesSchema>;

/** A share, or null when there is nothing to divide. */
export const part = (n: number, sur: number) => (sur > 0 ? n / sur : null);

/** The visits of a month not collected (left on their levée with another code, or replanned since): the share replanned. */
export function partReplanifiee(r: Statistiques['resultats'][number]) {
  const nonLeves = RESULTATS.filter((c) => c !== 'LEVE').reduce((s, c) => s + r.parCode[c], 0);
  return part(r.replanifies, r.replanifies + nonLeves);
}

/** How a table column's numbers read: counts, shares (0–1, shown in %), days. */
export type FormatColonne = 'texte' | 'entier' | 'part' | 'jours';
export interface TableauStatistique {
  cle: keyof (typeof STATISTIQUES_LIBELLES)['figures'];
  titre: string;
  colonnes: Array<{ titre: string; format: FormatColonne }>;
  lignes: Array<Array<string | number | null>>;
}

const C = STATISTIQUES_LIBELLES.colonnes;
const colonne = (titre: string, format: FormatColonne = 'entier') => ({ titre, format });

/** Each figure as a table: the screen's « Tableau » view and the export's sheets. */
export function tableauxStatistiques(s: Statistiques): TableauStatistique[] {
  const F = STATISTIQUES_LIBELLES.figures;
  const taux = (r: Remplissage | null) => (r ? part(r.pris, r.max) : null);
  return [
    {
      cle: 'parMois',
      titre: F.parMois,
      colonnes: [
        colonne(C.mois, 'texte'),
        ...CANAUX.map((c) => colonne(CANAL_LIBELLES[c])),
        colonne(C.total),
        colonne(C.partEnLigne, 'part'),
        colonne(C.enAttente),
      ],
      lignes: s.parMois.map((m) => [
        formatMois(m.mois),
        ...CANAUX.map((c) => m.parType[c]),
        m.total,
        part(m.parType.INTERNET, m.total),
        m.enAttente,
      ]),
    },
    {
      cle: 'parSecteur',
      titre: F.parSecteur,
      colonnes: [
        colonne(C.secteur, 'texte'),
        colonne(C.debarras),
        colonne(C.standardPris),
        colonne(C.standardMax),
        colonne(C.standardTaux, 'part'),
        colonne(C.supplementairePris),
        colonne(C.supplementaireMax),
        colonne(C.supplementaireTaux, 'part'),
      ],
      lignes: s.parSecteur.map(({ secteur, total, remplissage: { standard, supplementaire } }) => [
        secteur,
        total,
        standard?.pris ?? null,
        standard?.max ?? null,
        taux(standard),
        supplementaire?.pris ?? null,
        supplementaire?.max ?? null,
        taux(supplementaire),
      ]),
    },
    {
      cle: 'objets',
      titre: F.objets,
      colonnes: [colonne(C.objet, 'texte'), colonne(C.quantite)],
      lignes: s.objets.map((o) => [o.libelle, o.quantite]),
    },
    {
      cle: 'attente',
      titre: F.attente,
      colonnes: [colonne(C.mois, 'texte'), colonne(C.debarras), colonne(C.mediane, 'jours'), colonne(C.p90, 'jours')],
      lignes: s.attente.map((a) => [formatMois(a.mois), a.n, a.mediane, a.p90]),
    },
    {
      cle: 'resultats',
      titre: F.resultats,
      colonnes: [
        colonne(C.mois, 'texte'),
        ...FILTRES_RESULTAT.map((c) => colonne(FILTRE_RESULTAT_LIBELLES[c])),
        colonne(C.replanifies),
        colonne(C.partReplanifiee, 'part'),
      ],
      lignes: s.resultats.map((r) => [formatMois(r.mois), ...FILTRES_RESULTAT.map((c) => r.parCode[c]), r.replanifies, partReplanifiee(r)]),
    },
  ];
}

/** A table cell as the screen writes it: counts with thousands apart, shares in whole per cent, « — » for none. */
export function formatCellule(valeur: string | number | null, format: FormatColonne): string {
  if (valeur === null) return '—';
  if (typeof valeur === 'string') return valeur;
  if (format === 'part') return `${Math.round(valeur * 100)} %`;
  return valeur.toLocaleString('fr-CH');
}
