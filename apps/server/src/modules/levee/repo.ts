import { LEVEE_LIBELLES, LEVEE_TRI_DEFAUT, type Levee, type leveeListeSchema, type StatutLevee } from '@debarras/domain';
import { and, asc, count, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { versAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { contient, ordre, parLots } from '../../db/liste.js';
import { debarras, levee, secteur } from '../../db/schema.js';

export type RequeteLevees = z.output<typeof leveeListeSchema>;

/** Débarras of the round in a status, counted in the same query (served by the (levée, statut) index). */
const compte = (statut: SQL) =>
  sql<number>`(select count(*) from ${debarras} where ${debarras.idLevee} = ${levee.idLevee} and ${debarras.statut} = ${statut})`.mapWith(
    Number,
  );
/**
 * A round holds its ACTIF débarras; once archived, the débarras it collected (archived with it),
 * so that the history shows what each round took (docs/decisions.md).
 */
const statutCompte = sql`case when ${levee.statut} = 'ARCHIVE' then 'ARCHIVE' else 'ACTIF' end`;

const colonnes = {
  levee,
  secteurId: secteur.idSecteur,
  secteurLibelle: secteur.libelle,
  nbDebarras: compte(statutCompte),
  nbReservationsEnCours: compte(sql`'EN_ATTENTE_VALIDATION'`),
};
type LigneJointe = {
  levee: typeof levee.$inferSelect;
  secteurId: number | null;
  secteurLibelle: string | null;
  nbDebarras: number;
  nbReservationsEnCours: number;
};

/** A levée as the API answers it, with its counts (DESIGN.md "Counts"). */
export const versLevee = (l: LigneJointe): Levee => ({
  idLevee: l.levee.idLevee,
  dateLevee: l.levee.dateLevee,
  secteur: l.secteurId !== null ? { id: l.secteurId, libelle: l.secteurLibelle! } : null,
  name: l.levee.nom,
  statut: l.levee.statut as StatutLevee,
  supplementaire: l.levee.supplementaire === 1 ? 1 : 0,
  nbDebarras: l.nbDebarras,
  nbDebarrasMax: l.levee.nbDebarrasMax,
  nbReservationsEnCours: l.nbReservationsEnCours,
  indisponibilite: l.levee.indisponibilite,
  kilometrage: l.levee.kilometrage,
  ...versAudit(l.levee),
});

const selection = (tx: Tx) => tx.select(colonnes).from(levee).leftJoin(secteur, eq(secteur.idSecteur, levee.idSecteur));

/** The sector column shows the sector, else the round's name, else 'Supplémentaire'. */
const libelleAffiche = sql`coalesce(${secteur.libelle}, ${levee.nom}, ${LEVEE_LIBELLES.nomParDefaut})`;

function filtres(q: RequeteLevees): SQL | undefined {
  return and(
    contient(libelleAffiche, q.secteurLibelle),
    q.dateFrom ? gte(levee.dateLevee, q.dateFrom) : undefined,
    q.dateTo ? lte(levee.dateLevee, q.dateTo) : undefined,
    q.nbDebarrasMax !== undefined ? eq(levee.nbDebarrasMax, q.nbDebarrasMax) : undefined,
    q.indisponibilite !== undefined ? eq(levee.indisponibilite, q.indisponibilite) : undefined,
    q.kilometrage !== undefined ? eq(levee.kilometrage, q.kilometrage) : undefined,
    q.statut ? eq(levee.statut, q.statut) : undefined,
    q.supplementaire ? eq(levee.supplementaire, Number(q.supplementaire)) : undefined,
  );
}

const COLONNES_TRI = {
  dateLevee: levee.dateLevee,
  'secteur.libelle': libelleAffiche,
  nbDebarrasMax: levee.nbDebarrasMax,
  indisponibilite: levee.indisponibilite,
  kilometrage: levee.kilometrage,
  statut: levee.statut,
  supplementaire: levee.supplementaire,
};

async function lignes(tx: Tx, q: RequeteLevees, page: number, taille: number) {
  const resultat = await selection(tx)
    .where(filtres(q))
    .orderBy(...ordre(q.sort, LEVEE_TRI_DEFAUT, COLONNES_TRI, levee.idLevee))
    .limit(taille)
    .offset(page * taille);
  return resultat.map(versLevee);
}

export async function page(tx: Tx, q: RequeteLevees) {
  const [l, [total]] = await Promise.all([
    lignes(tx, q, q.page, q.size),
    tx.select({ n: count() }).from(levee).leftJoin(secteur, eq(secteur.idSecteur, levee.idSecteur)).where(filtres(q)),
  ]);
  return { lignes: l, total: total?.n ?? 0 };
}

export const lots = (tx: Tx, q: RequeteLevees) => parLots((p, taille) => lignes(tx, q, p, taille));

export async function trouver(tx: Tx, idLevee: number, verrouiller = false) {
  const requete = selection(tx).where(eq(levee.idLevee, idLevee));
  const [ligne] = verrouiller ? await requete.for('update', { of: levee }) : await requete;
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
    .orderBy(asc(levee.dateLevee), asc(libelleAffiche), asc(levee.idLevee));
  const resultat = options.limite === undefined ? await requete : await requete.limit(options.limite);
  return resultat.map(versLevee);
}

export async function compterActivesLe(tx: Tx, jour: string) {
  const [ligne] = await tx
    .select({ n: count() })
    .from(levee)
    .where(and(eq(levee.statut, 'ACTIF'), eq(levee.dateLevee, jour)));
  return ligne?.n ?? 0;
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

export const secteurParLibelle = async (tx: Tx, libelle: string) =>
  (
    await tx
      .select()
      .from(secteur)
      .where(
        ilike(
          secteur.libelle,
          libelle.replace(/[\\%_]/g, (c) => `\\${c}`),
        ),
      )
  )[0];

export const parIds = async (tx: Tx, ids: number[]) =>
  ids.length ? (await selection(tx).where(inArray(levee.idLevee, ids)).orderBy(asc(levee.dateLevee))).map(versLevee) : [];

const modification = (par: string) => ({ lastModifiedBy: par, lastModifiedDate: new Date(), version: sql`${levee.version} + 1` });

export async function changerStatut(tx: Tx, idLevee: number, statut: 'ARCHIVE' | 'SUPPRIME', par: string) {
  await tx
    .update(levee)
    .set({ statut, ...modification(par) })
    .where(eq(levee.idLevee, idLevee));
}

/** Sets max and unavailability of the standard ACTIF rounds of a sector between two days. */
export async function changerCapaciteStandards(
  tx: Tx,
  cible: { idSecteur: number; du: string; au: string },
  valeurs: { nbDebarrasMax: number; indisponibilite: number },
  par: string,
) {
  const modifiees = await tx
    .update(levee)
    .set({ ...valeurs, ...modification(par) })
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
