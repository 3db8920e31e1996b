import {
  ADRESSE_EXCEPTION_LIBELLES,
  formatDateHeure,
  IMPRESSION_LIBELLES,
  TOURNEE_FEUILLE_LIBELLES,
  libelleSecteurLevee,
  type AdresseException,
  type Levee,
  type LienEquipe,
  type Tournee,
} from '@debarras/domain';
import type { CarteTournee, FondTournee } from './carteTournee.js';

/** A débarras as the route sheets read it from the database. */
export interface DebarrasFeuille {
  idLevee: number;
  idDebarras: number;
  numero: string;
  idpAdr: string;
  adresse: string;
  precisionLieu: string | null;
  inclurePrecisionLieu: boolean;
  travaux: string | null;
  /** The point the débarras was saved with, taken from the address's exception. */
  pointDepotX: number | null;
  pointDepotY: number | null;
  nomPersonne: string | null;
  telephone: string | null;
  remarqueObjet: string | null;
  remarqueLieu: string | null;
  remarqueGenerale: string | null;
  sauvage: boolean;
  punaises: boolean;
  punaisesDechets: boolean;
  objets: Array<{ idObjet: number; quantite: number; libelle: string; remarque: string | null }>;
}

/** One row of a route sheet, as every format prints it. */
export interface LigneFeuille {
  /** The stop's place in the round (« 1 », « 2 »…), « — » for a débarras without coordinates. */
  ordre: string;
  numero: string;
  adresse: string;
  /** Only when the débarras says to include them. */
  precisions: string | null;
  /** « Point de dépôt : … », the public remark of the address's exception. */
  pointDepot: string | null;
  /** « Travaux : … ». */
  travaux: string | null;
  demandeur: string[];
  /** « 2 × Canapé — remarque ». */
  objets: string[];
  /** « Objets : … », « Lieu : … », « Générales : … ». */
  remarques: string[];
  /** SAUVAGE, PUNAISES, PUNAISES DÉCHETS: printed in white on red. */
  alertes: string[];
}

export interface LeveeFeuille {
  /** Weekday and date, sector or name, count and max: the section's heading on every page. */
  titre: string;
  /** The sector or the supplementary levée's name (an Excel worksheet's name). */
  libelle: string;
  /** « Tournée : 12,4 km à vol d’oiseau, du dépôt au dépôt », under the heading. */
  tournee: string;
  /** The round's map, opening the levée's section (PDF, Word); none when no débarras has a point. */
  carte: CarteTournee | null;
  /** Under the map: what it shows, and the débarras it leaves out. */
  legende: string[];
  /** The crews' link, printed as a QR code and in full (PDF, Word); none when the sheets are printed without. */
  equipe: { url: string; textes: string[] } | null;
  lignes: LigneFeuille[];
}

/**
 * A levée's round as the sheets print it: its order and length, and its map's extent with the offline layers within
 * (`etendueDeTournee` of `pointsDeTournee`); none for a format without maps (Excel).
 */
export interface TourneeFeuille {
  tournee: Tournee;
  fond: FondTournee | null;
}

export interface FeuillesDeRoute {
  jour: string;
  titre: string;
  /** « Édité le 24.11.2026 - 16:00:00 ». */
  edition: string;
  levees: LeveeFeuille[];
}

/** What the route sheets read of an address's active exception. */
export type ExceptionFeuille = Pick<AdresseException, 'remarquePublique' | 'xtravaux' | 'ytravaux'>;

const rempli = (texte: string | null | undefined): texte is string => !!texte?.trim();

/**
 * The depot point's remark, for a débarras saved with a point: the exception's public remark, unless
 * that point is the works point (works in progress on the levée's date), which the works remark describes.
 */
function remarquePointDepot(d: DebarrasFeuille, e: ExceptionFeuille | undefined): string | null {
  if (!e || d.pointDepotX === null || d.pointDepotY === null) return null;
  if (d.pointDepotX === e.xtravaux && d.pointDepotY === e.ytravaux) return null;
  return rempli(e.remarquePublique) ? e.remarquePublique : null;
}

export function versLigne(d: DebarrasFeuille, ordre: string, exception?: ExceptionFeuille): LigneFeuille {
  const L = IMPRESSION_LIBELLES;
  const pointDepot = remarquePointDepot(d, exception);
  return {
    ordre,
    numero: d.numero,
    adresse: d.adresse,
    precisions: d.inclurePrecisionLieu && rempli(d.precisionLieu) ? d.precisionLieu : null,
    pointDepot: pointDepot && `${ADRESSE_EXCEPTION_LIBELLES.pointDepot} : ${pointDepot}`,
    travaux: rempli(d.travaux) ? `${L.travaux} : ${d.travaux}` : null,
    demandeur: [d.nomPersonne, d.telephone].filter(rempli),
    objets: d.objets.map((o) => `${o.quantite} × ${o.libelle}${rempli(o.remarque) ? ` — ${o.remarque}` : ''}`),
    remarques: [
      [L.remarqueObjet, d.remarqueObjet],
      [L.remarqueLieu, d.remarqueLieu],
      [L.remarqueGenerale, d.remarqueGenerale],
    ].flatMap(([quoi, texte]) => (rempli(texte) ? [`${quoi} : ${texte}`] : [])),
    alertes: [
      [d.sauvage, L.alertes.sauvage],
      [d.punaises, L.alertes.punaises],
      [d.punaisesDechets, L.alertes.punaisesDechets],
    ].flatMap(([leve, alerte]) => (leve ? [alerte as string] : [])),
  };
}

