import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import { FORMATS_IMPRESSION, IMPRESSION_CARTE } from '@debarras/domain';
import { construireApp } from '../app.js';
import { lireConfig } from '../config.js';
import { semerComptesDemo } from '../seed/demo.js';
import { JOUR as JOUR_FEUILLES } from './documents.js';
import type { Section, Verification } from './mesure.js';

/**
 * No request blocks the others (docs/performance.md « Aucune requête ne bloque les autres »): while
 * each of the heaviest single requests runs, over real HTTP, a second client asks for its session
 * (`GET /user`) every 20 ms; the longest it waits for an answer, counted from when it was due, must
 * stay under a second. Runs after the Débarras and Documents sections, on their data.
 */
const BLOCAGE_MAX_MS = 1000;
const INTERVALLE_MS = 20;
const MOT_DE_PASSE = 'blocage-1234';
const MO = 1024 * 1024;

function bloc(type: string, donnees: Buffer) {
  const corps = Buffer.concat([Buffer.from(type, 'latin1'), donnees]);
  const longueur = Buffer.alloc(4);
  longueur.writeUInt32BE(donnees.length);
  const fin = Buffer.alloc(4);
  fin.writeUInt32BE(crc32(corps));
  return Buffer.concat([longueur, corps, fin]);
}

/** An RGBA PNG of `largeur` × `hauteur` pixels, `idat` its rows (each after its filter byte), packed. */
function png(largeur: number, hauteur: number, idat: Buffer) {
  const entete = Buffer.alloc(13);
  entete.writeUInt32BE(largeur, 0);
  entete.writeUInt32BE(hauteur, 4);
  entete[8] = 8;
  entete[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    bloc('IHDR', entete),
    bloc('IDAT', idat),
    bloc('IEND', Buffer.alloc(0)),
  ]);
}

/** Transparent pixels, packed a megabyte at a time: 12 000 × 12 000 of them unpack to 576 Mo. */
async function pngVide(largeur: number, hauteur: number) {
  const compression = createDeflate({ level: 9 });
  const morceaux: Buffer[] = [];
  compression.on('data', (m: Buffer) => morceaux.push(m));
  const fin = new Promise((ok) => compression.on('end', ok));
  const zeros = Buffer.alloc(MO);
  for (let reste = hauteur * (1 + 4 * largeur); reste > 0; reste -= MO) {
    if (!compression.write(reste >= MO ? zeros : zeros.subarray(0, reste))) await new Promise((ok) => compression.once('drain', ok));
  }
  compression.end();
  await fin;
  return png(largeur, hauteur, Buffer.concat(morceaux));
}

/** Something like a city plan at the largest size printed: blocks of colour, streets every 50 pixels. */
function plan(cote: number) {
  const couleurs = [
    [242, 239, 233],
    [221, 236, 207],
    [170, 211, 223],
    [224, 223, 223],
    [250, 240, 200],
  ];
  const ligne = 1 + 4 * cote;
  const brut = Buffer.alloc(cote * ligne);
  for (let y = 0; y < cote; y++) {
    for (let x = 0; x < cote; x++) {
      const rue = x % 50 < 3 || y % 50 < 3;
      const couleur = rue ? [255, 255, 255] : couleurs[((x >> 5) * 7919 + (y >> 5) * 104729) % couleurs.length]!;
      brut.set([...couleur, 255], y * ligne + 1 + 4 * x);
    }
  }
  return png(cote, cote, deflateSync(brut));
}

interface Lourde {
  nom: string;
  envoyer: () => Promise<Response>;
}

/** The heavy request, the second client's longest wait meanwhile, and the server's resident memory growth. */
async function pendant(api: string, cookie: string, lourde: Lourde) {
  // the previous request's garbage collected now, not while this one is measured
  globalThis.gc?.();
  let fini = false;
  let pire = 0;
  let sondes = 0;
  const sonder = (async () => {
    let due = performance.now();
    while (!fini) {
      await (await fetch(`${api}/user`, { headers: { cookie } })).arrayBuffer();
      const reponse = performance.now();
      // from when it was due: a stall that falls between two probes delays the next one's start
      pire = Math.max(pire, reponse - due);
      sondes++;
      await new Promise((suite) => setTimeout(suite, INTERVALLE_MS));
      due = reponse + INTERVALLE_MS;
    }
  })();
  await new Promise((suite) => setTimeout(suite, 200));
  const rss = process.memoryUsage().rss;
  let rssMax = rss;
  const memoire = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 10);
  const debut = performance.now();
  const reponse = await lourde.envoyer();
  const octets = (await reponse.arrayBuffer()).byteLength;
  const duree = performance.now() - debut;
  fini = true;
  await sonder;
  clearInterval(memoire);
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
  return { statut: reponse.status, octets, duree, pire, sondes, rssEnPlus: rssMax - rss };
}

