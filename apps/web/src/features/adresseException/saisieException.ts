import {
  adresseExceptionSaisieSchema,
  arrondirCoordonnee,
  libelleStatutException,
  STATUTS_EXCEPTION,
  type AdresseException,
  type AdresseExceptionSaisie,
  type StatutException,
} from '@debarras/domain';

/** The two points an exception places on the map. */
export type GenrePoint = 'depot' | 'travaux';

export interface ValeursException {
  remarqueInterne: string;
  remarquePublique: string;
  remarqueTravaux: string;
  dateDebutTravaux: string | null;
  dateFinTravaux: string | null;
  xdepot: number | null;
  ydepot: number | null;
  xtravaux: number | null;
  ytravaux: number | null;
  statut: StatutException;
}
export type ChampException = keyof ValeursException;

/** The statut's choices, in the form and in the list's header filter. */
export const OPTIONS_STATUT = STATUTS_EXCEPTION.map((s) => ({ value: s, label: libelleStatutException(s) }));

/** Every field: a change to one may make another required (docs/regles.md « Adresse exception »). */
export const CHAMPS_EXCEPTION: ChampException[] = [
  'remarqueInterne',
  'remarquePublique',
  'remarqueTravaux',
  'dateDebutTravaux',
  'dateFinTravaux',
  'xdepot',
  'ydepot',
  'xtravaux',
  'ytravaux',
  'statut',
];

/** A new exception is active (docs/regles.md « Adresses exceptions »). */
export const versValeurs = (e: AdresseException | undefined): ValeursException => ({
  remarqueInterne: e?.remarqueInterne ?? '',
  remarquePublique: e?.remarquePublique ?? '',
  remarqueTravaux: e?.remarqueTravaux ?? '',
  dateDebutTravaux: e?.dateDebutTravaux ?? null,
  dateFinTravaux: e?.dateFinTravaux ?? null,
  xdepot: e?.xdepot ?? null,
  ydepot: e?.ydepot ?? null,
  xtravaux: e?.xtravaux ?? null,
  ytravaux: e?.ytravaux ?? null,
  statut: e?.statut ?? 'ACTIF',
});

export interface AdresseDeLaFiche {
  idpadr: string;
  adresse: string;
}

export const versSaisie = (
  valeurs: ValeursException,
  adresse: AdresseDeLaFiche,
  exception: AdresseException | undefined,
): AdresseExceptionSaisie => ({
  ...valeurs,
  idpadr: adresse.idpadr,
  adresse: adresse.adresse,
  ...(exception ? { id: exception.id, version: exception.version } : {}),
});

/** The message the domain's rules give a field for the whole entry, the one the server would answer. */
export function messageDuChamp(valeurs: ValeursException, adresse: AdresseDeLaFiche, champ: ChampException) {
  const resultat = adresseExceptionSaisieSchema.safeParse(versSaisie(valeurs, adresse, undefined));
  return resultat.error?.issues.find((i) => i.path[0] === champ)?.message;
}

type Coordonnees = Partial<Pick<ValeursException, 'xdepot' | 'ydepot' | 'xtravaux' | 'ytravaux'>>;

export const pointDe = (valeurs: Coordonnees, genre: GenrePoint): [number, number] | null => {
  const [x, y] = genre === 'depot' ? [valeurs.xdepot, valeurs.ydepot] : [valeurs.xtravaux, valeurs.ytravaux];
  return x != null && y != null ? [x, y] : null;
};

/** A click on the map, kept to the centimetre as the forms keep it. */
export const placerPoint = (genre: GenrePoint, x: number, y: number): Partial<ValeursException> =>
  genre === 'depot'
    ? { xdepot: arrondirCoordonnee(x), ydepot: arrondirCoordonnee(y) }
    : { xtravaux: arrondirCoordonnee(x), ytravaux: arrondirCoordonnee(y) };

/** Without their point, works have no period nor remark either (docs/regles.md « Adresses exceptions »). */
export const retirerPoint = (genre: GenrePoint): Partial<ValeursException> =>
  genre === 'depot'
    ? { xdepot: null, ydepot: null }
    : { xtravaux: null, ytravaux: null, dateDebutTravaux: null, dateFinTravaux: null, remarqueTravaux: '' };

/** A coordinate as the read-only fields show it: two decimals. */
export const formaterCoordonnee = (v: number | null | undefined) => (v == null ? '' : v.toFixed(2));

/** Whether the entry differs from what was loaded (blank and null are the same). */
export const estModifiee = (saisie: Partial<ValeursException> | undefined, initiales: ValeursException) =>
  saisie !== undefined && CHAMPS_EXCEPTION.some((c) => (saisie[c] ?? '') !== (initiales[c] ?? ''));
