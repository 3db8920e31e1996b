import { z } from 'zod';
import { etendueSchema } from './carte.js';

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
  tailleInvalide: `Le nombre d'adresses demandé doit être un entier de 1 à ${RECHERCHE_ADRESSE.resultatsMax}.`,
} as const;

export const rechercheAdresseSchema = z.object({
  q: z
    .string({ error: ADRESSE_MESSAGES.rechercheTropCourte })
    .trim()
    .min(RECHERCHE_ADRESSE.caracteresMin, ADRESSE_MESSAGES.rechercheTropCourte)
    .max(200, 'La recherche est trop longue. Maximum 200 caractères.'),
  /** The map's search box: only the addresses in the visible extent (LV95). */
  bbox: etendueSchema.shape.bbox.optional(),
  /** At most this many addresses (the map's search box asks for 10). */
  size: z.coerce
    .number({ error: ADRESSE_MESSAGES.tailleInvalide })
    .int(ADRESSE_MESSAGES.tailleInvalide)
    .min(1, ADRESSE_MESSAGES.tailleInvalide)
    .max(RECHERCHE_ADRESSE.resultatsMax, ADRESSE_MESSAGES.tailleInvalide)
    .default(RECHERCHE_ADRESSE.resultatsMax),
});
export type RequeteRechercheAdresse = z.output<typeof rechercheAdresseSchema>;

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

/** Street types of French-speaking Switzerland, as they open a street's official label. */
export const TYPES_VOIE = [
  'Allée',
  'Avenue',
  'Boulevard',
  'Carrefour',
  'Chemin',
  'Clos',
  'Cour',
  'Cours',
  'Esplanade',
  'Galerie',
  'Hameau',
  'Impasse',
  'Montée',
  'Parc',
  'Passage',
  'Passerelle',
  'Place',
  'Plateau',
  'Pont',
  'Promenade',
  'Quai',
  'Rampe',
  'Rond-point',
  'Route',
  'Rue',
  'Ruelle',
  'Sentier',
  'Square',
  'Terrasse',
  'Traverse',
  'Voie',
] as const;

/**
 * The usual abbreviations of addresses, in search form, and the word each stands for
 * (docs/regles.md « Recherche d'adresse »). The abbreviation itself is still looked for too: « st »
 * finds « Saint-Jean » and « Rue du Stand ».
 */
export const ABREVIATIONS_ADRESSE: ReadonlyMap<string, string> = new Map([
  ['all', 'allee'],
  ['av', 'avenue'],
  ['ave', 'avenue'],
  ['bd', 'boulevard'],
  ['bld', 'boulevard'],
  ['blvd', 'boulevard'],
  ['bvd', 'boulevard'],
  ['carr', 'carrefour'],
  ['ch', 'chemin'],
  ['chem', 'chemin'],
  ['crs', 'cours'],
  ['esp', 'esplanade'],
  ['espl', 'esplanade'],
  ['gd', 'grand'],
  ['gde', 'grande'],
  ['imp', 'impasse'],
  ['mte', 'montee'],
  ['pass', 'passage'],
  ['pl', 'place'],
  ['prom', 'promenade'],
  ['pt', 'petit'],
  ['pte', 'petite'],
  ['q', 'quai'],
  ['r', 'rue'],
  ['rpt', 'rond'],
  ['rte', 'route'],
  ['sent', 'sentier'],
  ['sq', 'square'],
  ['st', 'saint'],
  ['ste', 'sainte'],
]);

/** The street type a caller leaves out: « Eaux-Vives 10 » is the street, « place des Eaux-Vives 10 » the square. */
const TYPE_VOIE_IMPLICITE = 'Rue';

/** A Swiss postal code, 1000 to 9999. */
const NPA = /^[1-9]\d{3}$/;

const FORMES_TYPES_VOIE = TYPES_VOIE.map((type) => ({ type, forme: normaliserRecherche(type).split(' ')[0]! }));

/** The street types a typed word names: the one it (or its abbreviation) spells, else those it starts (« pla »). */
function typesNommes(variantes: string[]): string[] {
  const exacts = FORMES_TYPES_VOIE.filter((t) => variantes.includes(t.forme));
  const [tape = ''] = variantes;
  const nommes = exacts.length ? exacts : FORMES_TYPES_VOIE.filter((t) => tape.length >= 3 && t.forme.startsWith(tape));
  return nommes.map((t) => t.type);
}

/** What an address search asks for, once its text is read (`analyserRechercheAdresse`). */
export interface RechercheAdresse {
  /** For each word typed, what it may stand for: an address must have a word starting with one of them, for every word. */
  mots: string[][];
  /** The house numbers typed, in search form: the address with exactly that number ranks first. */
  numeros: string[];
  /** Among the addresses of one street name, these types rank first: the ones the search names, else a rue. */
  typesVoie: string[];
  /** The postal code of a pasted postal line (« …, 1201 Genève »): its addresses rank first. */
  npa: string | undefined;
}

/**
 * Reads an address search the way callers and pasted lines write it (docs/regles.md « Recherche
 * d'adresse »): abbreviations (« bd », « av », « ch », « rte », « pl », « r », « st »…) also stand
 * for their word; a postal code after the street (« Rue de Lausanne 12, 1201 Genève », « CH-1201 »)
 * ends the address: it ranks, and the locality after it is left out.
 */
export function analyserRechercheAdresse(q: string): RechercheAdresse {
  const tokens = motsRecherche(q.replace(/\bCH-(?=\d{4}\b)/gi, ''));
  const fin = tokens.findIndex((t, i) => NPA.test(t) && tokens.slice(0, i).some((avant) => /[a-z]/.test(avant)));
  const adresse = fin < 0 ? tokens : tokens.slice(0, fin);
  const mots = adresse.map((t) => {
    const abrege = ABREVIATIONS_ADRESSE.get(t);
    return abrege ? [t, abrege] : [t];
  });
  const nommes = new Set(mots.flatMap(typesNommes));
  return {
    mots,
    numeros: adresse.filter((t) => /^\d/.test(t)),
    typesVoie: nommes.size ? [...nommes] : [TYPE_VOIE_IMPLICITE],
    npa: fin < 0 ? undefined : tokens[fin],
  };
}
