import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERREURS, PARAMETRE_CLES, TOURNEE_DEPOT_DEFAUT, TOURNEE_MESSAGES, type Levee, type Tournee } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { debarras, levee, parametre } from '../../db/schema.js';
import { appDeTest, dans, refus, unique, type Compte } from '../../test/app.js';
import { uneAdresse, uneLevee, unDebarras } from '../../test/fabriques.js';

const journal: string[] = [];
const t = appDeTest({ LOG_LEVEL: 'warn' }, { journal: { write: (ligne) => void journal.push(ligne) } });
const REST = '/webdeb/rest';
const [DEPOT_X, DEPOT_Y] = TOURNEE_DEPOT_DEFAUT.split(',').map(Number) as [number, number];

const lire = async (idLevee: number, compte: Compte = 'gestion') => t.en(compte, { url: `${REST}/levee/${idLevee}/tournee` });
const tournee = async (idLevee: number): Promise<Tournee> => (await lire(idLevee)).json();
const envoyer = (chemin: string, payload: object, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}${chemin}`, payload });
const version = async (idLevee: number) => ((await t.en('gestion', { url: `${REST}/levee/${idLevee}` })).json() as Levee).version;

async function changerParametre(cle: string, valeur: string) {
  await t.base.db.update(parametre).set({ valeur }).where(eq(parametre.cle, cle));
}

/**
 * A levée whose stops lie at these points, in metres east (and north) of the depot, each on its street: named so that
 * the street order is the order given, whatever the distances.
 */
async function uneTournee(points: Array<number | [number, number]>) {
  const l = await uneLevee(t.base.db, { dateLevee: dans(2), nom: unique('Tournée'), supplementaire: 1, nbDebarrasMax: 50 });
  const prefixe = unique('Rue');
  const arrets = [];
  for (const [rang, point] of points.entries()) {
    const [est, nord] = typeof point === 'number' ? [point, 0] : point;
    const libelle = `${prefixe} ${String.fromCharCode(65 + rang)}`;
    const idpAdr = await uneAdresse(t.base.db, libelle, null, { x: DEPOT_X + est, y: DEPOT_Y + nord });
    arrets.push(await unDebarras(t.base.db, { idLevee: l.idLevee, idpAdr, adresse: libelle }));
  }
  return { levee: l, arrets };
}

beforeEach(async () => {
  journal.length = 0;
  await changerParametre(PARAMETRE_CLES.tourneeDepot, TOURNEE_DEPOT_DEFAUT);
  await changerParametre(PARAMETRE_CLES.tourneeRoutageUrl, 'aucun');
});

describe('droits sur la tournée', () => {
  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)('laisse le rôle %s lire la tournée', async (compte) => {
    const { levee: l } = await uneTournee([100, 200]);
    expect((await lire(l.idLevee, compte)).statusCode).toBe(200);
  });

  it.each(['gestion', 'admin', 'technique'] as const)('laisse le rôle %s fixer l’ordre et revenir au calcul', async (compte) => {
    const { levee: l, arrets } = await uneTournee([100, 200]);
    const ordre = arrets.map((a) => a.idDebarras).reverse();
    expect((await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre }, compte)).statusCode).toBe(200);
    expect((await envoyer(`/levee/${l.idLevee}/tournee/optimiser`, { version: 1 }, compte)).statusCode).toBe(200);
  });

  it('refuse au rôle lecture de fixer l’ordre ou de réoptimiser (403), sans rien changer', async () => {
    const { levee: l, arrets } = await uneTournee([100, 200]);
    const ordre = arrets.map((a) => a.idDebarras).reverse();
    for (const r of [
      await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre }, 'lecture'),
      await envoyer(`/levee/${l.idLevee}/tournee/optimiser`, { version: 0 }, 'lecture'),
    ]) {
      expect(refus(r)).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
    }
    expect(await version(l.idLevee)).toBe(0);
  });

  it('répond 401 sans session et 404 pour une levée inconnue', async () => {
    expect((await t.app.inject({ url: `${REST}/levee/1/tournee` })).statusCode).toBe(401);
    expect(refus(await lire(999_999))).toMatchObject({ statut: 404, code: 'INTROUVABLE' });
  });
});

describe('ordre calculé', () => {
  it('part du dépôt, passe par chaque débarras actif dans l’ordre le plus court et y revient, à comparer avec l’ordre des rues', async () => {
    // four stops around the depot, streets A to D named out of their driving order: the round goes round them once
    const points: Array<[number, number]> = [
      [4000, 0],
      [1000, 1000],
      [2000, -1000],
      [3000, 1500],
    ];
    const { levee: l, arrets } = await uneTournee(points);
    const r = await tournee(l.idLevee);
    expect(r).toMatchObject({ depot: { x: DEPOT_X, y: DEPOT_Y }, methode: 'DROITE', manuel: false, sansCoordonnees: [] });
    const longueur = (ordre: number[]) =>
      [[0, 0], ...ordre.map((k) => points[k]!), [0, 0]].reduce(
        (somme, [x, y], i, tous) => (i === 0 ? 0 : somme + Math.hypot(x! - tous[i - 1]![0]!, y! - tous[i - 1]![1]!)),
        0,
      );
    expect(r.distanceMetres).toBe(Math.round(longueur([1, 3, 0, 2])));
    expect(r.distanceOrdreRuesMetres).toBe(Math.round(longueur([0, 1, 2, 3])));
    expect(r.distanceMetres).toBeLessThan(r.distanceOrdreRuesMetres);
    const autourDuDepot = [1, 3, 0, 2].map((k) => arrets[k]!.idDebarras);
    const ordre = r.arrets.map((a) => a.idDebarras);
    // either way round is as short: the same one every time
    expect([autourDuDepot, [...autourDuDepot].reverse()]).toContainEqual(ordre);
    expect(r.arrets.map((a) => a.ordre)).toEqual([1, 2, 3, 4]);
    expect(r.arrets.find((a) => a.idDebarras === arrets[0]!.idDebarras)).toMatchObject({
      numero: arrets[0]!.numero,
      adresse: expect.stringMatching(/ A$/),
      x: DEPOT_X + 4000,
      y: DEPOT_Y,
    });
    for (let fois = 0; fois < 3; fois++) expect((await tournee(l.idLevee)).arrets.map((a) => a.idDebarras)).toEqual(ordre);
  });

  it('laisse de côté les débarras supprimés, met à part ceux dont l’adresse n’a pas de point, et suit le point de dépôt d’un débarras', async () => {
    const { levee: l, arrets } = await uneTournee([1000, 2000]);
    await t.base.db.update(debarras).set({ statut: 'SUPPRIME' }).where(eq(debarras.idDebarras, arrets[1]!.idDebarras));
    const perdu = await unDebarras(t.base.db, { idLevee: l.idLevee, idpAdr: unique('PERDU').slice(0, 30), adresse: 'Rue perdue 1' });
    const depose = await unDebarras(t.base.db, {
      idLevee: l.idLevee,
      adresse: 'Rue du dépôt 1',
      pointDepotX: DEPOT_X + 500,
      pointDepotY: DEPOT_Y + 500,
    });
    const r = await tournee(l.idLevee);
    expect(r.arrets.map((a) => a.idDebarras).sort()).toEqual([arrets[0]!.idDebarras, depose.idDebarras].sort());
    expect(r.arrets.find((a) => a.idDebarras === depose.idDebarras)).toMatchObject({ x: DEPOT_X + 500, y: DEPOT_Y + 500 });
    expect(r.sansCoordonnees).toEqual([{ idDebarras: perdu.idDebarras, numero: perdu.numero, adresse: 'Rue perdue 1' }]);
  });

  it('répond une tournée vide pour une levée sans débarras', async () => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(2), nom: unique('Vide'), supplementaire: 1, nbDebarrasMax: 5 });
    expect(await tournee(l.idLevee)).toMatchObject({ distanceMetres: 0, distanceOrdreRuesMetres: 0, arrets: [], sansCoordonnees: [] });
  });

  it('part du dépôt du paramètre tournee.depot, et de celui par défaut en le signalant quand il ne se lit pas', async () => {
    const { levee: l } = await uneTournee([1000]);
    await changerParametre(PARAMETRE_CLES.tourneeDepot, `${DEPOT_X + 1000},${DEPOT_Y}`);
    expect(await tournee(l.idLevee)).toMatchObject({ depot: { x: DEPOT_X + 1000, y: DEPOT_Y }, distanceMetres: 0 });
    await changerParametre(PARAMETRE_CLES.tourneeDepot, 'la Jonction');
    expect(await tournee(l.idLevee)).toMatchObject({ depot: { x: DEPOT_X, y: DEPOT_Y }, distanceMetres: 2000 });
    expect(journal.join('\n')).toContain(TOURNEE_MESSAGES.depotInvalide('la Jonction'));
  });
});

describe('ordre fixé à la main', () => {
  it('enregistre l’ordre donné, incrémente la version de la levée, puis revient au calcul par « Réoptimiser »', async () => {
    const { levee: l, arrets } = await uneTournee([1000, 2000, 3000]);
    const ordre = [arrets[1]!, arrets[0]!, arrets[2]!].map((a) => a.idDebarras);
    const r = await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ manuel: true, distanceMetres: 8000 });
    expect((r.json() as Tournee).arrets.map((a) => a.idDebarras)).toEqual(ordre);
    expect((await tournee(l.idLevee)).arrets.map((a) => a.idDebarras)).toEqual(ordre);
    expect(await version(l.idLevee)).toBe(1);

    const reoptimisee = await envoyer(`/levee/${l.idLevee}/tournee/optimiser`, { version: 1 });
    expect(reoptimisee.json()).toMatchObject({ manuel: false, distanceMetres: 6000 });
    expect(await version(l.idLevee)).toBe(2);
  });

  it('place un débarras arrivé sur la levée là où il allonge le moins l’ordre enregistré, et un débarras retiré le quitte simplement', async () => {
    const { levee: l, arrets } = await uneTournee([
      [1000, 0],
      [3000, 0],
      [2000, 2000],
    ]);
    const [a, b, c] = arrets.map((d) => d.idDebarras) as [number, number, number];
    await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre: [c, a, b] });
    // a newcomer half way from C to A costs nothing there, and something anywhere else
    const idpAdr = await uneAdresse(t.base.db, unique('Avenue'), null, { x: DEPOT_X + 1500, y: DEPOT_Y + 1000 });
    const ajoute = await unDebarras(t.base.db, { idLevee: l.idLevee, idpAdr });
    expect((await tournee(l.idLevee)).arrets.map((d) => d.idDebarras)).toEqual([c, ajoute.idDebarras, a, b]);
    // A leaves: C and B keep their order; the newcomer, not saved yet, is placed again, now best before C
    await t.base.db.update(debarras).set({ statut: 'SUPPRIME' }).where(eq(debarras.idDebarras, a));
    const r = await tournee(l.idLevee);
    expect(r).toMatchObject({ manuel: true });
    expect(r.arrets.map((d) => d.idDebarras)).toEqual([ajoute.idDebarras, c, b]);
  });

  it('refuse un ordre qui n’est pas exactement les débarras de la levée (400), sans rien changer', async () => {
    const { levee: l, arrets } = await uneTournee([1000, 2000]);
    const autre = await uneTournee([500]);
    const [a, b] = arrets.map((d) => d.idDebarras) as [number, number];
    for (const ordre of [[a], [a, b, b], [a, a], [a, b, autre.arrets[0]!.idDebarras], []]) {
      expect(refus(await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre })), JSON.stringify(ordre)).toEqual({
        statut: 400,
        errMsg: TOURNEE_MESSAGES.ordreInvalide,
        code: 'SAISIE_INVALIDE',
      });
    }
    expect(await version(l.idLevee)).toBe(0);
  });

  it('refuse une version périmée (409 CONFLIT_VERSION) avant de juger l’ordre', async () => {
    const { levee: l, arrets } = await uneTournee([1000, 2000]);
    const ordre = arrets.map((d) => d.idDebarras);
    await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre });
    for (const r of [
      await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre: ordre.reverse() }),
      await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre: [] }),
      await envoyer(`/levee/${l.idLevee}/tournee/optimiser`, { version: 0 }),
    ]) {
      expect(refus(r)).toMatchObject({
        statut: 409,
        code: 'CONFLIT_VERSION',
        errMsg: expect.stringMatching(/^Cet enregistrement a été modifié par gestion le /),
      });
    }
    expect(await version(l.idLevee)).toBe(1);
  });

  it('refuse de changer la tournée d’une levée archivée (409 ETAT_INVALIDE)', async () => {
    const { levee: l, arrets } = await uneTournee([1000]);
    await t.base.db.update(levee).set({ statut: 'ARCHIVE' }).where(eq(levee.idLevee, l.idLevee));
    for (const r of [
      await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0, ordre: [arrets[0]!.idDebarras] }),
      await envoyer(`/levee/${l.idLevee}/tournee/optimiser`, { version: 0 }),
    ]) {
      expect(refus(r)).toEqual({ statut: 409, errMsg: TOURNEE_MESSAGES.nonActive, code: 'ETAT_INVALIDE' });
    }
    expect((await lire(l.idLevee)).statusCode).toBe(200);
  });

  it('refuse un corps sans version ou sans ordre (400)', async () => {
    const { levee: l } = await uneTournee([1000]);
    expect((await envoyer(`/levee/${l.idLevee}/tournee`, { ordre: [] })).statusCode).toBe(400);
    expect(refus(await envoyer(`/levee/${l.idLevee}/tournee`, { version: 0 }))).toMatchObject({
      statut: 400,
      errMsg: TOURNEE_MESSAGES.ordreObligatoire,
    });
  });
});

describe('distances par la route (tournee.routage.url)', () => {
  let serveur: Server;
  let repondre: (points: number) => { statut: number; corps: unknown };
  let demandes: string[] = [];

  afterAll(() => serveur?.close());

  async function routeur() {
    serveur ??= await new Promise<Server>((ok) => {
      const s = createServer((requete, reponse) => {
        demandes.push(requete.url!);
        const points = decodeURIComponent(requete.url!.split('/table/v1/driving/')[1]!.split('?')[0]!).split(';').length;
        const { statut, corps } = repondre(points);
        reponse.writeHead(statut, { 'content-type': 'application/json' }).end(JSON.stringify(corps));
      });
      s.listen(0, '127.0.0.1', () => ok(s));
    });
    return `http://127.0.0.1:${(serveur.address() as AddressInfo).port}/`;
  }

  it('prend les distances du service (méthode ROUTIER), en WGS84 sur l’API table d’OSRM', async () => {
    const { levee: l, arrets } = await uneTournee([1000, 2000, 3000]);
    // a one-way street: from the depot, the farthest stop is the nearest by road
    repondre = (n) => ({
      statut: 200,
      corps: {
        code: 'Ok',
        distances: Array.from({ length: n }, (_, i) =>
          Array.from({ length: n }, (_, j) => (i === j ? 0 : j === (i + n - 1) % n ? 100 : 5000)),
        ),
      },
    });
    demandes = [];
    await changerParametre(PARAMETRE_CLES.tourneeRoutageUrl, await routeur());
    const r = await tournee(l.idLevee);
    expect(r).toMatchObject({ methode: 'ROUTIER', distanceMetres: 400 });
    expect(r.arrets.map((a) => a.idDebarras)).toEqual([arrets[2]!, arrets[1]!, arrets[0]!].map((a) => a.idDebarras));
    // the depot in Geneva, as longitude,latitude
    expect(demandes[0]).toMatch(/^\/table\/v1\/driving\/6\.1\d{5},46\.19\d{4};.*\?annotations=distance$/);
  });

  it('revient à vol d’oiseau en le signalant quand le service échoue ou répond une matrice incomplète', async () => {
    const { levee: l } = await uneTournee([1000, 2000]);
    await changerParametre(PARAMETRE_CLES.tourneeRoutageUrl, await routeur());
    for (const [reponse, cause] of [
      [{ statut: 500, corps: {} }, 'HTTP 500'],
      [
        {
          statut: 200,
          corps: {
            code: 'Ok',
            distances: [
              [0, null],
              [null, 0],
            ],
          },
        },
        'matrice incomplète',
      ],
      [{ statut: 200, corps: { code: 'NoTable' } }, 'réponse NoTable'],
    ] as const) {
      repondre = () => reponse;
      journal.length = 0;
      expect(await tournee(l.idLevee)).toMatchObject({ methode: 'DROITE', distanceMetres: 4000 });
      expect(journal.join('\n')).toContain(TOURNEE_MESSAGES.routageEnEchec(cause));
    }
    await changerParametre(PARAMETRE_CLES.tourneeRoutageUrl, 'http://127.0.0.1:1/');
    expect(await tournee(l.idLevee)).toMatchObject({ methode: 'DROITE' });
    expect(journal.join('\n')).toContain(TOURNEE_MESSAGES.routageEnEchec('injoignable'));
  });
});
