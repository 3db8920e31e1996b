// The list of débarras: its filters, sorts, pages (the count remembered) and export batches, and the quick
// search that narrows the same queries. Reads only; the rows themselves are repo.ts's.
import {
  chiffresRecherchesTelephone,
  commeUnNumero,
  DEBARRAS_TRI_DEFAUT,
  type DebarrasChampTriable,
  type DebarrasLigne,
  debarrasListeSchema,
} from '@debarras/domain';
import { and, count, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { versAudit } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { memoriser } from '../../db/memoire.js';
import { borne, contient, contientTelQuel, ordre, parLotsDIdentifiants } from '../../db/liste.js';
import { debarras, libelleAdresse } from '../../db/schema.js';
import { champsResume, colonnesLeveeJointe, joindreLeveeEtSecteur, versResume } from '../levee/index.js';
import { codeDeLaVisite, filtreDeLaVisite } from '../resultat/index.js';
import { telephoneEnChiffres, versChampsCommuns } from './repo.js';

export type RequeteDebarras = z.output<typeof debarrasListeSchema>;

type LigneJointe = Awaited<ReturnType<typeof selectionLignes>>[number];

const versLigne = ({ debarras: d, levee: l, codeResultat }: LigneJointe): DebarrasLigne => ({
  ...versChampsCommuns(d),
  levee: versResume(l),
  codeResultat,
  ...versAudit(d),
});

/** A list row reads what it shows of its levée only, and the code of what was found there. */
const selectionLignes = (tx: Tx) =>
  joindreLeveeEtSecteur(
    tx
      .select({ debarras, levee: champsResume(), codeResultat: codeDeLaVisite(debarras.idDebarras, debarras.idLevee) })
      .from(debarras)
      .$dynamic(),
    debarras.idLevee,
  );

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
    q.resultat ? filtreDeLaVisite(q.resultat, debarras.idDebarras, debarras.idLevee) : undefined,
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
