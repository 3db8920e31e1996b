import {
  chiffresRecherchesTelephone,
  commeUnNumero,
  DEBARRAS_MESSAGES,
  DEBARRAS_TRI_DEFAUT,
  formatNumero,
  type DebarrasChampTriable,
  type DebarrasLigne,
  type DebarrasObjet,
  debarrasListeSchema,
  type LigneEditionObjet,
  type StatutDebarras,
  type TypeDemande,
  type TypeJournal,
} from '@debarras/domain';
import { and, asc, count, eq, gte, inArray, like, lte, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { modifierVersionne, tamponModification, versAudit } from '../../db/audit.js';
import type { Db, Transaction, Tx } from '../../db/client.js';
import { memoriser } from '../../db/memoire.js';
import { preparee } from '../../db/preparees.js';
import { borne, contient, contientTelQuel, ordre, parLotsDIdentifiants } from '../../db/liste.js';
import { estVide as tableVide, insererEnMasse } from '../../db/remplissage.js';
import { compteurNumero, debarras, debarrasJournal, debarrasObjet, libelleAdresse } from '../../db/schema.js';
import { champsResume, colonnesLeveeJointe, joindreLevee, joindreLeveeEtSecteur, versResume } from '../levee/index.js';
import type { DebarrasFeuille } from '../../documents/modele.js';
import { joindreAdresse, ordreTournee } from '../adresse/index.js';
import { catalogueEdition, colonnesObjetJoint, joindreObjet } from '../objet/index.js';

export type RequeteDebarras = z.output<typeof debarrasListeSchema>;
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

type LigneJointe = Awaited<ReturnType<typeof selectionLignes>>[number];

const versLigne = ({ debarras: d, levee: l }: LigneJointe): DebarrasLigne => ({
  ...versChampsCommuns(d),
  levee: versResume(l),
  ...versAudit(d),
});

/** A list row reads what it shows of its levée only. */
const selectionLignes = (tx: Tx) =>
  joindreLeveeEtSecteur(tx.select({ debarras, levee: champsResume() }).from(debarras).$dynamic(), debarras.idLevee);

const booleen = (valeur: 'true' | 'false' | '0' | '1') => valeur === 'true' || valeur === '1';

/** The débarras whose address label contains the fragment, found among the labels (see `libelleAdresse`). */
const adresseContient = (tx: Tx, fragment: string | undefined) =>
  fragment === undefined
    ? undefined
    : inArray(
        debarras.adresse,
        tx.select({ adresse: libelleAdresse.adresse }).from(libelleAdresse).where(contient(libelleAdresse.adresse, fragment)),
      );

/**
 * The digits that tell a stored phone number apart (`telephone_chiffres`, migration 0008, the same
 * reading as `chiffresRecherchesTelephone`), as `debarras_telephone_trgm_idx` holds them.
 */
const telephoneEnChiffres = (telephone: AnyPgColumn) => sql`telephone_chiffres(${telephone})`;

/**
 * The débarras whose phone number contains the digits typed, whatever the spaces, dots or prefix
 * (+41, 0041 or 0). Nothing matches a filter without a digit.
 */
function telephoneContient(valeur: string | undefined) {
  if (valeur === undefined) return undefined;
  const chiffres = chiffresRecherchesTelephone(valeur);
  return chiffres === undefined ? sql`false` : like(telephoneEnChiffres(debarras.telephone), `%${chiffres}%`);
}

function filtres(tx: Tx, q: RequeteDebarras): SQL | undefined {
  const levee = colonnesLeveeJointe();
  return and(
    contientTelQuel(debarras.numero, q.numero),
    q.startDateLevee ? gte(levee.dateLevee, q.startDateLevee) : undefined,
    q.endDateLevee ? lte(levee.dateLevee, q.endDateLevee) : undefined,
    // the list's sector column: the levée's sector, else its name, else 'Supplémentaire'
    contient(levee.libelleAffiche, q.leveeSecteurOuSupplementaire),
    adresseContient(tx, q.adresse_adresse),
    contient(debarras.nomPersonne, q.nomPersonne),
    telephoneContient(q.telephone),
    q.statut ? eq(debarras.statut, q.statut) : undefined,
    q.punaises ? eq(debarras.punaises, booleen(q.punaises)) : undefined,
    q.punaisesDechets ? eq(debarras.punaisesDechets, booleen(q.punaisesDechets)) : undefined,
    q.sauvage ? eq(debarras.sauvage, booleen(q.sauvage)) : undefined,
    contient(debarras.createdBy, q.createdBy),
    contient(debarras.email, q.email),
    q.idLevee !== undefined ? eq(debarras.idLevee, q.idLevee) : undefined,
  );
}

function colonnesTri(): Record<DebarrasChampTriable, AnyPgColumn | SQL> {
  const levee = colonnesLeveeJointe();
  return {
    numero: debarras.numero,
    'levee.dateLevee': levee.dateLevee,
    'levee.secteur': levee.libelleAffiche,
    'adresse.adresse': debarras.adresse,
    nomPersonne: debarras.nomPersonne,
    telephone: debarras.telephone,
    email: debarras.email,
    statut: debarras.statut,
    punaises: debarras.punaises,
    punaisesDechets: debarras.punaisesDechets,
    sauvage: debarras.sauvage,
    createdDate: debarras.createdDate,
    createdBy: debarras.createdBy,
  };
}

/**
 * Within a period of levées, at the addresses matching a fragment, for a requester's name or a phone
 * number, the débarras are a few thousand rows at most. Sorted on a bare indexed column (creation date, numéro,
 * address), the planner (which cannot tell how many match) would rather walk that whole index
 * looking for them: over ten years, up to 400 ms for a rare address or name. The wrapped columns
 * make it gather the matches and sort them instead.
 */
const colonnesTriSelectif = (): Record<DebarrasChampTriable, AnyPgColumn | SQL> => ({
  ...colonnesTri(),
  numero: sql`(${debarras.numero} || '')`,
  'adresse.adresse': sql`(${debarras.adresse} || '')`,
  createdDate: sql`(${debarras.createdDate} + interval '0 second')`,
});

const filtreSurLaLevee = (q: RequeteDebarras) =>
  q.startDateLevee !== undefined || q.endDateLevee !== undefined || q.leveeSecteurOuSupplementaire !== undefined;

const filtreSelectif = (q: RequeteDebarras) =>
  filtreSurLaLevee(q) ||
  q.adresse_adresse !== undefined ||
  q.nomPersonne !== undefined ||
  q.telephone !== undefined ||
  q.email !== undefined;

const triSurLaLevee = (q: RequeteDebarras) => q.sort.some((t) => t.champ.startsWith('levee.'));

/**
 * The débarras, joined to their levée and its sector only when a filter or the sort reads them:
 * every débarras has its levée (not null, foreign key), so the join changes no count, and without
 * it the default list's count and an address's page read one index each.
 */
function depuisDebarras<S extends SelectedFields>(tx: Tx, q: RequeteDebarras, champs: S) {
  const requete = tx.select(champs).from(debarras).$dynamic();
  if (!filtreSurLaLevee(q) && !triSurLaLevee(q)) return requete;
  // The fields are chosen: the joins leave the answer's type as it is.
  return joindreLeveeEtSecteur(requete as unknown as PgSelect, debarras.idLevee) as unknown as typeof requete;
}

/** Every matching id in the list's order: a page takes a slice of them, the export all. */
const idsDeLaListe = (tx: Tx, q: RequeteDebarras) =>
  depuisDebarras(tx, q, { idDebarras: debarras.idDebarras })
    .where(filtres(tx, q))
    .orderBy(...ordre(q.sort, DEBARRAS_TRI_DEFAUT, filtreSelectif(q) ? colonnesTriSelectif() : colonnesTri(), debarras.idDebarras));

/**
 * A page is chosen on ids first, then its 30 rows are read whole: the choice can then be made from
 * `debarras_adresse_idx` alone (or any index), without fetching every matching row to sort it.
 */
const idsDeLaPage = (tx: Tx, q: RequeteDebarras, page: number, taille: number) =>
  idsDeLaListe(tx, q)
    .limit(taille)
    .offset(page * taille);

const requeteLignes = (tx: Tx, q: RequeteDebarras, page: number, taille: number) =>
  selectionLignes(tx)
    .where(inArray(debarras.idDebarras, idsDeLaPage(tx, q, page, taille)))
    .orderBy(...ordre(q.sort, DEBARRAS_TRI_DEFAUT, colonnesTri(), debarras.idDebarras));

const requeteTotal = (tx: Tx, q: RequeteDebarras) => depuisDebarras(tx, q, { n: count() }).where(filtres(tx, q));

/** A list page's two queries, as built: `npm run bench` times them run bare beside the API. */
export const requetesPage = (tx: Tx, q: RequeteDebarras) => ({ lignes: requeteLignes(tx, q, q.page, q.size), total: requeteTotal(tx, q) });

/** The count is the same for every page and sort of one filter: paging through a list counts once. */
export async function page(db: Db, q: RequeteDebarras, instantane: string | undefined) {
  const { page: _, size: __, sort: ___, ...criteres } = q;
  const [l, total] = await Promise.all([
    requeteLignes(db, q, q.page, q.size),
    memoriser(db, instantane, `debarras.total:${JSON.stringify(criteres)}`, async () => (await requeteTotal(db, q))[0]?.n ?? 0),
  ]);
  return { lignes: l.map(versLigne), total };
}

/** A list query with no filter, the default sort (newest first): what each criterion of the quick search narrows. */
const SANS_FILTRE: RequeteDebarras = debarrasListeSchema.parse({});

/**
 * The quick search (docs/regles.md « Recherche rapide »): for each thing the text can be — a number or a phone
 * (digits), else a requester's name or an address — the newest `n` débarras it finds, through the list's own
 * queries and indexes; the first criterion's first, each débarras once, `n` in all.
 */
export async function rechercheRapide(tx: Tx, texte: string, n: number) {
  const chiffres = chiffresRecherchesTelephone(texte) ?? '';
  const criteres: Array<Partial<RequeteDebarras>> = commeUnNumero(texte)
    ? [{ numero: texte }, ...(chiffres.length >= 3 ? [{ telephone: texte }] : [])]
    : [{ nomPersonne: texte }, { adresse_adresse: texte }];
  const trouves = new Map<number, ReturnType<typeof versLigne>>();
  for (const critere of criteres) {
    if (trouves.size >= n) break;
    for (const ligne of await requeteLignes(tx, { ...SANS_FILTRE, ...critere }, 0, n)) {
      if (!trouves.has(ligne.debarras.idDebarras)) trouves.set(ligne.debarras.idDebarras, versLigne(ligne));
    }
  }
  return [...trouves.values()].slice(0, n);
}

export const lots = (tx: Tx, q: RequeteDebarras) =>
  borne(
    async () => (await requeteTotal(tx, q))[0]?.n ?? 0,
    parLotsDIdentifiants(
      async () => (await idsDeLaListe(tx, q)).map((l) => l.idDebarras),
      async (ids) => (await selectionLignes(tx).where(inArray(debarras.idDebarras, ids))).map(versLigne),
      (ligne) => ligne.idDebarras,
    ),
  );

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

/** The ACTIF débarras of these levées, in the crew's order within each levée (docs/regles.md « Feuilles de route »). */
export async function pourFeuillesDeRoute(tx: Tx, idsLevees: number[]): Promise<DebarrasFeuille[]> {
  if (!idsLevees.length) return [];
  const lignesDebarras = await joindreAdresse(tx.select({ d: debarras }).from(debarras).$dynamic(), debarras.idpAdr)
    .where(and(inArray(debarras.idLevee, idsLevees), eq(debarras.statut, 'ACTIF')))
    .orderBy(debarras.idLevee, ...ordreTournee(debarras.adresse), debarras.numero);
  const objet = colonnesObjetJoint();
  const lignesObjets = lignesDebarras.length
    ? await joindreObjet(
        tx
          .select({
            idDebarras: debarrasObjet.idDebarras,
            quantite: debarrasObjet.quantite,
            remarque: debarrasObjet.remarque,
            libelle: objet.libelle,
          })
          .from(debarrasObjet)
          .$dynamic(),
        debarrasObjet.idObjet,
      )
        .where(
          inArray(
            debarrasObjet.idDebarras,
            lignesDebarras.map((l) => l.d.idDebarras),
          ),
        )
        .orderBy(asc(objet.ordre), asc(debarrasObjet.idDebarrasObjet))
    : [];
  const objetsPar = new Map<number, typeof lignesObjets>();
  for (const o of lignesObjets) {
    const deCeDebarras = objetsPar.get(o.idDebarras);
    if (deCeDebarras) deCeDebarras.push(o);
    else objetsPar.set(o.idDebarras, [o]);
  }
  return lignesDebarras.map(({ d }) => ({
    idLevee: d.idLevee,
    numero: d.numero,
    idpAdr: d.idpAdr,
    adresse: d.adresse,
    precisionLieu: d.precisionLieu,
    inclurePrecisionLieu: d.inclurePrecisionLieu,
    travaux: d.travaux,
    pointDepotX: d.pointDepotX,
    pointDepotY: d.pointDepotY,
    nomPersonne: d.nomPersonne,
    telephone: d.telephone,
    remarqueObjet: d.remarqueObjet,
    remarqueLieu: d.remarqueLieu,
    remarqueGenerale: d.remarqueGenerale,
    sauvage: d.sauvage,
    punaises: d.punaises,
    punaisesDechets: d.punaisesDechets,
    objets: (objetsPar.get(d.idDebarras) ?? []).map(({ quantite, libelle, remarque }) => ({ quantite, libelle, remarque })),
  }));
}
