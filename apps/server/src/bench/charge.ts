import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Adresse, Levee } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import type { Base } from '../db/client.js';
import { semerComptesDemo, semerDonneesDemo } from '../seed/demo.js';
import { semerReference } from '../seed/reference.js';

/**
 * `npm run bench -- charge`: sustained load over real HTTP (docs/performance.md « Débit »). The server runs
 * here; autocannon runs in a process of its own, on the same two cores, as the measure asks.
 * CHARGE_DUREE (seconds, 20 by default; 300 for the memory check) sets each phase's length.
 */

const DUREE = Number(process.env.CHARGE_DUREE ?? 20);
const CLIENTS = 50;
const MOT_DE_PASSE = 'charge-1234';
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Mesure {
  nom: string;
  requetesParSeconde: number;
  p99: number;
  erreurs: number;
  non2xx: number;
}

/** One autocannon run, in its own process; answers its JSON summary. */
function autocannon(args: string[]): Promise<{ requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number }> {
  return new Promise((ok, ko) => {
    const p = spawn(process.execPath, [AUTOCANNON, '--json', '-c', String(CLIENTS), '-d', String(DUREE), ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let sortie = '';
    p.stdout.on('data', (m: Buffer) => (sortie += m.toString()));
    // 'close', not 'exit': the summary is whole only once the output stream has ended
    p.once('close', (code) => {
      try {
        if (code !== 0) throw new Error(`autocannon : code ${code}`);
        ok(JSON.parse(sortie));
      } catch (erreur) {
        ko(erreur);
      }
    });
  });
}

async function mesurer(nom: string, args: string[]): Promise<Mesure> {
  const r = await autocannon(args);
  return { nom, requetesParSeconde: r.requests.average, p99: r.latency.p99, erreurs: r.errors, non2xx: r.non2xx };
}

const mo = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

export async function mesurerCharge(libelle: string, base: Base): Promise<boolean> {
  const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-charge-'));
  try {
    const debut = Date.now();
    await semerReference(base.db);
    await semerComptesDemo(base.db, MOT_DE_PASSE);
    await semerDonneesDemo(base.db, new Date());
    console.log(`[${libelle}] charge — données de démonstration chargées en ${((Date.now() - debut) / 1000).toFixed(1)} s`);
    // statistics after the bulk load, as the seed and an import leave them (docs/exploitation.md)
    await base.db.execute(sql`analyze`);
    const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: dossier, REQUETES_PAR_MINUTE: '0', TRUST_PROXY: '1' });
    const app = await construireApp({ config, base, dossierWeb: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const api = `http://127.0.0.1:${port}/webdeb/rest`;
    try {
      const connexion = await fetch(`${api}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'gestion', password: MOT_DE_PASSE }),
      });
      const cookie = connexion.headers.get('set-cookie')!.split(';')[0]!;
      const lire = async <T>(chemin: string) => (await (await fetch(`${api}/${chemin}`, { headers: { cookie } })).json()) as T;
      const adresse = (await lire<Adresse[]>('adresse/?q=Rue')).find((a) => a.secteur)!;
      const [objet] = await lire<Array<{ idObjet: number }>>('objet/?actif=1&type=Objet&size=1');
      const [levee] = await lire<Levee[]>(`levee/next?secteur=${encodeURIComponent(adresse.secteur!)}&sauvageurgent=false`);
      const liste = `${api}/debarras/?page=0&size=30`;
      const entetes = ['-H', `cookie=${cookie}`];

      console.log(`[${libelle}] charge — ${CLIENTS} clients, ${DUREE} s par phase`);
      const memoireAvant = mo();
      const seule = await mesurer('liste des débarras', [...entetes, liste]);
      const memoireApres = mo();
      // a flood of wrong passwords from another address while the list is read
      const inondation = spawn(
        process.execPath,
        [
          AUTOCANNON,
          '-c',
          '10',
          '-d',
          String(DUREE),
          '-m',
          'POST',
          '-H',
          'content-type=application/json',
          '-H',
          'x-forwarded-for=203.0.113.9',
          '-b',
          JSON.stringify({ username: 'gestion', password: 'faux' }),
          `${api}/login`,
        ],
        { stdio: 'ignore' },
      );
      const inondationFinie = new Promise((r) => inondation.once('exit', r));
      const sousInondation = await mesurer('liste pendant une inondation de connexions', [...entetes, liste]);
      await inondationFinie;
      const creation = await mesurer('création de débarras', [
        ...entetes,
        '-m',
        'POST',
        '-H',
        'content-type=application/json',
        '-b',
        JSON.stringify({
          typeDemande: 'TELEPHONE',
          adresse: { idpAdr: adresse.idpAdr },
          levee: { idLevee: levee!.idLevee },
          nomPersonne: 'Charge',
          telephone: '022 418 00 00',
          debarrasObjets: [{ objet: { idObjet: objet!.idObjet }, quantite: 1 }],
        }),
        `${api}/debarras?force=true`,
      ]);
      // after thousands of inserts, without a manual ANALYZE
      const apresInsertions = await mesurer('liste après les créations', [...entetes, liste]);

      const cibles = base.moteur === 'postgresql' ? { liste: 1000, creation: 300 } : { liste: 400, creation: undefined };
      let tenu = true;
      const ligne = (m: Mesure, cible: number | undefined) => {
        const ok = (cible === undefined || m.requetesParSeconde >= cible) && m.p99 <= 100 && m.erreurs === 0 && m.non2xx === 0;
        if (!ok && cible !== undefined) tenu = false;
        console.log(
          `    ${m.nom.padEnd(46)} ${m.requetesParSeconde.toFixed(0).padStart(6)} req/s  p99 ${String(m.p99).padStart(4)} ms  erreurs ${m.erreurs + m.non2xx}` +
            (cible === undefined ? '' : `  ${ok ? 'OK' : 'EN DESSOUS'} (cible ≥ ${cible} req/s, p99 ≤ 100 ms, 0 erreur)`),
        );
      };
      ligne(seule, cibles.liste);
      ligne(sousInondation, undefined);
      const baisse = 1 - sousInondation.requetesParSeconde / seule.requetesParSeconde;
      console.log(
        `    ${'baisse pendant l’inondation'.padEnd(46)} ${(baisse * 100).toFixed(0)} %  ${baisse <= 0.2 ? 'OK (≤ 20 %)' : 'AU-DESSUS de 20 %'}`,
      );
      if (baisse > 0.2) tenu = false;
      ligne(creation, cibles.creation);
      ligne(apresInsertions, cibles.liste);
      console.log(`    mémoire du serveur : ${memoireAvant} Mo avant, ${memoireApres} Mo après la première phase`);
      return tenu;
    } finally {
      await app.close();
    }
  } finally {
    await base.fermer();
    rmSync(dossier, { recursive: true, force: true });
  }
}
