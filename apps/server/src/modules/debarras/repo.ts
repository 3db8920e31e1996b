// The débarras' rows and the tables that go with them (object lines, journal, yearly counters): reads by id,
// the places of a levée, duplicates, every write, and what other modules and the seed read or write of them.
// The list is liste.ts's, the route sheets feuilles.ts's.
import {
  DEBARRAS_MESSAGES,
  formatNumero,
  type DebarrasObjet,
  type LigneEditionObjet,
  type StatutDebarras,
  type TypeDemande,
  type TypeJournal,
} from '@debarras/domain';
import { and, asc, count, eq, gte, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { modifierVersionne, tamponModification, versAudit } from '../../db/audit.js';
import type { Transaction, Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { estVide as tableVide, insererEnMasse } from '../../db/remplissage.js';
import { compteurNumero, debarras, debarrasJournal, debarrasObjet } from '../../db/schema.js';
import { colonnesLeveeJointe, joindreLevee } from '../levee/index.js';
import { catalogueEdition, colonnesObjetJoint, joindreObjet } from '../objet/index.js';

export type LigneDebarras = typeof debarras.$inferSelect;
export type NouveauDebarras = typeof debarras.$inferInsert;

const vraiFaux = (b: boolean) => (b ? 'true' : 'false') as 'true' | 'false';
const zeroUn = (b: boolean) => (b ? '1' : '0') as '0' | '1';

/** The fields a list row and the full débarras share. */
export const versChampsCommuns = (d: LigneDebarras) => ({
  idDebarras: d.idDebarras,
  numero: d.numero,
  statut: d.statut as StatutDebarras,
  typeDemande: d.typeDemande as TypeDemande,
  recurrent: d.recurrent,
  sauvage: zeroUn(d.sauvage),
  adresse: { idpAdr: d.idpAdr, adresse: d.adresse, secteur: d.secteurAdresse },
  nomPersonne: d.nomPersonne,
  telephone: d.telephone,
  email: d.email,
  punaises: vraiFaux(d.punaises),
  punaisesDechets: vraiFaux(d.punaisesDechets),
});

export const versDetailSansLevee = (d: LigneDebarras) => ({
  ...versChampsCommuns(d),
  precisionLieu: d.precisionLieu,
  inclurePrecisionLieu: zeroUn(d.inclurePrecisionLieu),
  travaux: d.travaux,
  remarqueLieu: d.remarqueLieu,
  remarqueGenerale: d.remarqueGenerale,
  remarqueObjet: d.remarqueObjet,
  pointDepotX: d.pointDepotX,
  pointDepotY: d.pointDepotY,
  ...versAudit(d),
});

/**
 * The digits that tell a stored phone number apart (`telephone_chiffres`, migration 0008, the same
 * reading as `chiffresRecherchesTelephone`), as `debarras_telephone_trgm_idx` holds them.
 */
export const telephoneEnChiffres = (telephone: AnyPgColumn) => sql`telephone_chiffres(${telephone})`;

export async function trouver(tx: Tx, idDebarras: number): Promise<LigneDebarras | undefined>;
export async function trouver(tx: Transaction, idDebarras: number, verrouiller: boolean): Promise<LigneDebarras | undefined>;
export async function trouver(tx: Tx, idDebarras: number, verrouiller = false) {
  const requete = tx.select().from(debarras).where(eq(debarras.idDebarras, idDebarras));
  const [ligne] = verrouiller ? await requete.for('update') : await requete;
  return ligne;
}

/** Several débarras locked in id order, so two requests never wait on each other crosswise. */
export const verrouillerPlusieurs = (tx: Transaction, ids: number[]) =>
  tx.select().from(debarras).where(inArray(debarras.idDebarras, ids)).orderBy(asc(debarras.idDebarras)).for('update');

const placesParLevee = preparee('debarras_places_de_la_levee', (tx) =>
  tx
    .select({
      actifs: sql<number>`count(*) filter (where ${debarras.statut} = 'ACTIF')`.mapWith(Number),
      enAttente: sql<number>`count(*) filter (where ${debarras.statut} = 'EN_ATTENTE_VALIDATION')`.mapWith(Number),
    })
    .from(debarras)
    .where(and(eq(debarras.idLevee, sql.placeholder('idLevee')), inArray(debarras.statut, ['ACTIF', 'EN_ATTENTE_VALIDATION']))),
);

/**
 * The places of a levée (prepared): its ACTIF débarras, and the online bookings awaiting validation, which hold a
 * place against other online bookings only (docs/regles.md « Capacité »).
 */
export async function places(tx: Tx, idLevee: number): Promise<{ actifs: number; enAttente: number }> {
  const [ligne] = await placesParLevee(tx).execute({ idLevee });
  return { actifs: ligne?.actifs ?? 0, enAttente: ligne?.enAttente ?? 0 };
}

/**
 * The next `n` numbers of the year, taken in the caller's transaction: the counter row stays locked
 * until it commits, and a rollback gives the numbers back, so numbers have no gap.
 */
export async function prendreNumeros(tx: Tx, annee: number, n: number) {
  const [ligne] = await tx
    .insert(compteurNumero)
    .values({ annee, dernier: n })
    .onConflictDoUpdate({ target: compteurNumero.annee, set: { dernier: sql`${compteurNumero.dernier} + ${n}` } })
    .returning();
  return Array.from({ length: n }, (_, i) => formatNumero(annee, ligne!.dernier - n + 1 + i));
}

export async function apercuNumero(tx: Tx, annee: number) {
  const [ligne] = await tx.select().from(compteurNumero).where(eq(compteurNumero.annee, annee));
  return formatNumero(annee, (ligne?.dernier ?? 0) + 1);
}

/** The number `formatNumero` gives the counter's value `rang` of year `annee`, in SQL. */
const numeroSql = (annee: number, rang: SQL) =>
  sql<string>`${String(annee)} || '-' || lpad(${rang}::text, greatest(5, length(${rang}::text)), '0')`;

/**
 * A new débarras in one statement: the year's next number, the row, its object lines and its CREATION journal line.
 * The levée is locked by then, and every creation waits for it and for the counter's row: one round trip instead of
 * four keeps both held as briefly as possible (docs/performance.md « Débit sous charge »).
 */
export async function creer(
  tx: Tx,
  annee: number,
  valeurs: Omit<NouveauDebarras, 'numero'>,
  lignes: ReadonlyArray<{ idObjet: number; quantite: number; remarque: string | null }>,
  par: string,
): Promise<LigneDebarras> {
  const compteur = tx.$with('compteur').as(
    tx
      .insert(compteurNumero)
      .values({ annee, dernier: 1 })
      .onConflictDoUpdate({ target: compteurNumero.annee, set: { dernier: sql`${compteurNumero.dernier} + 1` } })
      .returning({ dernier: compteurNumero.dernier }),
  );
  const cree = tx.$with('cree').as(
    tx
      .insert(debarras)
      .values({ ...valeurs, numero: sql`(select ${numeroSql(annee, sql.raw('dernier'))} from ${compteur})` })
      .returning(),
  );
  const idCree = sql`(select id_debarras from ${cree})`;
  const journal = tx
    .$with('journal')
    .as(
      tx
        .insert(debarrasJournal)
        .values({ idDebarras: idCree, type: 'CREATION', utilisateur: par })
        .returning({ id: debarrasJournal.idDebarrasJournal }),
    );
  const objets = tx.$with('objets').as(
    tx
      .insert(debarrasObjet)
      .values(lignes.map((l) => ({ ...l, idDebarras: idCree, createdBy: par, lastModifiedBy: par })))
      .returning({ id: debarrasObjet.idDebarrasObjet }),
  );
  const [ligne] = await (lignes.length ? tx.with(compteur, cree, journal, objets) : tx.with(compteur, cree, journal)).select().from(cree);
  return ligne!;
}

/** Several new débarras at once; answers their ids by number. */
export async function insererPlusieurs(tx: Tx, valeurs: NouveauDebarras[]) {
  if (!valeurs.length) return new Map<string, number>();
  const crees = await tx.insert(debarras).values(valeurs).returning({ idDebarras: debarras.idDebarras, numero: debarras.numero });
  return new Map(crees.map((d) => [d.numero, d.idDebarras]));
}

/** Changes one débarras at the version the user read (see `modifierVersionne`). */
export const modifier = (tx: Tx, idDebarras: number, version: number, valeurs: Partial<NouveauDebarras>, par: string) =>
  modifierVersionne(tx, {
    table: debarras,
    cle: debarras.idDebarras,
    id: idDebarras,
    version,
    valeurs,
    par,
    quoi: DEBARRAS_MESSAGES.introuvable,
  });

/** Moves débarras to a levée: a bulk change, stamped without a version (docs/decisions.md). */
export async function rattacher(tx: Tx, ids: number[], idLevee: number, par: string) {
  if (ids.length) {
    await tx
      .update(debarras)
      .set({ idLevee, ...tamponModification(debarras, par) })
      .where(inArray(debarras.idDebarras, ids));
  }
}

/**
 * Of these débarras, those still to collect: ACTIF, on an ACTIF levée after `jour` (today's is out with the crews).
 * Locked in id order when asked, as `verrouillerPlusieurs`.
 */
export async function aCollecter(tx: Tx, ids: readonly number[], jour: string): Promise<number[]>;
export async function aCollecter(tx: Transaction, ids: readonly number[], jour: string, verrouiller: boolean): Promise<number[]>;
export async function aCollecter(tx: Tx, ids: readonly number[], jour: string, verrouiller = false): Promise<number[]> {
  if (!ids.length) return [];
  const requete = joindreLevee(tx.select({ idDebarras: debarras.idDebarras }).from(debarras).$dynamic(), debarras.idLevee)
    .where(
      and(
        inArray(debarras.idDebarras, [...ids]),
        eq(debarras.statut, 'ACTIF'),
        eq(colonnesLeveeJointe().statut, 'ACTIF'),
        sql`${colonnesLeveeJointe().dateLevee} > ${jour}`,
      ),
    )
    .orderBy(asc(debarras.idDebarras));
  return (verrouiller ? await requete.for('update', { of: debarras }) : await requete).map((l) => l.idDebarras);
}

/** The same values on several débarras: a bulk change, stamped as `rattacher` is. */
export async function modifierPlusieurs(tx: Tx, ids: readonly number[], valeurs: Partial<NouveauDebarras>, par: string) {
  if (ids.length) {
    await tx
      .update(debarras)
      .set({ ...valeurs, ...tamponModification(debarras, par) })
      .where(inArray(debarras.idDebarras, [...ids]));
  }
}

export async function journaliser(tx: Tx, ids: number[], type: TypeJournal, par: string) {
  if (ids.length) await tx.insert(debarrasJournal).values(ids.map((idDebarras) => ({ idDebarras, type, utilisateur: par })));
}

export const journal = (tx: Tx, idDebarras: number) =>
  tx
    .select()
    .from(debarrasJournal)
    .where(eq(debarrasJournal.idDebarras, idDebarras))
    .orderBy(asc(debarrasJournal.dateJournal), asc(debarrasJournal.idDebarrasJournal));

/** Sets the ACTIF débarras of a levée to ARCHIVE; answers their ids. */
export async function archiverDeLaLevee(tx: Tx, idLevee: number, par: string) {
  const archives = await tx
    .update(debarras)
    .set({ statut: 'ARCHIVE', ...tamponModification(debarras, par) })
    .where(and(eq(debarras.idLevee, idLevee), eq(debarras.statut, 'ACTIF')))
    .returning({ idDebarras: debarras.idDebarras });
  return archives.map((a) => a.idDebarras);
}

/**
 * One batch of the anonymisation (docs/regles.md « Anonymisation »): closed débarras (ARCHIVE, SUPPRIME) of
 * levées before `avant` that still hold the requester's data lose it; answers their ids. The conditions
 * are those of `debarras_a_anonymiser_idx`, which holds the candidates only.
 */
export async function anonymiserLot(tx: Tx, avant: string, taille: number, par: string) {
  const candidats = joindreLevee(tx.select({ idDebarras: debarras.idDebarras }).from(debarras).$dynamic(), debarras.idLevee)
    .where(
      and(
        sql`${debarras.statut} in ('ARCHIVE', 'SUPPRIME')`,
        sql`(${debarras.nomPersonne} is not null or ${debarras.telephone} is not null or ${debarras.email} is not null or ${debarras.remarqueGenerale} is not null)`,
        sql`${colonnesLeveeJointe().dateLevee} < ${avant}`,
      ),
    )
    .limit(taille);
  const anonymises = await tx
    .update(debarras)
    .set({ nomPersonne: null, telephone: null, email: null, remarqueGenerale: null, ...tamponModification(debarras, par) })
    .where(inArray(debarras.idDebarras, candidats))
    .returning({ idDebarras: debarras.idDebarras });
  return anonymises.map((a) => a.idDebarras);
}

const versLigneObjet = (l: { ligne: typeof debarrasObjet.$inferSelect; libelle: string }): DebarrasObjet => ({
  idDebarrasObjet: l.ligne.idDebarrasObjet,
  objet: { idObjet: l.ligne.idObjet, libelle: l.libelle },
  quantite: l.ligne.quantite,
  remarque: l.ligne.remarque,
});

const selectionObjets = (tx: Tx, idDebarras: number | Placeholder) => {
  const objet = colonnesObjetJoint();
  return joindreObjet(tx.select({ ligne: debarrasObjet, libelle: objet.libelle }).from(debarrasObjet).$dynamic(), debarrasObjet.idObjet)
    .where(eq(debarrasObjet.idDebarras, idDebarras))
    .orderBy(asc(objet.ordre), asc(debarrasObjet.idDebarrasObjet));
};

const objetsParDebarras = preparee('debarras_objets_par_debarras', (tx) => selectionObjets(tx, sql.placeholder('idDebarras')));

/** A débarras' object lines; every answer with a débarras reads them (prepared). */
export const objets = async (tx: Tx, idDebarras: number) => (await objetsParDebarras(tx).execute({ idDebarras })).map(versLigneObjet);

export async function pageObjets(tx: Tx, idDebarras: number, page: number, taille: number) {
  const [l, [total]] = await Promise.all([
    selectionObjets(tx, idDebarras)
      .limit(taille)
      .offset(page * taille),
    tx.select({ n: count() }).from(debarrasObjet).where(eq(debarrasObjet.idDebarras, idDebarras)),
  ]);
  return { lignes: l.map(versLigneObjet), total: total?.n ?? 0 };
}

/** Object lines of several new débarras at once. */
export async function insererObjets(
  tx: Tx,
  lignesObjets: Array<{ idDebarras: number; idObjet: number; quantite: number; remarque: string | null }>,
  par: string,
) {
  if (lignesObjets.length) await tx.insert(debarrasObjet).values(lignesObjets.map((l) => ({ ...l, createdBy: par, lastModifiedBy: par })));
}

export async function remplacerObjets(
  tx: Tx,
  idDebarras: number,
  lignesObjets: Array<{ idObjet: number; quantite: number; remarque: string | null }>,
  par: string,
) {
  await tx.delete(debarrasObjet).where(eq(debarrasObjet.idDebarras, idDebarras));
  if (lignesObjets.length) {
    await tx.insert(debarrasObjet).values(lignesObjets.map((l) => ({ ...l, idDebarras, createdBy: par, lastModifiedBy: par })));
  }
}

/**
 * The 'Choisir les objets' lines: every active object of type Objet, by display order, with the
 * débarras' quantity and remark (0 when it has none), and the débarras' own lines whose object
 * has since left the catalogue.
 */
export async function lignesEdition(tx: Tx, idDebarras: number | undefined): Promise<LigneEditionObjet[]> {
  const choisis = idDebarras === undefined ? [] : await selectionObjets(tx, idDebarras);
  const ids = choisis.map((c) => c.ligne.idObjet);
  const catalogue = await catalogueEdition(tx, ids);
  const parObjet = new Map(choisis.map((c) => [c.ligne.idObjet, c.ligne]));
  return catalogue.map((o) => ({
    objet: { idObjet: o.idObjet, libelle: o.libelle, url: o.url, ordre: o.ordre },
    quantite: parObjet.get(o.idObjet)?.quantite ?? 0,
    remarque: parObjet.get(o.idObjet)?.remarque ?? null,
  }));
}

export interface CriteresDoublons {
  idDebarras: number | undefined;
  idpAdr: string | undefined;
  chiffresTelephone: string | undefined;
  email: string | undefined;
  depuis: string;
  /** Online: the same address, and the same phone or e-mail (docs/regles.md « Doublons »). */
  adresseEtContact?: boolean;
}

/** Other ACTIF or pending débarras of a levée from `depuis` on, matching one of the criteria (or, online, the pair). */
export async function doublons(tx: Tx, c: CriteresDoublons) {
  const memeAdresse = c.idpAdr ? sql<boolean>`${debarras.idpAdr} = ${c.idpAdr}` : sql<boolean>`false`;
  const memeTelephone = c.chiffresTelephone
    ? sql<boolean>`coalesce(${telephoneEnChiffres(debarras.telephone)} = ${c.chiffresTelephone}, false)`
    : sql<boolean>`false`;
  const memeEmail = c.email ? sql<boolean>`lower(${debarras.email}) = ${c.email.toLowerCase()}` : sql<boolean>`false`;
  const { dateLevee } = colonnesLeveeJointe();
  return joindreLevee(
    tx
      .select({ idDebarras: debarras.idDebarras, numero: debarras.numero, dateLevee, memeAdresse, memeTelephone, memeEmail })
      .from(debarras)
      .$dynamic(),
    debarras.idLevee,
  )
    .where(
      and(
        inArray(debarras.statut, ['ACTIF', 'EN_ATTENTE_VALIDATION']),
        gte(dateLevee, c.depuis),
        c.idDebarras !== undefined ? ne(debarras.idDebarras, c.idDebarras) : undefined,
        c.adresseEtContact
          ? sql`(${memeAdresse} and (${memeTelephone} or ${memeEmail}))`
          : sql`(${memeAdresse} or ${memeTelephone} or ${memeEmail})`,
      ),
    )
    .orderBy(asc(dateLevee), asc(debarras.numero))
    .limit(20);
}

/** Whether the débarras `idDebarras` still awaits its online validation, as a subquery (its primary key serves it). */
export const attendValidation = (idDebarras: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${debarras} where ${debarras.idDebarras} = ${idDebarras} and ${debarras.statut} = 'EN_ATTENTE_VALIDATION')`;

export const estVide = (tx: Tx) => tableVide(tx, debarras);

/** A débarras of the demo history as it stands, with its object lines and journal. */
export interface DebarrasHistorique {
  debarras: NouveauDebarras;
  objets: Array<Omit<typeof debarrasObjet.$inferInsert, 'idDebarras'>>;
  journal: Array<Omit<typeof debarrasJournal.$inferInsert, 'idDebarras'>>;
}

/** The last number given each year. */
export const derniersNumeros = async (tx: Tx) => new Map((await tx.select().from(compteurNumero)).map((c) => [c.annee, c.dernier]));

/**
 * The demo history's bulk write, a few statements for thousands of débarras where creating them
 * one by one would take minutes; the yearly counters then go on from `derniers`.
 */
export async function insererHistorique(tx: Tx, historique: DebarrasHistorique[], derniers: Map<number, number>) {
  const inseres = await insererEnMasse<typeof debarras, { id: number; numero: string }>(
    tx,
    debarras,
    historique.map((h) => h.debarras),
    sql`id_debarras as id, numero`,
  );
  const ids = new Map(inseres.map((r) => [r.numero, r.id]));
  const idDe = (h: DebarrasHistorique) => ids.get(h.debarras.numero)!;
  await insererEnMasse(
    tx,
    debarrasObjet,
    historique.flatMap((h) => h.objets.map((o) => ({ ...o, idDebarras: idDe(h) }))),
  );
  await insererEnMasse(
    tx,
    debarrasJournal,
    historique.flatMap((h) => h.journal.map((j) => ({ ...j, idDebarras: idDe(h) }))),
  );
  if (derniers.size) {
    await tx
      .insert(compteurNumero)
      .values([...derniers].map(([annee, dernier]) => ({ annee, dernier })))
      .onConflictDoUpdate({ target: compteurNumero.annee, set: { dernier: sql`excluded.dernier` } });
  }
  // the planner's statistics, so that the first lists are not read with a plan made for empty tables
  await tx.execute(sql`analyze ${debarras}, ${debarrasObjet}, ${debarrasJournal}, ${compteurNumero}`);
}

/** The ACTIF online bookings on the ACTIF levées of `jour`: whom the evening reminder writes to. */
export const internetActifsLe = (tx: Tx, jour: string) =>
  joindreLevee(
    tx
      .select({
        idDebarras: debarras.idDebarras,
        numero: debarras.numero,
        nom: debarras.nomPersonne,
        email: debarras.email,
        adresse: debarras.adresse,
      })
      .from(debarras)
      .$dynamic(),
    debarras.idLevee,
  ).where(
    and(
      eq(debarras.typeDemande, 'INTERNET'),
      eq(debarras.statut, 'ACTIF'),
      eq(colonnesLeveeJointe().dateLevee, jour),
      eq(colonnesLeveeJointe().statut, 'ACTIF'),
    ),
  );
