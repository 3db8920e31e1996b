import {
  LEVEE_MESSAGES,
  LEVEE_LIBELLES,
  LEVEE_TRI_DEFAUT,
  type DebarrasLigne,
  type Levee,
  type leveeListeSchema,
  type StatutLevee,
} from '@debarras/domain';
import { and, asc, count, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ecrituresVersionnees, tamponModification, versAudit } from '../../db/audit.js';
import type { Transaction, Tx } from '../../db/client.js';
import { preparee } from '../../db/preparees.js';
import { borne, contient, ordre, parLots } from '../../db/liste.js';
import { debarras, levee } from '../../db/schema.js';
import { champsSecteurJoint, joindreSecteur, libelleSecteurJoint } from '../secteur/index.js';
import { arretsAvecResultat } from '../resultat/index.js';

export type RequeteLevees = z.output<typeof leveeListeSchema>;
export type LigneLevee = typeof levee.$inferSelect;

/**
 * A round holds its ACTIF débarras; once archived, the débarras it collected (archived with it),
 * so that the history shows what each round took (docs/decisions.md).
 */
const statutCompte = sql`case when ${levee.statut} = 'ARCHIVE' then 'ARCHIVE' else 'ACTIF' end`;

/*
 * The counts of a levée are the levée's own knowledge (its capacity), so this module reads them from the débarras
 * table, by its (levée, statut) index; only the débarras module writes that table. The débarras module needs the
 * levée (it locks it and joins it), never the other way round (docs/architecture.md « Un propriétaire par table »).
 */

/** How many débarras of the levée `idLevee` have the status `statut`, as a subquery. */
const compteParLevee = (idLevee: AnyPgColumn, statut: SQL) =>
  sql<number>`(select count(*) from ${debarras} where ${debarras.idLevee} = ${idLevee} and ${debarras.statut} = ${statut})`.mapWith(Number);

/** The places the levée `idLevee` has given (ACTIF and awaiting validation, as `placesOccupees`), as a subquery. */
const placesPrisesParLevee = (idLevee: AnyPgColumn) =>
  sql<number>`(select count(*) from ${debarras} where ${debarras.idLevee} = ${idLevee} and ${debarras.statut} in ('ACTIF', 'EN_ATTENTE_VALIDATION'))`.mapWith(
    Number,
  );

/**
 * Whether the levée `idLevee` has a débarras still to collect, ACTIF or awaiting its online validation, as a
 * subquery: the spec's « 0 débarras » of a levée that may be deleted (deleted ones do not count).
 */
