import { RECHERCHE_ADRESSE, type Adresse } from '@debarras/domain';
import { asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { tamponModification } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { adresse } from '../../db/schema.js';

export type LigneAdresse = typeof adresse.$inferSelect;
export type NouvelleAdresse = typeof adresse.$inferInsert;

export const versAdresse = (l: LigneAdresse): Adresse => ({
  idpAdr: l.idpAdr,
  adresse: l.adresse,
  typeVoie: l.typeVoie,
  liant: l.liant,
  nomVoie: l.nomVoie,
  noAdresse: l.noAdresse,
  commune: l.commune,
  noPostal: l.noPostal,
  nomNpa: l.nomNpa,
  x: l.x,
  y: l.y,
  noCommune: l.noCommune,
  secteur: l.secteur,
  gestionnaire: l.gestionnaire,
});

/**
 * Every word must start a word of the address: a prefix full-text query ('serv:* & 12:*') on the
 * GIN index of `recherche`. The words are already reduced to [a-z0-9], so nothing else can reach
 * the query syntax.
 */
export function rechercher(tx: Tx, mots: string[]) {
  const requete = mots.map((m) => `${m}:*`).join(' & ');
  return tx
    .select()
    .from(adresse)
    .where(sql`to_tsvector('simple', ${adresse.recherche}) @@ to_tsquery('simple', ${requete})`)
    .orderBy(asc(adresse.triVoie), asc(adresse.liant), asc(adresse.typeVoie), asc(adresse.triNumero), asc(adresse.noAdresse))
    .limit(RECHERCHE_ADRESSE.resultatsMax);
}

export const trouver = async (tx: Tx, idpAdr: string) => (await tx.select().from(adresse).where(eq(adresse.idpAdr, idpAdr)))[0];

/** The addresses that have a sector, by idpAdr. */
export const sectorisees = async (tx: Tx) =>
  (
    await tx
      .select({ idpAdr: adresse.idpAdr, adresse: adresse.adresse, secteur: adresse.secteur })
      .from(adresse)
      .where(isNotNull(adresse.secteur))
      .orderBy(asc(adresse.idpAdr))
  ).map((a) => ({ ...a, secteur: a.secteur! }));

export const estVide = (tx: Tx) => tableVide(tx, adresse);

/** Columns an import may leave as they are when its file does not carry them. */
export type ColonneConservee = 'secteur' | 'gestionnaire';

const COLONNES_COMPAREES = [
  'adresse',
  'type_voie',
  'liant',
  'nom_voie',
  'no_adresse',
  'commune',
  'no_postal',
  'nom_npa',
  'x',
  'y',
  'no_commune',
  'secteur',
  'gestionnaire',
] as const;

/**
 * Inserts new idpAdr and updates known ones, but only where a value differs: an import run twice
 * changes nothing the second time, not even the audit columns. Gives how many rows were inserted
 * and how many updated; the rest were already identical.
 */
export async function enregistrer(tx: Tx, lignes: NouvelleAdresse[], par: string, conservees: readonly ColonneConservee[] = []) {
  if (!lignes.length) return { inserees: 0, modifiees: 0 };
  const comparees = COLONNES_COMPAREES.filter((c) => !conservees.includes(c as ColonneConservee));
  const liste = (prefixe: string) => sql.raw(comparees.map((c) => `${prefixe}.${c}`).join(', '));
  const modifiables: Record<string, SQL | string | Date> = {
    adresse: sql`excluded.adresse`,
    typeVoie: sql`excluded.type_voie`,
    liant: sql`excluded.liant`,
    nomVoie: sql`excluded.nom_voie`,
    noAdresse: sql`excluded.no_adresse`,
    commune: sql`excluded.commune`,
    noPostal: sql`excluded.no_postal`,
    nomNpa: sql`excluded.nom_npa`,
    x: sql`excluded.x`,
    y: sql`excluded.y`,
    noCommune: sql`excluded.no_commune`,
    secteur: sql`excluded.secteur`,
    gestionnaire: sql`excluded.gestionnaire`,
    recherche: sql`excluded.recherche`,
    triVoie: sql`excluded.tri_voie`,
    triNumero: sql`excluded.tri_numero`,
    ...tamponModification(adresse, par),
  };
  for (const c of conservees) delete modifiables[c];
  const ecrites = await tx
    .insert(adresse)
    .values(lignes)
    .onConflictDoUpdate({
      target: adresse.idpAdr,
      set: modifiables,
      setWhere: sql`(${liste('adresse')}) is distinct from (${liste('excluded')})`,
    })
    .returning({ inseree: sql<boolean>`xmax = 0` });
  const inserees = ecrites.filter((e) => e.inseree).length;
  return { inserees, modifiees: ecrites.length - inserees };
}

/**
 * After a bulk write: moves the search index's pending entries into the index proper (a GIN
 * index's "fast update" list is scanned linearly by every search until then, and the embedded
 * database has no autovacuum to do it) and refreshes the planner's statistics.
 */
export async function ranger(tx: Tx) {
  await tx.execute(sql`select gin_clean_pending_list('adresse_recherche_idx'::regclass)`);
  await tx.execute(sql`analyze adresse`);
}

/** Joins the register's row of an address, if it still has one (a débarras keeps its own copy of the label). */
export const joindreAdresse = <Q extends PgSelect>(requete: Q, idpAdr: AnyPgColumn): Q =>
  requete.leftJoin(adresse, eq(adresse.idpAdr, idpAdr)) as unknown as Q;

/** The crew's order: street, then house number in natural order (2 < 10 < 10A), the label when the register lost the address. */
export const ordreTournee = (libelle: AnyPgColumn) => [
  sql`coalesce(${adresse.triVoie}, ${libelle})`,
  adresse.liant,
  adresse.typeVoie,
  sql`${adresse.triNumero} nulls last`,
  sql`${adresse.noAdresse} nulls last`,
  libelle,
];
