import {
  ADRESSE_EXCEPTION_LIBELLES,
  formatDateHeure,
  IMPRESSION_LIBELLES,
  libelleSecteurLevee,
  type AdresseException,
  type Levee,
} from '@debarras/domain';

/** A débarras as the route sheets read it from the database. */
export interface DebarrasFeuille {
  idLevee: number;
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
  objets: Array<{ quantite: number; libelle: string; remarque: string | null }>;
}

/** One row of a route sheet, as every format prints it. */
export interface LigneFeuille {
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
  lignes: LigneFeuille[];
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

export function versLigne(d: DebarrasFeuille, exception?: ExceptionFeuille): LigneFeuille {
  const L = IMPRESSION_LIBELLES;
  const pointDepot = remarquePointDepot(d, exception);
  return {
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

/**
 * The day's document: one section per levée, in the order given, each with its débarras in the order
 * given; `exceptions`, the active exceptions of their addresses by idpAdr.
 */
export function feuillesDeRoute(
  jour: string,
  levees: Levee[],
  debarras: DebarrasFeuille[],
  instant: Date,
  exceptions: ReadonlyMap<string, ExceptionFeuille> = new Map(),
): FeuillesDeRoute {
  return {
    jour,
    titre: IMPRESSION_LIBELLES.titreDocument(jour),
    edition: IMPRESSION_LIBELLES.edition(formatDateHeure(instant)),
    levees: levees.map((l) => {
      const libelle = libelleSecteurLevee(l);
      return {
        titre: IMPRESSION_LIBELLES.titreLevee(jour, libelle, l.nbDebarras, l.nbDebarrasMax),
        libelle,
        lignes: debarras.filter((d) => d.idLevee === l.idLevee).map((d) => versLigne(d, exceptions.get(d.idpAdr))),
      };
    }),
  };
}

/** The columns every format prints, left to right, with their share of an A4 landscape line (sums to 1). */
export const COLONNES_FEUILLE = [
  { titre: IMPRESSION_LIBELLES.colonnes.numero, part: 0.08 },
  { titre: IMPRESSION_LIBELLES.colonnes.adresse, part: 0.19 },
  { titre: IMPRESSION_LIBELLES.colonnes.demandeur, part: 0.11 },
  { titre: IMPRESSION_LIBELLES.colonnes.objets, part: 0.2 },
  { titre: IMPRESSION_LIBELLES.colonnes.remarques, part: 0.19 },
  { titre: IMPRESSION_LIBELLES.colonnes.alertes, part: 0.12 },
  { titre: IMPRESSION_LIBELLES.colonnes.visa, part: 0.11 },
] as const;

/** The red of the alerts, the grey of the headings, and the brown of where to collect (depot point, works). */
export const COULEURS = { alerte: 'C00000', entete: 'D9D9D9', texteAlerte: 'FFFFFF', acces: '7A4A00' } as const;
