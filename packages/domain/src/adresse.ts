import { z } from 'zod';

/** An address of the register (docs/regles.md « Données »), plus who manages it. */
export const adresseSchema = z.object({
  idpAdr: z.string(),
  adresse: z.string(),
  typeVoie: z.string().nullable(),
  liant: z.string().nullable(),
  nomVoie: z.string(),
  noAdresse: z.string().nullable(),
  commune: z.string(),
  noPostal: z.string(),
  nomNpa: z.string(),
  x: z.number(),
  y: z.number(),
  noCommune: z.number().int(),
  secteur: z.string().nullable(),
  gestionnaire: z.string().nullable(),
});
export type Adresse = z.infer<typeof adresseSchema>;

/** Address search (docs/regles.md « Recherche d'adresse »). */
export const RECHERCHE_ADRESSE = { caracteresMin: 3, delaiMs: 500, resultatsMax: 200 } as const;

export const ADRESSE_MESSAGES = {
  rechercheTropCourte: `Saisir au moins ${RECHERCHE_ADRESSE.caracteresMin} caractères pour rechercher une adresse.`,
  introuvable: "L'adresse",
  aucuneTrouvee: 'Aucune adresse trouvée',
  sansSecteur: 'Aucun secteur',
  placeholder: 'Rechercher une adresse',
} as const;

export const rechercheAdresseSchema = z.object({
  q: z
    .string({ error: ADRESSE_MESSAGES.rechercheTropCourte })
    .trim()
    .min(RECHERCHE_ADRESSE.caracteresMin, ADRESSE_MESSAGES.rechercheTropCourte)
    .max(200, 'La recherche est trop longue. Maximum 200 caractères.'),
});

/** 'Rue de la Servette 12', 'Rue de l'École-de-Médecine 3', 'Grand-Rue 8'. */
export function libelleAdresse(a: Pick<Adresse, 'typeVoie' | 'liant' | 'nomVoie' | 'noAdresse'>): string {
  const voie = [a.typeVoie, a.liant].filter(Boolean).join(' ');
  const avantNom = voie ? (voie.endsWith("'") ? voie : `${voie} `) : '';
  return `${avantNom}${a.nomVoie}${a.noAdresse ? ` ${a.noAdresse}` : ''}`;
}

/**
 * Lower case, no accents or ligatures, punctuation as spaces: the form in which the register is
 * searched, so that 'ecole' finds 'École' and 'l'ecole' finds "de l'École".
 */
export function normaliserRecherche(texte: string): string {
  return texte
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a search, each of which must start a word of the address. */
export const motsRecherche = (q: string) => normaliserRecherche(q).split(' ').filter(Boolean);
