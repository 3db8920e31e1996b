import { ajouterJours, ajouterMois, aujourdhui, douzeDerniersMois, STATISTIQUES_ANNEES_MAX } from '@debarras/domain';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { debarras, resultat } from '../db/schema.js';
import { appConnectee, appeler, semerHistorique } from './debarras.js';
import { groupe, type Section } from './mesure.js';

const REST = '/webdeb/rest';
/** Issue 31's targets on PostgreSQL; PGlite gets three times as long. */
const CIBLES_POSTGRES = { douzeMois: 300, dixAns: 1_000, capacite: 50 } as const;
const FACTEUR_PGLITE = 3;

/**
 * The crews' results of the last two years of levées, as a city that started the crews' page then would have them:
 * most stops collected, a few per cent not, one in ten without a result.
 */
async function semerResultats(db: Db) {
  if ((await db.select({ n: count() }).from(resultat))[0]!.n) return;
  await db.execute(sql`
    insert into resultat (id_client, id_debarras, id_levee, code, horodatage, recu_le, par)
    select gen_random_uuid()::text, d.id_debarras, d.id_levee,
      case when r < 0.82 then 'LEVE' when r < 0.86 then 'PARTIEL' when r < 0.92 then 'ABSENT' when r < 0.95 then 'INACCESSIBLE' else 'REFUSE' end,
      l.date_levee + interval '10 hours', l.date_levee + interval '10 hours', 'bench'
    from (select d.*, random() as r from debarras d) d
    join levee l on l.id_levee = d.id_levee
    where l.date_levee between current_date - 730 and current_date - 1 and d.statut in ('ACTIF', 'ARCHIVE') and d.r < 0.9`);
  await db.execute(sql`analyze resultat`);
}

/** What a clerk's saving does to the statistics: a débarras of this month's levées changed, its month to recompute. */
const changerUnDebarrasDuMois = (db: Db) =>
  db.execute(sql`
    update debarras set recurrent = not recurrent where id_debarras = (
      select d.id_debarras from debarras d join levee l on l.id_levee = d.id_levee
      where l.date_levee between date_trunc('month', current_date) and current_date + 20 limit 1)`);

/** Periods of twelve months ending at the end of each of the last `n` months, from `decalage` months back. */
const periodesDeDouzeMois = (n: number, decalage: number) =>
  Array.from({ length: n }, (_, i) => douzeDerniersMois(ajouterMois(aujourdhui(), -(decalage + i))));

/** Ten years to the end of each of the last `n` months: the whole history the city keeps. */
const periodesDeDixAns = (n: number, decalage: number) =>
  periodesDeDouzeMois(n, decalage).map(({ au }) => ({ du: ajouterJours(ajouterMois(au, -STATISTIQUES_ANNEES_MAX * 12), 1), au }));

/** Issue 31: the supervisors' statistics over a year and over ten, and the capacity board's eight weeks. */
export const sectionStatistiques: Section = {
  nom: 'Statistiques',
  async preparer(base) {
    const { db } = base;
    if (!(await db.select({ n: count() }).from(debarras))[0]!.n) await semerHistorique(db);
    await semerResultats(db);
    const { app, cookie } = await appConnectee(base, 'bench-statistiques');
    const facteur = base.moteur === 'pglite' ? FACTEUR_PGLITE : 1;
    const statistiques = (p: { du: string; au: string }) => appeler(app, cookie, { url: `${REST}/statistiques?du=${p.du}&au=${p.au}` });
    const n = async (table: typeof debarras | typeof resultat) =>
      (await db.select({ n: count() }).from(table))[0]!.n.toLocaleString('fr-CH');
    const annee = aujourdhui().slice(0, 4);
    const anneeEnCours = { du: `${annee}-01-01`, au: `${annee}-12-31` };
    const huitSemaines = (i: number) => ({ du: ajouterJours(aujourdhui(), i), au: ajouterJours(aujourdhui(), i + 55) });
    return {
      donnees: `${await n(debarras)} débarras, ${await n(resultat)} résultats d'équipe`,
      groupes: [
        groupe({
          nom: 'Statistiques sur 12 mois (GET /statistiques, 20 périodes des 3 dernières années)',
          entrees: periodesDeDouzeMois(20, 0),
          echauffement: periodesDeDouzeMois(5, 20),
          mesures: [{ nom: 'API (GET /statistiques)', executer: statistiques }],
          p95MaxMs: CIBLES_POSTGRES.douzeMois * facteur,
        }),
        groupe({
          nom: 'Statistiques de l’année en cours, un débarras du mois changé avant chaque appel (un mois à recalculer)',
          entrees: Array.from({ length: 20 }, () => anneeEnCours),
          echauffement: [anneeEnCours, anneeEnCours],
          mesures: [
            {
              nom: 'API (changement + GET /statistiques)',
              executer: async (p) => {
                await changerUnDebarrasDuMois(db);
                return statistiques(p);
              },
            },
          ],
          p95MaxMs: CIBLES_POSTGRES.douzeMois * facteur,
        }),
        groupe({
          nom: 'Statistiques sur 10 ans (tout l’historique)',
          entrees: periodesDeDixAns(10, 0),
          echauffement: periodesDeDixAns(2, 10),
          mesures: [{ nom: 'API (GET /statistiques)', executer: statistiques }],
          p95MaxMs: CIBLES_POSTGRES.dixAns * facteur,
        }),
        groupe({
          nom: 'Tableau des capacités sur 8 semaines (GET /capacite)',
          entrees: Array.from({ length: 40 }, (_, i) => huitSemaines(i % 10)),
          echauffement: Array.from({ length: 10 }, (_, i) => huitSemaines(i)),
          mesures: [
            {
              nom: 'API (GET /capacite)',
              executer: (p) => appeler(app, cookie, { url: `${REST}/capacite?du=${p.du}&au=${p.au}` }),
            },
          ],
          p95MaxMs: CIBLES_POSTGRES.capacite,
        }),
      ],
      fermer: () => app.close(),
    };
  },
};
