import { OBJET_MESSAGES, OBJET_TRI_DEFAUT, type Objet, type ObjetEnLigne, type objetListeSchema, type TypeObjet } from '@debarras/domain';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ecrituresVersionnees, versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { contient, definirListe } from '../../db/liste.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { objet } from '../../db/schema.js';

export type RequeteObjets = z.output<typeof objetListeSchema>;
export type LigneObjet = typeof objet.$inferSelect;
export type NouvelObjet = Omit<typeof objet.$inferInsert, 'createdBy' | 'lastModifiedBy'>;

export const versObjet = (l: LigneObjet): Objet => ({
  idObjet: l.idObjet,
  libelle: l.libelle,
  libelleExt: l.libelleExt,
  url: l.url,
  urlInterdit: l.urlInterdit,
  libelleExtEn: l.libelleExtEn,
  urlInterditEn: l.urlInterditEn,
  ordre: l.ordre,
  type: l.type as TypeObjet,
  actif: l.actif === 1 ? 1 : 0,
  ...versAudit(l),
});

export const liste = definirListe({
  versReponse: versObjet,
  table: objet,
  cle: objet.idObjet,
  triDefaut: OBJET_TRI_DEFAUT,
  colonnesTri: {
    libelle: objet.libelle,
    libelleExt: objet.libelleExt,
    type: objet.type,
    url: objet.url,
    urlInterdit: objet.urlInterdit,
    ordre: objet.ordre,
    actif: objet.actif,
  },
  filtres: (q: RequeteObjets) =>
    and(
      contient(objet.libelle, q.libelle),
      q.type ? eq(objet.type, q.type) : undefined,
      q.actif !== undefined ? eq(objet.actif, q.actif) : undefined,
    ),
});

/** The catalogue's one way to be written (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(objet, objet.idObjet, OBJET_MESSAGES.introuvable);

export const trouver = async (tx: Tx, id: number) => (await tx.select().from(objet).where(eq(objet.idObjet, id)))[0];

/** What a débarras may take: the active objects of type Objet. */
const accepte = () => and(eq(objet.actif, 1), eq(objet.type, 'Objet'));

/**
 * The active catalogue as the online booking shows it (docs/regles.md « Réservation en ligne »): online label, image,
 * link, in French and in English when given.
 */
export async function catalogueEnLigne(tx: Tx): Promise<ObjetEnLigne[]> {
  const lignes = await tx
    .select({
      idObjet: objet.idObjet,
      libelle: objet.libelleExt,
      image: objet.url,
      type: objet.type,
      lien: objet.urlInterdit,
      libelleEn: objet.libelleExtEn,
      lienEn: objet.urlInterditEn,
    })
    .from(objet)
    .where(and(eq(objet.actif, 1), inArray(objet.type, ['Objet', 'Interdit'])))
    .orderBy(asc(objet.ordre), asc(objet.idObjet));
  return lignes.map((o) => ({
    ...o,
    type: o.type as ObjetEnLigne['type'],
    image: o.image || null,
    lien: o.lien || null,
    libelleEn: o.libelleEn || null,
    lienEn: o.lienEn || null,
  }));
}

/**
 * The online labels of these objects in a language (the English one when given, else the French one), active or not
 * since: what a booking's e-mails call the objects it holds.
 */
export async function libellesEnLigne(tx: Tx, ids: readonly number[], langue: 'fr' | 'en'): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const libelle: SQL<string> | typeof objet.libelleExt =
    langue === 'en' ? sql<string>`coalesce(nullif(${objet.libelleExtEn}, ''), ${objet.libelleExt})` : objet.libelleExt;
  const lignes = await tx
    .select({ idObjet: objet.idObjet, libelle })
    .from(objet)
    .where(inArray(objet.idObjet, [...ids]));
  return new Map(lignes.map((l) => [l.idObjet, l.libelle]));
}

const acceptesParmi = preparee('objet_acceptes_parmi', (tx) =>
  tx
    .select({ idObjet: objet.idObjet })
    .from(objet)
    .where(and(accepte(), sql`${objet.idObjet} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(asc(objet.ordre), asc(objet.idObjet)),
);

/**
 * The ids of the objects a débarras may take, by display order; only those among `parmi` when given (every creation
 * checks its lines: prepared).
 */
export async function acceptes(tx: Tx, parmi?: readonly number[]) {
  if (parmi && !parmi.length) return [];
  const lignes = parmi
    ? await acceptesParmi(tx).execute({ ids: [...parmi] })
    : await tx.select({ idObjet: objet.idObjet }).from(objet).where(accepte()).orderBy(asc(objet.ordre), asc(objet.idObjet));
  return lignes.map((o) => o.idObjet);
}

/** The objects a débarras may take, and those of `aussi` (lines it already has), by display order. */
export const catalogueEdition = (tx: Tx, aussi: readonly number[]) =>
  tx
    .select()
    .from(objet)
    .where(or(accepte(), aussi.length ? inArray(objet.idObjet, [...aussi]) : undefined))
    .orderBy(asc(objet.ordre), asc(objet.idObjet));

export const estVide = (tx: Tx) => tableVide(tx, objet);

export async function insererPlusieurs(tx: Tx, objets: readonly NouvelObjet[], par: string) {
  await tx.insert(objet).values(objets.map((o) => ({ ...o, createdBy: par, lastModifiedBy: par })));
}

/** For another module's query over rows that reference an object (a débarras' lines): the object joined on `idObjet`. */
export const joindreObjet = <Q extends PgSelect>(requete: Q, idObjet: AnyPgColumn): Q =>
  requete.innerJoin(objet, eq(objet.idObjet, idObjet)) as unknown as Q;

/** The joined object's label and display order. */
export const colonnesObjetJoint = () => ({ libelle: objet.libelle, ordre: objet.ordre });

/** Objects by their ids, with their staff label and catalogue order (the statistics' ranking). */
export const libellesEtOrdre = (tx: Tx, ids: readonly number[]) =>
  tx
    .select({ idObjet: objet.idObjet, libelle: objet.libelle, ordre: objet.ordre })
    .from(objet)
    .where(inArray(objet.idObjet, [...ids]));