const enCoursSurLaLevee = (idLevee: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${debarras} where ${debarras.idLevee} = ${idLevee} and ${debarras.statut} in ('ACTIF', 'EN_ATTENTE_VALIDATION'))`.mapWith(
    Boolean,
  );

const colonnes = () => ({
  levee,
  ...champsSecteurJoint(),
  nbDebarras: compteParLevee(levee.idLevee, statutCompte),
  nbReservationsEnCours: compteParLevee(levee.idLevee, sql`'EN_ATTENTE_VALIDATION'`),
  aDesDebarras: enCoursSurLaLevee(levee.idLevee),
  nbResultats: arretsAvecResultat(levee.idLevee),
});
type LigneJointe = {
  levee: LigneLevee;
  secteurId: number | null;
  secteurLibelle: string | null;
  nbDebarras: number;
  nbReservationsEnCours: number;
  aDesDebarras: boolean;
  nbResultats: number;
};

/** A levée as the API answers it, with its counts (docs/regles.md « Comptes »). */
export const versLevee = (l: LigneJointe): Levee => ({
  ...versResume({ ...l.levee, secteurId: l.secteurId, secteurLibelle: l.secteurLibelle }),
  nbDebarras: l.nbDebarras,
  nbDebarrasMax: l.levee.nbDebarrasMax,
  nbReservationsEnCours: l.nbReservationsEnCours,
  aDesDebarras: l.aDesDebarras,
  nbResultats: l.nbResultats,
  indisponibilite: l.levee.indisponibilite,
  kilometrage: l.levee.kilometrage,
  ...versAudit(l.levee),
});

const avecSecteur = <Q extends PgSelect>(requete: Q) => joindreSecteur(requete, levee.idSecteur);

const selection = (tx: Tx) => avecSecteur(tx.select(colonnes()).from(levee).$dynamic());

/** The sector column shows the sector, else the round's name, else 'Supplémentaire' (the sector joined). */
const libelleAffiche = () => sql`coalesce(${libelleSecteurJoint()}, ${levee.nom}, ${LEVEE_LIBELLES.nomParDefaut})`;

function filtres(q: RequeteLevees): SQL | undefined {
  return and(
    contient(libelleAffiche(), q.secteurLibelle),
    q.dateFrom ? gte(levee.dateLevee, q.dateFrom) : undefined,
    q.dateTo ? lte(levee.dateLevee, q.dateTo) : undefined,
    q.nbDebarrasMax !== undefined ? eq(levee.nbDebarrasMax, q.nbDebarrasMax) : undefined,
    q.indisponibilite !== undefined ? eq(levee.indisponibilite, q.indisponibilite) : undefined,
    q.kilometrage !== undefined ? eq(levee.kilometrage, q.kilometrage) : undefined,
    q.statut ? eq(levee.statut, q.statut) : undefined,
    q.supplementaire ? eq(levee.supplementaire, Number(q.supplementaire)) : undefined,
  );
}

const colonnesTri = () => ({
  dateLevee: levee.dateLevee,
  'secteur.libelle': libelleAffiche(),
  nbDebarrasMax: levee.nbDebarrasMax,
  indisponibilite: levee.indisponibilite,
  kilometrage: levee.kilometrage,
  statut: levee.statut,
  supplementaire: levee.supplementaire,
});

async function lignes(tx: Tx, q: RequeteLevees, page: number, taille: number) {
  const resultat = await selection(tx)
    .where(filtres(q))
    .orderBy(...ordre(q.sort, LEVEE_TRI_DEFAUT, colonnesTri(), levee.idLevee))
    .limit(taille)
    .offset(page * taille);
  return resultat.map(versLevee);
}

const total = async (tx: Tx, q: RequeteLevees) =>
  (await avecSecteur(tx.select({ n: count() }).from(levee).$dynamic()).where(filtres(q)))[0]?.n ?? 0;

export async function page(tx: Tx, q: RequeteLevees) {
  const [l, n] = await Promise.all([lignes(tx, q, q.page, q.size), total(tx, q)]);
  return { lignes: l, total: n };
}

export const lots = (tx: Tx, q: RequeteLevees) =>
  borne(
    () => total(tx, q),
    parLots((p, taille) => lignes(tx, q, p, taille)),
  );

const parId = preparee('levee_par_id', (tx) => selection(tx).where(eq(levee.idLevee, sql.placeholder('idLevee'))));

/** The levées' one way to be created and changed one by one (docs/architecture.md « Un seul chemin d'écriture »). */
export const ecritures = ecrituresVersionnees(levee, levee.idLevee, LEVEE_MESSAGES.introuvable);

/** A levée with its counts; a created débarras' answer reads its levée (prepared). Locking it needs a transaction. */
export async function trouver(tx: Tx, idLevee: number): Promise<Levee | undefined>;
export async function trouver(tx: Transaction, idLevee: number, verrouiller: boolean): Promise<Levee | undefined>;
export async function trouver(tx: Tx, idLevee: number, verrouiller = false) {
  const [ligne] = verrouiller
    ? await selection(tx).where(eq(levee.idLevee, idLevee)).for('update', { of: levee })
    : await parId(tx).execute({ idLevee });
  return ligne ? versLevee(ligne) : undefined;
}

/** ACTIF rounds from a day on (of one sector plus the supplementary ones), by date. */
export async function prochaines(tx: Tx, options: { depuis: string; idSecteur?: number; limite?: number }) {
  const requete = selection(tx)
    .where(
      and(
        eq(levee.statut, 'ACTIF'),
        gte(levee.dateLevee, options.depuis),
        options.idSecteur !== undefined ? or(eq(levee.idSecteur, options.idSecteur), eq(levee.supplementaire, 1)) : undefined,
      ),
    )
    .orderBy(asc(levee.dateLevee), asc(libelleAffiche()), asc(levee.idLevee));
  const resultat = options.limite === undefined ? await requete : await requete.limit(options.limite);
  return resultat.map(versLevee);
}

/**
 * The sector's ACTIF standard levées from `depuis` that still have a place, by date; their id and date only. For the
 * online booking's dates (docs/regles.md « Réservation en ligne »), also room for one more booking awaiting
 * validation (`attentePart` % of the places, at least one, as `attenteMaxDeLaLevee`); for a débarras to plan again
 * (docs/regles.md « À replanifier »), a place only, which the caller counts again once it has locked the levée.
 */
export const avecPlace = (tx: Tx, idSecteur: number, depuis: string, limite: number, attentePart?: number) =>
  tx
    .select({ idLevee: levee.idLevee, date: levee.dateLevee })
    .from(levee)
    .where(
      // the domain's `refusLevee` (by 'enLigne') and `tientDansLeMax`, in SQL to filter before the limit; the
      // confirmation checks them again with the domain's functions
      and(
        eq(levee.statut, 'ACTIF'),
        eq(levee.idSecteur, idSecteur),
        eq(levee.supplementaire, 0),
        gte(levee.dateLevee, depuis),
        sql`${placesPrisesParLevee(levee.idLevee)} + 1 <= ${levee.nbDebarrasMax}`,
        attentePart === undefined
          ? undefined
          : sql`${compteParLevee(levee.idLevee, sql`'EN_ATTENTE_VALIDATION'`)} < greatest(1, (${levee.nbDebarrasMax} * ${attentePart}::int) / 100)`,
      ),
    )
    .orderBy(asc(levee.dateLevee), asc(levee.idLevee))
    .limit(limite);

export async function compterActivesLe(tx: Tx, jour: string) {
  const [ligne] = await tx
    .select({ n: count() })
    .from(levee)
    .where(and(eq(levee.statut, 'ACTIF'), eq(levee.dateLevee, jour)));
  return ligne?.n ?? 0;
}

/** The ACTIF levées of a day as the route sheets take them: the sectors' rounds by label, then the supplementary ones by name. */
export async function activesLe(tx: Tx, jour: string) {
  const lignes = await selection(tx)
    .where(and(eq(levee.statut, 'ACTIF'), eq(levee.dateLevee, jour)))
    .orderBy(asc(levee.supplementaire), asc(libelleAffiche()), asc(levee.idLevee));
  return lignes.map(versLevee);
}

export async function prochaineDateActive(tx: Tx, depuis: string): Promise<string | null> {
  const [ligne] = await tx
    .select({ d: levee.dateLevee })
    .from(levee)
    .where(and(eq(levee.statut, 'ACTIF'), gte(levee.dateLevee, depuis)))
    .orderBy(asc(levee.dateLevee))
    .limit(1);
  return ligne?.d ?? null;
}

export const parIds = async (tx: Tx, ids: number[]) =>
  ids.length ? (await selection(tx).where(inArray(levee.idLevee, ids)).orderBy(asc(levee.dateLevee))).map(versLevee) : [];

/** Sets max and unavailability of the standard ACTIF rounds of a sector between two days. */
export async function changerCapaciteStandards(
  tx: Tx,
  cible: { idSecteur: number; du: string; au: string },
  valeurs: { nbDebarrasMax: number; indisponibilite: number },
  par: string,
) {
  const modifiees = await tx
    .update(levee)
    .set({ ...valeurs, ...tamponModification(levee, par) })
    .where(
      and(
        eq(levee.idSecteur, cible.idSecteur),
        eq(levee.supplementaire, 0),
        eq(levee.statut, 'ACTIF'),
        gte(levee.dateLevee, cible.du),
        lte(levee.dateLevee, cible.au),
      ),
    )
    .returning({ idLevee: levee.idLevee });
  return modifiees.map((l) => l.idLevee);
}

const verrouilleeParId = preparee('levee_verrouillee_par_id', (tx) =>
  tx
    .select()
    .from(levee)
    .where(eq(levee.idLevee, sql.placeholder('idLevee')))
    .for('update'),
);

/**
 * The bare levée row, locked until the transaction ends: a débarras' capacity check and the write
 * that follows see the same count.
 */
export async function verrouiller(tx: Transaction, idLevee: number) {
  const [ligne] = await verrouilleeParId(tx).execute({ idLevee });
  return ligne;
}

/**
 * The bare levée row locked if no one holds it, else nothing at once (`SKIP LOCKED`): for a caller that already holds
 * débarras rows, which must not wait on a levée whose holder may be waiting on those débarras (docs/decisions.md
 * « À replanifier, sans cible »).
 */
export async function verrouillerSiLibre(tx: Transaction, idLevee: number) {
  const [ligne] = await tx.select().from(levee).where(eq(levee.idLevee, idLevee)).for('update', { skipLocked: true });
  return ligne;
}

/** What the round's order needs of its levée: its state and the order set by hand (docs/regles.md « Ordre de la tournée »). */
export async function etatTournee(tx: Tx, idLevee: number) {
  const [ligne] = await tx
    .select({ idLevee: levee.idLevee, statut: levee.statut, version: levee.version, ordreManuel: levee.ordreManuel })
    .from(levee)
    .where(eq(levee.idLevee, idLevee));
  return ligne;
}

/** The orders set by hand of these levées (débarras ids), null where the computed order holds. */
export async function ordresManuels(tx: Tx, idsLevees: number[]): Promise<Map<number, number[] | null>> {
  if (!idsLevees.length) return new Map();
  const lignes = await tx
    .select({ idLevee: levee.idLevee, ordreManuel: levee.ordreManuel })
    .from(levee)
    .where(inArray(levee.idLevee, idsLevees));
  return new Map(lignes.map((l) => [l.idLevee, l.ordreManuel]));
}

/**
 * The round's order set by hand (débarras ids), or null to return to the computed order: a change of the levée at
 * the version the user read, in the caller's transaction, which has locked the levée and checked the order.
 */
export async function enregistrerOrdreTournee(tx: Transaction, idLevee: number, version: number, ordre: number[] | null, par: string) {
  await ecritures.modifier(tx, idLevee, version, { ordreManuel: ordre }, par);
}

/** For another module's query over rows that reference a levée (débarras): the levée joined on `idLevee`. */
export const joindreLevee = <Q extends PgSelect>(requete: Q, idLevee: AnyPgColumn): Q =>
  requete.innerJoin(levee, eq(levee.idLevee, idLevee)) as unknown as Q;

/** The same, with the levée's sector (left-joined: a supplementary round may have none). */
export const joindreLeveeEtSecteur = <Q extends PgSelect>(requete: Q, idLevee: AnyPgColumn): Q =>
  avecSecteur(joindreLevee(requete, idLevee));

/** What such a query may filter, sort or group on: the levée's day, status, sector, and its list label (the sector joined). */
export const colonnesLeveeJointe = () => ({
  dateLevee: levee.dateLevee,
  statut: levee.statut,
  idSecteur: levee.idSecteur,
  libelleAffiche: libelleAffiche(),
});

/** What a row of another list shows of its levée (levée and sector joined), read by `versResume`. */
export const champsResume = () => ({
  idLevee: levee.idLevee,
  dateLevee: levee.dateLevee,
  nom: levee.nom,
  statut: levee.statut,
  supplementaire: levee.supplementaire,
  ...champsSecteurJoint(),
});

export const versResume = (l: {
  idLevee: number;
  dateLevee: string;
  nom: string | null;
  statut: string;
  supplementaire: number;
  secteurId: number | null;
  secteurLibelle: string | null;
}): DebarrasLigne['levee'] => ({
  idLevee: l.idLevee,
  dateLevee: l.dateLevee,
  secteur: l.secteurId !== null ? { id: l.secteurId, libelle: l.secteurLibelle! } : null,
  name: l.nom,
  statut: l.statut as StatutLevee,
  supplementaire: l.supplementaire === 1 ? 1 : 0,
});

export type NouvelleLeveeStandard = Pick<
  typeof levee.$inferInsert,
  'dateLevee' | 'idSecteur' | 'nbDebarrasMax' | 'kilometrage' | 'createdBy' | 'createdDate' | 'lastModifiedBy' | 'lastModifiedDate'
>;

/**
 * Inserts standard levées, leaving as they are those of a sector and day already planned (the
 * unique index on them), whatever their status or max; answers how many were new.
 */
export async function insererStandards(tx: Tx, levees: NouvelleLeveeStandard[]) {
  let n = 0;
  for (let i = 0; i < levees.length; i += 1000) {
    const inserees = await tx
      .insert(levee)
      .values(levees.slice(i, i + 1000))
      .onConflictDoNothing({ target: [levee.idSecteur, levee.dateLevee], where: sql`${levee.supplementaire} = 0` })
      .returning({ id: levee.idLevee });
    n += inserees.length;
  }
  return n;
}

/** For the demo history: each day's ACTIF standard levées archived at that day's instant, in one statement. */
export async function archiverStandardsParJour(tx: Tx, archivages: Array<{ jour: string; instant: Date }>, par: string) {
  if (!archivages.length) return;
  const valeurs = archivages.map((a) => sql`(${a.jour}::date, ${a.instant.toISOString()}::timestamptz)`);
  await tx
    .update(levee)
    .set({ statut: 'ARCHIVE', ...tamponModification(levee, par, sql`a.instant`) })
    .from(sql`(values ${sql.join(valeurs, sql`, `)}) as a (jour, instant)`)
    .where(and(eq(levee.dateLevee, sql`a.jour`), eq(levee.supplementaire, 0), eq(levee.statut, 'ACTIF')));
}

/** For the demo history: the ACTIF or archived standard levées from `du` to `au`, with their sector's label, by day then label. */
export function standardsEntre(tx: Tx, du: string, au: string) {
  return avecSecteur(
    tx
      .select({
        idLevee: levee.idLevee,
        dateLevee: levee.dateLevee,
        max: levee.nbDebarrasMax,
        statut: levee.statut,
        modifiee: levee.lastModifiedDate,
        secteur: libelleSecteurJoint(),
      })
      .from(levee)
      .$dynamic(),
  )
    .where(
      and(
        eq(levee.supplementaire, 0),
        isNotNull(levee.idSecteur),
        inArray(levee.statut, ['ACTIF', 'ARCHIVE']),
        gte(levee.dateLevee, du),
        lte(levee.dateLevee, au),
      ),
    )
    .orderBy(asc(levee.dateLevee), asc(libelleSecteurJoint()));
}

/** The ACTIF standard levées after `jour` of these sectors (by label), by day: where recurring débarras go. */
export function standardsActivesApres(tx: Tx, jour: string, secteurs: readonly string[]) {
  if (!secteurs.length) return Promise.resolve([]);
  return avecSecteur(
    tx.select({ idLevee: levee.idLevee, dateLevee: levee.dateLevee, secteur: libelleSecteurJoint() }).from(levee).$dynamic(),
  )
    .where(
      and(
        eq(levee.supplementaire, 0),
        eq(levee.statut, 'ACTIF'),
        sql`${levee.dateLevee} > ${jour}`,
        inArray(libelleSecteurJoint(), [...secteurs]),
      ),
    )
    .orderBy(asc(levee.dateLevee), asc(levee.idLevee)) as Promise<Array<{ idLevee: number; dateLevee: string; secteur: string }>>;
}

/** The planner's statistics, after a bulk write. */
export async function ranger(tx: Tx) {
  await tx.execute(sql`analyze ${levee}`);
}

/**
 * The capacity board (docs/regles.md « Tableau des capacités »): every ACTIF levée from `du` to `au` with its sector
 * and its counts as the levée list gives them (`nbDebarras`: its ACTIF débarras; `enAttente`: those awaiting their
 * online validation), each read through the (levée, statut) index of the débarras.
 */
export function activesEntre(tx: Tx, du: string, au: string) {
  return avecSecteur(
    tx
      .select({
        idLevee: levee.idLevee,
        dateLevee: levee.dateLevee,
        supplementaire: levee.supplementaire,
        nbDebarrasMax: levee.nbDebarrasMax,
        statut: levee.statut,
        ...champsSecteurJoint(),
        nbDebarras: compteParLevee(levee.idLevee, sql`'ACTIF'`),
        enAttente: compteParLevee(levee.idLevee, sql`'EN_ATTENTE_VALIDATION'`),
      })
      .from(levee)
      .$dynamic(),
  )
    .where(and(eq(levee.statut, 'ACTIF'), gte(levee.dateLevee, du), lte(levee.dateLevee, au)))
    .orderBy(asc(levee.dateLevee), asc(levee.idLevee));
}

/**
 * The statistics' fill rate (docs/regles.md « Statistiques »): by sector and kind (standard, supplementary), the places
 * taken and offered by the levées of the period that are not deleted, each taken as the levée list counts it.
 */
export function remplissageParSecteur(tx: Tx, du: string, au: string) {
  const secteurJoint = champsSecteurJoint();
  return avecSecteur(
    tx
      .select({
        ...secteurJoint,
        supplementaire: levee.supplementaire,
        pris: sql<number>`sum(${compteParLevee(levee.idLevee, statutCompte)})`.mapWith(Number),
        max: sql<number>`sum(${levee.nbDebarrasMax})`.mapWith(Number),
      })
      .from(levee)
      .$dynamic(),
  )
    .where(and(gte(levee.dateLevee, du), lte(levee.dateLevee, au), sql`${levee.statut} <> 'SUPPRIME'`))
    .groupBy(secteurJoint.secteurId, secteurJoint.secteurLibelle, levee.supplementaire);
}
