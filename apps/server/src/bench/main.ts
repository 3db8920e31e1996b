/**
 * `npm run bench`: times the server's heavy queries on realistic volumes, on the embedded
 * database and, when reachable, on a PostgreSQL server (BENCH_DATABASE_URL, by default the local
 * one), in a database of its own created and dropped here. Not part of `npm test`.
 */
import { ouvrirPglite, ouvrirPostgresJetable, type Base } from '../db/client.js';
import { semerReference } from '../seed/reference.js';
import { sectionAdresses } from './adresses.js';
import { sectionBlocage } from './blocage.js';
import { sectionCarte } from './carte.js';
import { mesurerCharge } from './charge.js';
import { sectionDebarras } from './debarras.js';
import { sectionDocuments } from './documents.js';
import { sectionRecurrences } from './recurrences.js';
import { sectionStatistiques } from './statistiques.js';
import { sectionTournee } from './tournee.js';
import type { Resultat, Section } from './mesure.js';

/** Each part of the product with a speed target adds its section here; they share one database, in this order. */
const SECTIONS: Section[] = [
  sectionAdresses,
  sectionCarte,
  sectionDebarras,
  sectionStatistiques,
  sectionDocuments,
  sectionBlocage,
  sectionRecurrences,
  sectionTournee,
];

const URL_POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function basePostgres(): Promise<Base | undefined> {
  try {
    return await ouvrirPostgresJetable(URL_POSTGRES, 'debarras_bench');
  } catch {
    console.log(`PostgreSQL injoignable (${URL_POSTGRES}) : mesures sur PGlite seulement.\n`);
    return undefined;
  }
}

const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;

/** A measure against one ceiling of its group, nothing when it has none; `quoi` names the percentile unless it is the usual p95. */
function plafond(valeur: number, max: number | undefined, quoi = '') {
  if (max === undefined) return { texte: '', depasse: false };
  const depasse = valeur > max;
  return { texte: depasse ? `${quoi}AU-DESSUS de ${max} ms` : `OK (${quoi}≤ ${max} ms)`, depasse };
}

/** The group's lines and whether it met its targets: each measure's p50 and p95, the API's p50 against the bare SQL's. */
function rapporter(
  r: Resultat[],
  cibles: { p50MaxMs: number | undefined; p95MaxMs: number | undefined; rapportMax: number | undefined },
): boolean {
  let tenu = true;
  for (const m of r) {
    const verdicts = [plafond(m.p50, cibles.p50MaxMs, 'p50 '), plafond(m.p95, cibles.p95MaxMs)];
    if (verdicts.some((v) => v.depasse)) tenu = false;
    const verdict = verdicts
      .map((v) => v.texte)
      .filter(Boolean)
      .join('  ');
    console.log(`      ${m.nom.padEnd(26)} n=${String(m.n).padEnd(4)} p50 ${ms(m.p50)}  p95 ${ms(m.p95)}  max ${ms(m.max)}  ${verdict}`);
  }
  const api = r[0];
  const brut = r[r.length - 1];
  if (cibles.rapportMax !== undefined && api && brut && api !== brut) {
    const rapport = api.p50 / brut.p50;
    const depasse = rapport > cibles.rapportMax;
    if (depasse) tenu = false;
    console.log(
      `      ${'API / SQL (p50)'.padEnd(26)} ${rapport.toFixed(1)}×  ${depasse ? `AU-DESSUS de ${cibles.rapportMax}×` : `OK (≤ ${cibles.rapportMax}×)`}`,
    );
  }
  return tenu;
}

async function mesurer(libelle: string, base: Base): Promise<boolean> {
  let tenu = true;
  try {
    await semerReference(base.db);
    for (const section of sections) {
      const debut = Date.now();
      const preparation = await section.preparer(base);
      console.log(`[${libelle}] ${section.nom} — ${preparation.donnees}, chargés en ${((Date.now() - debut) / 1000).toFixed(1)} s`);
      try {
        for (const g of preparation.groupes) {
          console.log(`    ${g.nom}`);
          if (!rapporter(await g.chronometrer(), g)) tenu = false;
        }
        for (const v of preparation.verifications ?? []) {
          console.log(`    ${v.nom}`);
          const { lignes, tenue } = await v.verifier();
          for (const ligne of lignes) console.log(`      ${ligne}`);
          if (!tenue) tenu = false;
        }
      } finally {
        await preparation.fermer?.();
      }
    }
  } finally {
    await base.fermer();
  }
  console.log('');
  return tenu;
}

/**
 * `npm run bench -- pglite` or `-- postgresql` measures one engine; both by default (`-- tous`). Section names after
 * the engine measure those sections only, in the bench's order, on a database that holds their data alone (`npm run
 * bench -- pglite Documents Blocage`): the figures of `docs/performance.md` come from the whole bench. `npm run bench
 * -- charge [pglite|postgresql]` measures the throughput under load instead (bench/charge.ts).
 */
const charge = process.argv[2] === 'charge';
const demande = process.argv[charge ? 3 : 2];
const moteur = demande === 'tous' ? undefined : demande;
if (moteur !== undefined && moteur !== 'pglite' && moteur !== 'postgresql') {
  console.error(`Moteur inconnu : « ${moteur} » (pglite, postgresql ou tous).`);
  process.exit(2);
}
const nomsSections = charge ? [] : process.argv.slice(3);
const inconnues = nomsSections.filter((nom) => !SECTIONS.some((s) => s.nom === nom));
if (inconnues.length) {
  console.error(`Section inconnue : ${inconnues.join(', ')} (${SECTIONS.map((s) => s.nom).join(', ')}).`);
  process.exit(2);
}
const sections = nomsSections.length ? SECTIONS.filter((s) => nomsSections.includes(s.nom)) : SECTIONS;
const executer = charge ? mesurerCharge : mesurer;
const resultats: boolean[] = [];
if (moteur !== 'postgresql') resultats.push(await executer('PGlite', await ouvrirPglite()));
const postgres = moteur === 'pglite' ? undefined : await basePostgres();
if (postgres) resultats.push(await executer('PostgreSQL', postgres));
if (resultats.includes(false) || (moteur === 'postgresql' && !postgres)) process.exitCode = 1;
