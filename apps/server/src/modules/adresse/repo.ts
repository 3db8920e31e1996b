import type { Adresse, Etendue, RechercheAdresse } from '@debarras/domain';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { tamponModification } from '../../db/audit.js';
import { lignes, type Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { estVide as tableVide } from '../../db/remplissage.js';
import { adresse, motAdresse } from '../../db/schema.js';

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
 * An address's point, the expression of the GiST index `adresse_point_idx`: a condition on it
 * written this way (`<@ box`, `<->`) is answered from the index (docs/decisions.md « Cartes sans PostGIS »).
 */
const POINT = sql`point(${adresse.x}, ${adresse.y})`;
const point = (x: number, y: number) => sql`point(${x}::float8, ${y}::float8)`;
const boite = (e: Etendue) => sql`box(${point(e.xMin, e.yMin)}, ${point(e.xMax, e.yMax)})`;

const COLONNES_CARTE = {
  idpAdr: adresse.idpAdr,
  adresse: adresse.adresse,
  x: adresse.x,
  y: adresse.y,
  gestionnaire: adresse.gestionnaire,
  secteur: adresse.secteur,
};

/** The addresses in an extent, at most `limite`, in no particular order. */
export const dansEtendue = (tx: Tx, e: Etendue, limite: number) =>
  tx
    .select(COLONNES_CARTE)
    .from(adresse)
    .where(sql`${POINT} <@ ${boite(e)}`)
    .limit(limite);

/** What the street layer reads of an address (`rues.ts`). */
const COLONNES_RUES = {
  idpAdr: adresse.idpAdr,
  typeVoie: adresse.typeVoie,
  liant: adresse.liant,
  nomVoie: adresse.nomVoie,
  noAdresse: adresse.noAdresse,
  noCommune: adresse.noCommune,
  x: adresse.x,
  y: adresse.y,
};

/**
 * The numbered addresses in an extent as the street layer reads them (`rues.ts`), at most `limite`, in no
 * particular order: the point index finds them, the lines are built in TypeScript.
 */
export const adressesDeRues = (tx: Tx, e: Etendue, limite: number) =>
  tx
    .select(COLONNES_RUES)
    .from(adresse)
    .where(and(sql`${POINT} <@ ${boite(e)}`, isNotNull(adresse.noAdresse)))
    .limit(limite);

/**
 * The numbered addresses on the streets of these addresses (the stops of a round): their streets first, then each
 * street's addresses by the sort index, at most `limite` — a sector's extent holds tens of thousands of addresses,
 * its stops' streets a few thousand.
 */
export async function adressesDesRuesDe(tx: Tx, idpAdrs: string[], limite: number) {
  const rues = await tx.selectDistinct({ triVoie: adresse.triVoie }).from(adresse).where(inArray(adresse.idpAdr, idpAdrs));
  if (!rues.length) return [];
  return tx
    .select(COLONNES_RUES)
    .from(adresse)
    .where(
      and(
        inArray(
          adresse.triVoie,
          rues.map((r) => r.triVoie),
        ),
        isNotNull(adresse.noAdresse),
      ),
    )
    .limit(limite);
}

/**
 * The addresses of one manager within `rayon` metres of a point, nearest first: the index gives
 * the few in the square around it, the exact distance keeps those in the circle.
 */
export function proches(tx: Tx, x: number, y: number, rayon: number, gestionnaire: string) {
  const distance = sql`${POINT} <-> ${point(x, y)}`;
  return tx
    .select(COLONNES_CARTE)
    .from(adresse)
    .where(
      and(
        sql`${POINT} <@ ${boite({ xMin: x - rayon, yMin: y - rayon, xMax: x + rayon, yMax: y + rayon })}`,
        sql`${distance} <= ${rayon}`,
        eq(adresse.gestionnaire, gestionnaire),
      ),
    )
    .orderBy(asc(distance), asc(adresse.idpAdr));
}

/** A sector's perimeter as the database reads it: its label and the polygon's text form `((x1,y1),…)`. */
export interface PerimetreSecteur {
  libelle: string;
  polygone: string;
}

const polygone = (p: PerimetreSecteur) => sql`${p.polygone}::polygon`;
/** Inside the polygon: the index finds the points in its bounding box, the polygon test keeps those inside. */
const dansPerimetre = (p: PerimetreSecteur) => sql`(${POINT} <@ box(${polygone(p)}) and ${polygone(p)} @> ${POINT})`;

/** The label of the first perimeter holding the address, null when none does. */
const secteurDesPerimetres = (perimetres: readonly PerimetreSecteur[]): SQL =>
  perimetres.length
    ? sql`case ${sql.join(
        perimetres.map((p) => sql`when ${polygone(p)} @> ${POINT} then ${p.libelle}`),
        sql` `,
      )} else null end`
    : sql`null::varchar`;

/**
 * A sector's perimeter was drawn (docs/regles.md « Périmètres des secteurs »): every address inside
 * it takes the sector; those that had it and lie outside now take the first of the `autres`
 * perimeters holding them, or none. Answers how many addresses changed sector.
 */
export async function attribuerPerimetre(tx: Tx, perimetre: PerimetreSecteur, autres: readonly PerimetreSecteur[], par: string) {
  const entres = await tx
    .update(adresse)
    .set({ secteur: perimetre.libelle, ...tamponModification(adresse, par) })
    .where(and(dansPerimetre(perimetre), sql`${adresse.secteur} is distinct from ${perimetre.libelle}`))
    .returning({ idpAdr: adresse.idpAdr });
  const sortis = await tx
    .update(adresse)
    .set({ secteur: secteurDesPerimetres(autres), ...tamponModification(adresse, par) })
    .where(and(eq(adresse.secteur, perimetre.libelle), sql`not ${dansPerimetre(perimetre)}`))
    .returning({ idpAdr: adresse.idpAdr });
  return entres.length + sortis.length;
}

/**
 * The import's sectors when its file has none: each of these addresses inside a perimeter takes
 * that perimeter's sector (the first, should two overlap); the others keep theirs.
 */
export async function attribuerSecteursDesPerimetres(
  tx: Tx,
  idpAdr: readonly string[],
  perimetres: readonly PerimetreSecteur[],
  par: string,
) {
  if (!idpAdr.length || !perimetres.length) return 0;
  const secteur = secteurDesPerimetres(perimetres);
  const changees = await tx
    .update(adresse)
    .set({ secteur, ...tamponModification(adresse, par) })
    .where(
      and(
        sql`${adresse.idpAdr} in (select unnest(${sql.param([...idpAdr])}::varchar[]))`,
        sql`(${sql.join(perimetres.map(dansPerimetre), sql` or `)})`,
        sql`${adresse.secteur} is distinct from ${secteur}`,
      ),
    )
    .returning({ idpAdr: adresse.idpAdr });
  return changees.length;
}

/** How many addresses of these communes have no sector. */
export const nombreSansSecteur = async (tx: Tx, communes: readonly number[]) =>
  (
    await tx
      .select({ n: count() })
      .from(adresse)
      .where(and(inArray(adresse.noCommune, [...communes]), isNull(adresse.secteur)))
  )[0]!.n;

/** The link words inside street names: a caller need not say them to name the street completely. */
const LIANTS_VOIE = ['de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'a', 'au', 'aux'];

/**
 * How many words of the street's name the search leaves unsaid, link words aside: « pre 5 » says
 * all of « Chemin du Pré » but leaves « fontaine » of « Chemin du Pré-de-la-Fontaine ». One regular
 * expression over the name in search form (one space before each word) strikes the link words and
 * the words a search word starts, with their space, and the letters of the other words: only their
 * spaces are left to count.
 */
function motsNonNommes(triVoie: AnyPgColumn, mots: string[][]): SQL {
  const prefixes = [...new Set(mots.flat())].join('|');
  const motif = ` (?:(?:${LIANTS_VOIE.join('|')})(?= |$)|(?:${prefixes})[a-z0-9]*)|[a-z0-9]+`;
  return sql`length(regexp_replace(' ' || ${triVoie}, ${motif}, '', 'g'))`;
}

const enPremierSi = (condition: SQL | undefined) => sql`case when ${condition} then 0 else 1 end`;

/**
 * How far down the register's order a search is ranked: thousands of addresses match « rue »,
 * which ranking all would cost 100 ms where reading them in the index's order stops at the first
 * ones; a search precise enough to rank has far fewer.
 */
const CANDIDATS_CLASSES = 1000;

/**
 * Every word must start a word of the address, or one of the words it stands for: a prefix
 * full-text query ('(bd:* | boulevard:*) & carl:* & 50:*') on the GIN index of `recherche`. The
 * words are already reduced to [a-z0-9], so nothing else can reach the query syntax or the regular
 * expression of `motsNonNommes`. Ranked (docs/regles.md « Recherche d'adresse »): the exact house
 * number, then the street named most completely, the postal code of a pasted line, then the
 * register's order, with the types the search names (else a rue) first among one street name's;
 * among the first `CANDIDATS_CLASSES` matches in the register's order.
 */
/** Where the service collects: the served communes and, among addresses that name one, the configured manager. */
export interface Desserte {
  communes: readonly number[];
  gestionnaire: string | null;
}

/** Whether the service collects at `a`: the rule `rechercher` applies in SQL, for an address already read. */
export const dansLaDesserte = (a: { noCommune: number; gestionnaire: string | null }, desserte: Desserte) =>
  desserte.communes.includes(a.noCommune) &&
  (!desserte.gestionnaire || a.gestionnaire === null || a.gestionnaire === desserte.gestionnaire);

export function rechercher(tx: Tx, r: RechercheAdresse, limite: number, etendue?: Etendue, desserte?: Desserte) {
  const requete = r.mots.map((v) => (v.length > 1 ? `(${v.map((m) => `${m}:*`).join(' | ')})` : `${v[0]}:*`)).join(' & ');
  const candidates = tx
    .select()
    .from(adresse)
    .where(
      and(
        sql`to_tsvector('simple', ${adresse.recherche}) @@ to_tsquery('simple', ${requete})`,
        etendue ? sql`${POINT} <@ ${boite(etendue)}` : undefined,
        desserte ? inArray(adresse.noCommune, [...desserte.communes]) : undefined,
        desserte?.gestionnaire ? or(isNull(adresse.gestionnaire), eq(adresse.gestionnaire, desserte.gestionnaire)) : undefined,
      ),
    )
    .orderBy(asc(adresse.triVoie), asc(adresse.liant), asc(adresse.typeVoie), asc(adresse.triNumero), asc(adresse.noAdresse))
    .limit(CANDIDATS_CLASSES)
    .as('candidates');
  return tx
    .select()
    .from(candidates)
    .orderBy(
      ...(r.numeros.length ? [enPremierSi(inArray(sql`lower(${candidates.noAdresse})`, r.numeros))] : []),
      asc(motsNonNommes(candidates.triVoie, r.mots)),
      ...(r.npa ? [enPremierSi(eq(candidates.noPostal, r.npa))] : []),
      asc(candidates.triVoie),
      asc(candidates.liant),
      enPremierSi(inArray(candidates.typeVoie, r.typesVoie)),
      asc(candidates.typeVoie),
      asc(candidates.triNumero),
      asc(candidates.noAdresse),
    )
    .limit(limite);
}

/**
 * For each typed word that starts no word of the register, the register's words closest to it,
 * best first, by trigram similarity (pg_trgm's `%`, served by the trigram index): « servete »,
 * « sevrette », « ervette » → « servette ». One query for all the words.
 */
export async function motsProches(tx: Tx, mots: string[], nombre: number): Promise<Map<string, string[]>> {
  if (!mots.length) return new Map();
  const tapes = sql.join(
    mots.map((m) => sql`${m}`),
    sql`, `,
  );
  const proches = await lignes<{ tape: string; proche: string }>(
    tx,
    sql`select t.mot as tape, p.mot as proche
      from unnest(array[${tapes}]::text[]) as t(mot)
      cross join lateral (
        select v.mot from ${motAdresse} v
        where v.mot % t.mot
        order by similarity(v.mot, t.mot) desc, v.mot
        limit ${nombre}
      ) p
      where not exists (select 1 from ${motAdresse} v where v.mot like t.mot || '%')`,
  );
  const parMot = new Map<string, string[]>();
  for (const { tape, proche } of proches) parMot.set(tape, [...(parMot.get(tape) ?? []), proche]);
  return parMot;
}

const parIdp = preparee('adresse_par_idp', (tx) =>
  tx
    .select()
    .from(adresse)
    .where(eq(adresse.idpAdr, sql.placeholder('idpAdr'))),
);

/** An address of the register; every creation and online step reads one (prepared). */
export const trouver = async (tx: Tx, idpAdr: string) => (await parIdp(tx).execute({ idpAdr }))[0];

/** The label and sector of these addresses as the register has them today, by idpAdr. */
export async function secteursDe(tx: Tx, idpAdrs: readonly string[]) {
  const lignes = idpAdrs.length
    ? await tx
        .select({ idpAdr: adresse.idpAdr, adresse: adresse.adresse, secteur: adresse.secteur })
        .from(adresse)
        .where(inArray(adresse.idpAdr, [...idpAdrs]))
    : [];
  return new Map(lignes.map((l) => [l.idpAdr, l]));
}

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
 * database has no autovacuum to do it), rebuilds the words of the register (`mot_adresse`) and
 * refreshes the planner's statistics.
 */
export async function ranger(tx: Tx) {
  await tx.execute(sql`select gin_clean_pending_list('adresse_recherche_idx'::regclass)`);
  await tx.delete(motAdresse);
  await tx.execute(sql`insert into ${motAdresse} (mot)
    select word from ts_stat('select to_tsvector(''simple'', recherche) from adresse') where word ~ '^[a-z]+$'`);
  await tx.execute(sql`select gin_clean_pending_list('mot_adresse_trgm_idx'::regclass)`);
  await tx.execute(sql`analyze adresse, mot_adresse`);
}

/** Joins the register's row of an address, if it still has one (a débarras keeps its own copy of the label). */
export const joindreAdresse = <Q extends PgSelect>(requete: Q, idpAdr: AnyPgColumn): Q =>
  requete.leftJoin(adresse, eq(adresse.idpAdr, idpAdr)) as unknown as Q;

/** The joined address's LV95 point (null when the register lost the address), for a query that `joindreAdresse`. */
export const coordonneesAdresse = () => ({ x: adresse.x, y: adresse.y });

/** Street order: street, then house number in natural order (2 < 10 < 10A), the label when the register lost the address; the order the rounds start from (docs/regles.md « Ordre de la tournée »). */
export const ordreDesRues = (libelle: AnyPgColumn) => [
  sql`coalesce(${adresse.triVoie}, ${libelle})`,
  adresse.liant,
  adresse.typeVoie,
  sql`${adresse.triNumero} nulls last`,
  sql`${adresse.noAdresse} nulls last`,
  libelle,
];
