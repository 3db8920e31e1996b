import { SECTEUR_MESSAGES, SECTEUR_TRI_DEFAUT, type Perimetre, type Secteur, type secteurListeSchema } from '@debarras/domain';
import { and, asc, eq, gte, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { secteur } from '../../db/schema.js';

export type RequeteSecteurs = z.output<typeof secteurListeSchema>;
export type LigneSecteur = typeof secteur.$inferSelect;
export type NouveauSecteur = Omit<typeof secteur.$inferInsert, 'createdBy' | 'lastModifiedBy'>;

export const versSecteur = (l: LigneSecteur): Secteur => ({
  idSecteur: l.idSecteur,
  libelle: l.libelle,
  rive: l.rive,
  dateDebut: l.dateDebut,
  dateFin: l.dateFin,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versSecteur,
  table: secteur,
  cle: secteur.idSecteur,
  triDefaut: SECTEUR_TRI_DEFAUT,
  colonnesTri: {
    libelle: secteur.libelle,
    rive: secteur.rive,
    dateDebut: secteur.dateDebut,
    dateFin: secteur.dateFin,
    // the "active" column sorts by end date (docs/regles.md « Secteurs »)
    actif: secteur.dateFin,
  },
  filtres: (q: RequeteSecteurs) => and(contient(secteur.libelle, q.libelle), q.rive ? eq(secteur.rive, q.rive) : undefined),
});

/** The sectors' one way to be written (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(secteur, secteur.idSecteur, SECTEUR_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(secteur).where(eq(secteur.idSecteur, id)))[0];

export const trouverParLibelle = async (tx: Tx, libelle: string) =>
  (await tx.select().from(secteur).where(eq(secteur.libelle, libelle)))[0];

export const libelles = async (tx: Tx) =>
  (await tx.select({ libelle: secteur.libelle }).from(secteur).orderBy(asc(secteur.libelle))).map((s) => s.libelle);

const parLibelleSansCasse = preparee('secteur_par_libelle_sans_casse', (tx) =>
  tx
    .select()
    .from(secteur)
    .where(ilike(secteur.libelle, sql.placeholder('motif'))),
);

/** The sector a label names, whatever its case; `%`, `_` and `\` match themselves. Each online booking reads it (prepared). */
export const trouverParLibelleSansCasse = async (tx: Tx, libelle: string) =>
  (await parLibelleSansCasse(tx).execute({ motif: libelle.replace(/[\\%_]/g, (c) => `\\${c}`) }))[0];

/** The sectors active on at least one day from `du` to `au`, by label. */
export const actifsEntre = (tx: Tx, du: string, au: string) =>
  tx
    .select({ idSecteur: secteur.idSecteur, dateDebut: secteur.dateDebut, dateFin: secteur.dateFin })
    .from(secteur)
    .where(and(lte(secteur.dateDebut, au), or(isNull(secteur.dateFin), gte(secteur.dateFin, du))))
    .orderBy(asc(secteur.libelle));

export const estVide = (tx: Tx) => tableVide(tx, secteur);

export async function insererPlusieurs(tx: Tx, secteurs: readonly NouveauSecteur[], par: string) {
  await tx.insert(secteur).values(secteurs.map((s) => ({ ...s, createdBy: par, lastModifiedBy: par })));
}

/**
 * For another module's query over rows that may name a sector (a levée): the sector left-joined
 * on `idSecteur`, read through `champsSecteurJoint` and `libelleSecteurJoint`.
 */
export const joindreSecteur = <Q extends PgSelect>(requete: Q, idSecteur: AnyPgColumn): Q =>
  requete.leftJoin(secteur, eq(secteur.idSecteur, idSecteur)) as unknown as Q;

/** The joined sector's id and label, null where the row has no sector. */
export const champsSecteurJoint = () => ({
  secteurId: sql<number | null>`${secteur.idSecteur}`.mapWith(secteur.idSecteur),
  secteurLibelle: sql<string | null>`${secteur.libelle}`.mapWith(secteur.libelle),
});

export const libelleSecteurJoint = () => secteur.libelle;

/**
 * A ring of LV95 vertices as the text form of a core `polygon`, `((x1,y1),(x2,y2),…)`: open, the
 * type closes it itself.
 */
export const versPolygone = (anneau: Perimetre) => `(${anneau.map(([x, y]) => `(${x},${y})`).join(',')})`;

/** A stored polygon as a closed ring of vertices, the first repeated last (as GeoJSON and the map draw it). */
export function depuisPolygone(texte: string): Perimetre {
  const nombres = texte.match(/-?[\d.]+(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
  const anneau: Perimetre = [];
  for (let i = 0; i + 1 < nombres.length; i += 2) anneau.push([nombres[i]!, nombres[i + 1]!]);
  return anneau.length ? [...anneau, anneau[0]!] : anneau;
}

/** Every sector with its stored polygon (null while none was drawn), by label. */
export const avecPerimetre = (tx: Tx) =>
  tx
    .select({ idSecteur: secteur.idSecteur, libelle: secteur.libelle, perimetre: secteur.perimetre })
    .from(secteur)
    .orderBy(asc(secteur.libelle));

/** The sectors that have a perimeter, in the order they were created: the first holding an address wins. */
export const perimetres = async (tx: Tx) =>
  (
    await tx
      .select({ idSecteur: secteur.idSecteur, libelle: secteur.libelle, polygone: secteur.perimetre })
      .from(secteur)
      .where(isNotNull(secteur.perimetre))
      .orderBy(asc(secteur.idSecteur))
  ).map((p) => ({ ...p, polygone: p.polygone! }));
