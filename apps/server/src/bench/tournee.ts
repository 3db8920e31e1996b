import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { libelleAdresse, PARAMETRE_CLES, ROUTAGE_AUCUN } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { debarras, levee, parametre } from '../db/schema.js';
import { BERLIN52, BERLIN52_OPTIMUM_ARRONDI } from '../modules/tournee/berlin52.js';
import { matriceDroite } from '../modules/tournee/distances.js';
import { longueurTournee, ordreOptimal } from '../modules/tournee/optimisation.js';
import { enregistrer } from '../modules/adresse/service.js';
import { oublierOrdresCalcules, tournee } from '../modules/tournee/service.js';
import { generateur } from '../seed/aleatoire.js';
import { VILLE_DE_GENEVE } from '../seed/adresses.js';
import { REGISTRE } from './adresses.js';
import { groupe, type GroupePret, type Section } from './mesure.js';

const PAR = 'bench';
const JOUR = '2027-03-03';

/**
 * A local stand-in for an OSRM service: road distances as the great-circle distance stretched by a third, answered at
 * once, so that what is timed is the round's own work with a road matrix (asymmetric: a detour that differs each way).
 */
async function routeurLocal() {
  const serveur = createServer((requete, reponse) => {
    const points = decodeURIComponent(requete.url!.split('/table/v1/driving/')[1]!.split('?')[0]!)
      .split(';')
      .map((p) => p.split(',').map(Number) as [number, number]);
    const metres = ([lonA, latA]: [number, number], [lonB, latB]: [number, number]) => {
      const rad = Math.PI / 180;
      const dLat = (latB - latA) * rad;
      const dLon = (lonB - lonA) * rad;
      const h = Math.sin(dLat / 2) ** 2 + Math.cos(latA * rad) * Math.cos(latB * rad) * Math.sin(dLon / 2) ** 2;
      return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
    };
    const distances = points.map((a, i) => points.map((b, j) => metres(a, b) * (i < j ? 1.3 : 1.35)));
    reponse.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'Ok', distances }));
  });
  await new Promise<void>((ok) => serveur.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(serveur.address() as AddressInfo).port}`, fermer: () => new Promise((ok) => serveur.close(ok)) };
}

/** Levées of `arrets` active débarras each, at random addresses of the city. */
async function desLevees(db: Db, nombre: number, arrets: number, graine: number): Promise<number[]> {
  const alea = generateur(graine);
  const ville = REGISTRE.filter((a) => a.noCommune === VILLE_DE_GENEVE);
  const ids: number[] = [];
  for (let n = 0; n < nombre; n++) {
    const [l] = await db
      .insert(levee)
      .values({
        dateLevee: JOUR,
        nom: `Tournée ${arrets} n° ${n + 1}`,
        supplementaire: 1,
        nbDebarrasMax: arrets,
        createdBy: PAR,
        lastModifiedBy: PAR,
      })
      .returning({ id: levee.idLevee });
    const adresses = Array.from({ length: arrets }, () => alea.choix(ville));
    // into the register, when no section before has loaded it: a stop's point is its address's
    await db.transaction((tx) => enregistrer(tx, [...new Set(adresses)], PAR));
    await db.insert(debarras).values(
      adresses.map((a, i) => {
        return {
          numero: `T${graine}-${n}-${i}`,
          typeDemande: 'TELEPHONE',
          idpAdr: a.idpAdr,
          adresse: libelleAdresse(a),
          idLevee: l!.id,
          createdBy: PAR,
          lastModifiedBy: PAR,
        };
      }),
    );
    ids.push(l!.id);
  }
  return ids;
}

const changerRoutage = (db: Db, valeur: string) =>
  db.update(parametre).set({ valeur }).where(eq(parametre.cle, PARAMETRE_CLES.tourneeRoutageUrl));

/** A group run with the routing service set, and back to straight lines after. */
const avecRoutage = (db: Db, url: string, g: GroupePret): GroupePret => ({
  ...g,
  chronometrer: async () => {
    await changerRoutage(db, url);
    try {
      return await g.chronometrer();
    } finally {
      await changerRoutage(db, ROUTAGE_AUCUN);
    }
  },
});

/**
 * The round's order (docs/regles.md « Ordre de la tournée »): a 30-stop levée ≤ 100 ms, a 150-stop one ≤ 1 s, on
 * straight lines and on a road matrix; and the order's quality on TSPLIB's berlin52, at most 1 % above the optimum.
 */
export const sectionTournee: Section = {
  nom: 'Ordre des tournées',
  async preparer({ db }) {
    const de30 = await desLevees(db, 10, 30, 30);
    const de150 = await desLevees(db, 4, 150, 150);
    const routeur = await routeurLocal();
    const calcul = (nom: string, ids: number[], p95MaxMs: number) =>
      groupe({
        nom,
        entrees: [...ids, ...ids, ...ids],
        echauffement: ids.slice(0, 2),
        mesures: [
          {
            // each call computes its order, as the first reading of a round does: the orders kept are forgotten
            nom: 'service (tournee), calculée',
            executer: (id: number) => {
              oublierOrdresCalcules();
              return tournee(db, id);
            },
          },
          { nom: 'service (tournee), gardée', executer: (id: number) => tournee(db, id) },
        ],
        p95MaxMs,
      });
    return {
      donnees: `${de30.length} levées de 30 débarras, ${de150.length} de 150, à des adresses de la ville`,
      groupes: [
        calcul('GET /levee/{id}/tournee, 30 débarras, à vol d’oiseau', de30, 100),
        avecRoutage(db, routeur.url, calcul('GET /levee/{id}/tournee, 30 débarras, par la route (service local)', de30, 100)),
        calcul('GET /levee/{id}/tournee, 150 débarras, à vol d’oiseau', de150, 1000),
        avecRoutage(db, routeur.url, calcul('GET /levee/{id}/tournee, 150 débarras, par la route (service local)', de150, 1000)),
      ],
      verifications: [
        {
          nom: 'berlin52 (TSPLIB) : au plus 1 % au-dessus de l’optimum 7 542',
          async verifier() {
            const arrondie = matriceDroite(BERLIN52.map(([x, y]) => ({ x, y }))).map((ligne) => ligne.map(Math.round));
            const debut = performance.now();
            const ordre = ordreOptimal(matriceDroite(BERLIN52.map(([x, y]) => ({ x, y }))));
            const duree = performance.now() - debut;
            const longueur = longueurTournee(arrondie, ordre);
            const ecart = (longueur / BERLIN52_OPTIMUM_ARRONDI - 1) * 100;
            return {
              lignes: [
                `longueur ${longueur} (optimum ${BERLIN52_OPTIMUM_ARRONDI}), écart ${ecart.toFixed(2)} %, en ${duree.toFixed(0)} ms`,
              ],
              tenue: ecart <= 1,
            };
          },
        },
      ],
      fermer: async () => {
        await routeur.fermer();
      },
    };
  },
};