/** The points a round's map frames: the depot and every stop. */
export const pointsDeTournee = (t: Tournee) => [t.depot, ...t.arrets];

/**
 * A levée's débarras in its round's order, each with its « Ordre », then those without coordinates; a débarras the
 * round does not know (saved between the two readings) comes last, like them.
 */
function lignesDansLOrdre(debarras: DebarrasFeuille[], tournee: Tournee, exceptions: ReadonlyMap<string, ExceptionFeuille>) {
  const rang = new Map(tournee.arrets.map((a) => [a.idDebarras, a.ordre]));
  const place = new Map([...tournee.arrets, ...tournee.sansCoordonnees].map((a, i) => [a.idDebarras, i]));
  return debarras
    .map((d, lu) => ({ d, lu }))
    .sort((a, b) => (place.get(a.d.idDebarras) ?? place.size + a.lu) - (place.get(b.d.idDebarras) ?? place.size + b.lu))
    .map(({ d }) => versLigne(d, String(rang.get(d.idDebarras) ?? TOURNEE_FEUILLE_LIBELLES.horsTournee), exceptions.get(d.idpAdr)));
}

/** « 18.11.2026 à 00:00 », Geneva time. */
const instantLisible = (iso: string) => formatDateHeure(new Date(iso)).slice(0, -3).replace(' - ', ' à ');

function sectionLevee(
  jour: string,
  l: Levee,
  debarras: DebarrasFeuille[],
  { tournee, fond }: TourneeFeuille,
  exceptions: ReadonlyMap<string, ExceptionFeuille>,
  lien: LienEquipe | undefined,
): LeveeFeuille {
  const E = TOURNEE_FEUILLE_LIBELLES.equipe;
  const libelle = libelleSecteurLevee(l);
  const lignes = lignesDansLOrdre(debarras, tournee, exceptions);
  const horsCarte = lignes.filter((ligne) => ligne.ordre === TOURNEE_FEUILLE_LIBELLES.horsTournee).length;
  const carte = tournee.arrets.length && fond ? { depot: tournee.depot, arrets: tournee.arrets, fond } : null;
  return {
    titre: IMPRESSION_LIBELLES.titreLevee(jour, libelle, l.nbDebarras, l.nbDebarrasMax),
    libelle,
    tournee: tournee.arrets.length
      ? TOURNEE_FEUILLE_LIBELLES.tournee(tournee.distanceMetres, tournee.methode)
      : TOURNEE_FEUILLE_LIBELLES.tourneeSansPoint,
    carte,
    legende: [TOURNEE_FEUILLE_LIBELLES.carte.legende, ...(horsCarte ? [TOURNEE_FEUILLE_LIBELLES.carte.horsCarte(horsCarte)] : [])],
    equipe: lien
      ? { url: lien.url, textes: [E.titre, E.consigne, lien.url, E.validite(instantLisible(lien.valideDu), instantLisible(lien.valideAu))] }
      : null,
    lignes,
  };
}

/**
 * The day's document: one section per levée, in the order given, each with its débarras in its round's order
 * (`tournees`, by levée); `exceptions`, the active exceptions of their addresses by idpAdr; `liens`, the crews' link
 * of each levée.
 */
export function feuillesDeRoute(
  jour: string,
  levees: Levee[],
  debarras: DebarrasFeuille[],
  instant: Date,
  tournees: ReadonlyMap<number, TourneeFeuille>,
  exceptions: ReadonlyMap<string, ExceptionFeuille> = new Map(),
  liens: ReadonlyMap<number, LienEquipe> = new Map(),
): FeuillesDeRoute {
  return {
    jour,
    titre: IMPRESSION_LIBELLES.titreDocument(jour),
    edition: IMPRESSION_LIBELLES.edition(formatDateHeure(instant)),
    levees: levees.map((l) => {
      const tournee = tournees.get(l.idLevee);
      if (!tournee) throw new Error(`La tournée de la levée ${l.idLevee} manque aux feuilles de route.`);
      return sectionLevee(
        jour,
        l,
        debarras.filter((d) => d.idLevee === l.idLevee),
        tournee,
        exceptions,
        liens.get(l.idLevee),
      );
    }),
  };
}

/** The columns every format prints, left to right, with their share of an A4 landscape line (sums to 1). */
export const COLONNES_FEUILLE = [
  { titre: IMPRESSION_LIBELLES.colonnes.ordre, part: 0.045 },
  { titre: IMPRESSION_LIBELLES.colonnes.numero, part: 0.08 },
  { titre: IMPRESSION_LIBELLES.colonnes.adresse, part: 0.18 },
  { titre: IMPRESSION_LIBELLES.colonnes.demandeur, part: 0.105 },
  { titre: IMPRESSION_LIBELLES.colonnes.objets, part: 0.18 },
  { titre: IMPRESSION_LIBELLES.colonnes.remarques, part: 0.17 },
  { titre: IMPRESSION_LIBELLES.colonnes.alertes, part: 0.125 },
  { titre: IMPRESSION_LIBELLES.colonnes.visa, part: 0.115 },
] as const;

/** The red of the alerts, the grey of the headings, and the brown of where to collect (depot point, works). */
export const COULEURS = { alerte: 'C00000', entete: 'D9D9D9', texteAlerte: 'FFFFFF', acces: '7A4A00' } as const;
