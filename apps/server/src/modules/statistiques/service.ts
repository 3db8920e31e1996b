import {
  ajouterMois,
  CANAUX,
  FILTRES_RESULTAT,
  RESULTATS,
  STATISTIQUES_LIBELLES,
  STATISTIQUES_OBJETS_MAX,
  type Canal,
  type FiltreResultat,
  type PeriodeStatistiques,
  type Remplissage,
  type Statistiques,
  formatJour,
  tableauxStatistiques,
} from '@debarras/domain';
import type { Db } from '../../db/client.js';
import { statistiquesEnExcel } from '../../documents/index.js';
import { parMoisDeLevee, recalculerStatistiques, type AttenteMois } from '../debarras/index.js';
import { remplissageParSecteur } from '../levee/index.js';
import { resultatsParMois } from '../resultat/index.js';

const zeros = <K extends string>(cles: readonly K[]) => Object.fromEntries(cles.map((c) => [c, 0])) as Record<K, number>;

/** Every month from `du`'s to `au`'s, `YYYY-MM`: a month without débarras still has its row (and its zeros). */
function moisDeLaPeriode({ du, au }: PeriodeStatistiques) {
  const mois: string[] = [];
  for (let premier = `${du.slice(0, 7)}-01`; premier <= au; premier = ajouterMois(premier, 1)) mois.push(premier.slice(0, 7));
  return mois;
}

/**
 * The median and the 90th percentile of a month's waits, each a wait some débarras had: the smallest whose share of
 * débarras waiting as long or less reaches 50 % (90 %), as PostgreSQL's `percentile_disc` reads it.
 */
function centiles(attentes: AttenteMois[]) {
  const n = attentes.reduce((s, a) => s + a.n, 0);
  const centile = (p: number) => {
    let cumul = 0;
    for (const a of attentes.sort((x, y) => x.jours - y.jours)) {
      cumul += a.n;
      if (cumul >= Math.ceil(p * n)) return a.jours;
    }
    return null;
  };
  return { n, mediane: n ? centile(0.5) : null, p90: n ? centile(0.9) : null };
}

/**
 * The service's figures over a period of levées (docs/regles.md « Statistiques »), read in one snapshot: each count
 * the débarras list would give for the same levée period, sector and status.
 */
export async function statistiques(db: Db, periode: PeriodeStatistiques): Promise<Statistiques> {
  const { du, au } = periode;
  // the marked months first, in a transaction of their own: taking a mark waits for another reader recomputing it
  await db.transaction((tx) => recalculerStatistiques(tx, du.slice(0, 7), au.slice(0, 7)));
  const [{ comptes, attentes, objets }, remplissages, resultats] = await db.transaction(
    async (tx) => [await parMoisDeLevee(tx, du, au), await remplissageParSecteur(tx, du, au), await resultatsParMois(tx, du, au)] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const mois = moisDeLaPeriode(periode);

  const parMois = new Map(mois.map((m) => [m, { mois: m, parType: zeros<Canal>(CANAUX), total: 0, enAttente: 0 }]));
  const parSecteur = new Map<number | null, Statistiques['parSecteur'][number]>();
  const secteur = (idSecteur: number | null, libelle: string | null) => {
    let s = parSecteur.get(idSecteur);
    if (!s) {
      s = {
        idSecteur,
        secteur: libelle ?? STATISTIQUES_LIBELLES.sansSecteur,
        total: 0,
        remplissage: { standard: null, supplementaire: null },
      };
      parSecteur.set(idSecteur, s);
    }
    return s;
  };
  for (const r of remplissages) {
    const s = secteur(r.secteurId, r.secteurLibelle);
    const cumul: Remplissage = { pris: r.pris, max: r.max };
    s.remplissage[r.supplementaire === 1 ? 'supplementaire' : 'standard'] = cumul;
  }
  for (const c of comptes) {
    const m = parMois.get(c.mois)!;
    if (c.statut === 'EN_ATTENTE_VALIDATION') {
      m.enAttente += c.n;
      continue;
    }
    m.parType[c.canal] += c.n;
    m.total += c.n;
    // a débarras's levée is of the period, so its sector has a row from the levées already
    secteur(c.idSecteur, null).total += c.n;
  }

  const parCode = new Map(mois.map((m) => [m, { mois: m, parCode: zeros<FiltreResultat>(FILTRES_RESULTAT), replanifies: 0 }]));
  for (const r of resultats) {
    const ligne = parCode.get(r.mois)!;
    if (r.surPlace) ligne.parCode[r.code] += r.n;
    else ligne.replanifies += r.n;
  }
  for (const ligne of parCode.values()) {
    const avecResultat = RESULTATS.reduce((s, c) => s + ligne.parCode[c], 0);
    ligne.parCode.AUCUN = parMois.get(ligne.mois)!.total - avecResultat;
  }

  const attenteDuMois = new Map<string, AttenteMois[]>();
  for (const a of attentes) attenteDuMois.set(a.mois, [...(attenteDuMois.get(a.mois) ?? []), a]);
  return {
    du,
    au,
    parMois: [...parMois.values()],
    parSecteur: [...parSecteur.values()].sort(
      (a, b) => Number(a.idSecteur === null) - Number(b.idSecteur === null) || a.secteur.localeCompare(b.secteur, 'fr'),
    ),
    objets: objets
      .sort((a, b) => b.quantite - a.quantite || a.ordre - b.ordre)
      .slice(0, STATISTIQUES_OBJETS_MAX)
      .map(({ idObjet, libelle, quantite }) => ({ idObjet, libelle, quantite })),
    attente: mois.map((m) => ({ mois: m, ...centiles(attenteDuMois.get(m) ?? []) })),
    resultats: [...parCode.values()],
  };
}

/** The same figures as a workbook, one sheet per figure, as the screen's tables show them. */
export async function classeur(db: Db, periode: PeriodeStatistiques) {
  const s = await statistiques(db, periode);
  return statistiquesEnExcel(tableauxStatistiques(s), STATISTIQUES_LIBELLES.periodeDu(formatJour(periode.du), formatJour(periode.au)));
}