/** The day `jours` days before today, as the bench's history counts them. */
const ilYA = (jours: number) => new Date(Date.now() - jours * 86_400_000).toISOString().slice(0, 10);

export const sectionBlocage: Section = {
  nom: 'Blocage',
  async preparer(base) {
    const dossier = mkdtempSync(path.join(tmpdir(), 'debarras-blocage-'));
    await semerComptesDemo(base.db, MOT_DE_PASSE);
    const config = lireConfig({ NODE_ENV: 'test', DATA_DIR: dossier, REQUETES_PAR_MINUTE: '0', CONNEXIONS_PAR_MINUTE: '0' });
    const app = await construireApp({ config, base, dossierWeb: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const api = `http://127.0.0.1:${port}/webdeb/rest`;
    const connexion = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'gestion', password: MOT_DE_PASSE }),
    });
    const cookie = connexion.headers.get('set-cookie')!.split(';')[0]!;
    const cote = IMPRESSION_CARTE.coteMaxPixels;
    const grande = plan(cote);
    // the issue's picture: 12 000 × 12 000 transparent pixels, half a megabyte once packed
    const geante = await pngVide(12_000, 12_000);
    // the client shares the server's process: its own work (the body's JSON) is done beforehand
    const imprimer = (titre: string, image: Buffer) => {
      const body = JSON.stringify({ titre, image: `data:image/png;base64,${image.toString('base64')}` });
      return () => fetch(`${api}/carte/impression`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
    };
    const lire = (chemin: string) => () => fetch(`${api}/${chemin}`, { headers: { cookie } });
    const lourdes: Lourde[] = [
      { nom: `carte ${cote} × ${cote} (plan, ${(grande.length / MO).toFixed(1)} Mo)`, envoyer: imprimer('Plan', grande) },
      { nom: `carte 12 000 × 12 000 (${(geante.length / 1024).toFixed(0)} Ko, refusée)`, envoyer: imprimer('Géante', geante) },
      ...FORMATS_IMPRESSION.map((format) => ({
        nom: `feuilles de route ${format}`,
        envoyer: lire(`levee/print/?date=${JOUR_FEUILLES}&type=${format}`),
      })),
      { nom: 'fond de carte', envoyer: lire('carte/fond') },
      { nom: 'export des débarras ACTIF (.xlsx)', envoyer: lire('debarras/export/?statut=ACTIF') },
      // the whole history is refused (over EXPORT_LIGNES_MAX rows); two years, about 80 000 rows, are the largest
      // export, sorted by name (no index serves it) and by the default sort (an index does)
      { nom: 'export de tout l’historique (refusé)', envoyer: lire('debarras/export/') },
      {
        nom: 'export de deux ans de levées par nom',
        envoyer: lire(`debarras/export/?startDateLevee=${ilYA(730)}&sort=nomPersonne,asc`),
      },
      { nom: 'export de deux ans de levées', envoyer: lire(`debarras/export/?startDateLevee=${ilYA(730)}`) },
    ];
    const verification: Verification = {
      nom: `Attente la plus longue d'un second client (GET /user toutes les ${INTERVALLE_MS} ms) pendant une requête lourde`,
      async verifier() {
        let tenue = true;
        const lignes: string[] = [];
        // the first of each in the process, then again: a cold start (fonts, code, caches) counts as much as a warm one
        for (const [lourde, tour] of [...lourdes.map((l) => [l, 'à froid'] as const), ...lourdes.map((l) => [l, 'à chaud'] as const)]) {
          const m = await pendant(api, cookie, lourde);
          const depasse = m.pire > BLOCAGE_MAX_MS;
          if (depasse) tenue = false;
          lignes.push(
            `${`${lourde.nom}, ${tour}`.padEnd(54)} ${m.statut} ${(m.octets / 1024).toFixed(0).padStart(6)} Ko en ${m.duree.toFixed(0).padStart(6)} ms` +
              `  RSS +${(m.rssEnPlus / MO).toFixed(0).padStart(4)} Mo  attente max ${m.pire.toFixed(0).padStart(5)} ms (${m.sondes} sondes)  ` +
              (depasse ? `AU-DESSUS de ${BLOCAGE_MAX_MS} ms` : `OK (≤ ${BLOCAGE_MAX_MS} ms)`),
          );
        }
        return { lignes, tenue };
      },
    };
    return {
      donnees: `serveur HTTP sur les données des sections précédentes, ${lourdes.length} requêtes lourdes`,
      groupes: [],
      verifications: [verification],
      async fermer() {
        await app.close();
        rmSync(dossier, { recursive: true, force: true });
      },
    };
  },
};
