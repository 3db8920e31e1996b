import {
  DATE_MESSAGES,
  DEBARRAS_MESSAGES,
  ERREURS,
  LEVEE_MESSAGES,
  LISTE_MESSAGES,
  RECHERCHE_RAPIDE_MESSAGES,
  TELEPHONE_MESSAGES,
  VERSION_MESSAGES,
  type CodeErreur,
  type Debarras,
  type DebarrasLigne,
  type DebarrasSaisie,
  type EntreeJournal,
  type LigneEditionObjet,
} from '@debarras/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adresse, compteurNumero, debarras, debarrasJournal, debarrasObjet, levee, objet } from '../../db/schema.js';
import { appDeTest, dans, JOUR_DE_TEST, refus, type Compte, unique } from '../../test/app.js';
import { uneAdresse, uneLevee, unSecteur } from '../../test/fabriques.js';
import * as repo from './repo.js';
import * as service from './service.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const AUJOURDHUI = JOUR_DE_TEST;
const ANNEE = Number(AUJOURDHUI.slice(0, 4));
const INTROUVABLE = ERREURS.introuvable(DEBARRAS_MESSAGES.introuvable);
const CONFLIT_VERSION =
  /^Cet enregistrement a été modifié par gestion le \d{2}\.\d{2}\.\d{4} - \d{2}:\d{2}:\d{2}\. Veuillez le recharger\.$/;

let objets: { accepte: number; autre: number; interdit: number; inactif: number };

beforeAll(async () => {
  const db = t.base.db;
  const acceptes = await db
    .select()
    .from(objet)
    .where(and(eq(objet.type, 'Objet'), eq(objet.actif, 1)))
    .orderBy(objet.ordre)
    .limit(2);
  const [interdit] = await db.select().from(objet).where(eq(objet.type, 'Interdit')).limit(1);
  const [inactif] = await db
    .insert(objet)
    .values({
      libelle: 'Ancien objet',
      libelleExt: 'Ancien objet',
      url: 'icones/x.svg',
      ordre: 999,
      type: 'Objet',
      actif: 0,
      createdBy: 'test',
      lastModifiedBy: 'test',
    })
    .returning();
  objets = { accepte: acceptes[0]!.idObjet, autre: acceptes[1]!.idObjet, interdit: interdit!.idObjet, inactif: inactif!.idObjet };
});

const saisie = (idpAdr: string, idLevee: number, champs: Partial<DebarrasSaisie> = {}): DebarrasSaisie => ({
  typeDemande: 'TELEPHONE',
  sauvage: '0',
  adresse: { idpAdr },
  levee: { idLevee },
  nomPersonne: 'Dupont',
  telephone: '022 418 00 00',
  debarrasObjets: [{ objet: { idObjet: objets.accepte }, quantite: 2, remarque: 'lourd' }],
  ...champs,
});

const envoyer = (chemin: string, payload: unknown, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}${chemin}`, payload: payload as object });
const lire = (chemin: string, compte: Compte = 'gestion') => t.en(compte, { url: `${REST}${chemin}` });
const enregistrer = (payload: DebarrasSaisie, compte: Compte = 'gestion', force = false) =>
  envoyer(`/debarras${force ? '?force=true' : ''}`, payload, compte);

async function unDebarras(champs: Partial<DebarrasSaisie> = {}, levees: { idLevee?: number } = {}): Promise<Debarras> {
  const idLevee = levees.idLevee ?? (await uneLevee(t.base.db)).idLevee;
  const r = await enregistrer(saisie(champs.adresse?.idpAdr ?? (await uneAdresse(t.base.db)), idLevee, champs));
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const modifie = (d: Debarras, champs: Partial<DebarrasSaisie> = {}): DebarrasSaisie => ({
  ...d,
  idDebarras: d.idDebarras,
  levee: { idLevee: d.levee.idLevee },
  debarrasObjets: d.debarrasObjets.map((o) => ({ objet: { idObjet: o.objet.idObjet }, quantite: o.quantite, remarque: o.remarque })),
  ...champs,
});

/** Everything a refused request could have written. */
async function etat() {
  const db = t.base.db;
  const [d] = await db.select({ n: count(), versions: sql<number>`coalesce(sum(${debarras.version}), 0)`.mapWith(Number) }).from(debarras);
  const [o] = await db.select({ n: count() }).from(debarrasObjet);
  const [j] = await db.select({ n: count() }).from(debarrasJournal);
  const compteurs = await db.select().from(compteurNumero).orderBy(compteurNumero.annee);
  const statuts = await db
    .select({ id: debarras.idDebarras, statut: debarras.statut, idLevee: debarras.idLevee })
    .from(debarras)
    .orderBy(debarras.idDebarras);
  return { d, o, j, compteurs, statuts };
}

async function refuse(requete: () => Promise<LightMyRequestResponse>, statut: number, code: CodeErreur, message: string | RegExp) {
  const avant = await etat();
  const r = refus(await requete());
  if (typeof message === 'string') expect(r).toEqual({ statut, errMsg: message, code });
  else {
    expect(r).toMatchObject({ statut, code });
    expect(r.errMsg).toMatch(message);
  }
  expect(await etat()).toEqual(avant);
}

const supprimer = (d: Pick<Debarras, 'idDebarras' | 'version'>) =>
  envoyer('/debarras/supprimer', { idDebarras: d.idDebarras, version: d.version });

const journalDe = async (id: number): Promise<EntreeJournal[]> => (await lire(`/debarras/${id}/journal`)).json();

describe('droits sur les débarras', () => {
  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)(
    'laisse le rôle %s consulter la liste, le détail, les objets, le journal et le numéro',
    async (compte) => {
      const d = await unDebarras();
      for (const chemin of [
        '/debarras/',
        `/debarras/${d.idDebarras}`,
        `/debarras/${d.idDebarras}/objet`,
        `/debarras/${d.idDebarras}/journal`,
        '/debarras/numero',
        `/debarras/objet/edition?id=${d.idDebarras}`,
      ]) {
        expect((await lire(chemin, compte)).statusCode, chemin).toBe(200);
      }
    },
  );

  it("refuse au rôle lecture l'enregistrement, la suppression, la réactivation, les doublons, le rattachement et l'export (403), sans rien changer", async () => {
    const d = await unDebarras();
    const l = await uneLevee(t.base.db);
    const cible = { idDebarras: d.idDebarras, version: d.version };
    for (const [chemin, corps] of [
      ['/debarras', saisie(d.adresse.idpAdr, l.idLevee)],
      ['/debarras', modifie(d, { nomPersonne: 'Lecteur' })],
      ['/debarras/supprimer', cible],
      ['/debarras/reactiver', cible],
      ['/debarras/doublons', { telephone: '022 418 00 00' }],
      ['/debarras/link', { idDebarras: [d.idDebarras], idLevee: l.idLevee }],
    ] as const) {
      await refuse(() => envoyer(chemin, corps, 'lecture'), 403, 'NON_AUTORISE', ERREURS.nonAutorise);
    }
    await refuse(() => lire('/debarras/export/', 'lecture'), 403, 'NON_AUTORISE', ERREURS.nonAutorise);
  });

  it.each(['gestion', 'admin', 'technique'] as const)('laisse le rôle %s créer un débarras', async (compte) => {
    const r = await enregistrer(saisie(await uneAdresse(t.base.db), (await uneLevee(t.base.db)).idLevee), compte);
    expect(r.statusCode).toBe(200);
    expect(r.json().createdBy).toBe(compte);
  });

  it('demande une session (401)', async () => {
    expect(refus(await t.app.inject({ url: `${REST}/debarras/` }))).toEqual({
      statut: 401,
      errMsg: ERREURS.nonAuthentifie,
      code: 'NON_AUTHENTIFIE',
    });
  });
});

describe("création d'un débarras", () => {
  it("numérote AAAA-NNNNN, copie l'adresse, enregistre les objets et journalise la création", async () => {
    const l = await uneLevee(t.base.db, { nbDebarrasMax: 5 });
    const idpAdr = await uneAdresse(t.base.db, 'Rue de la Servette 12', 'Rive droite');
    const attendu = (await lire('/debarras/numero')).json().numero;
    const r = await enregistrer(
      saisie(idpAdr, l.idLevee, {
        email: ' Dupont@Example.org ',
        punaisesDechets: 'true',
        debarrasObjets: [
          { objet: { idObjet: objets.accepte }, quantite: 2, remarque: 'lourd' },
          { objet: { idObjet: objets.autre }, quantite: 0 },
        ],
      }),
    );
    expect(r.statusCode).toBe(200);
    const d: Debarras = r.json();
    expect(d.numero).toBe(attendu);
    expect(d.numero).toMatch(new RegExp(`^${ANNEE}-\\d{5}$`));
    expect(d).toMatchObject({
      statut: 'ACTIF',
      typeDemande: 'TELEPHONE',
      sauvage: '0',
      recurrent: false,
      punaises: 'true',
      punaisesDechets: 'true',
      inclurePrecisionLieu: '1',
      email: 'Dupont@Example.org',
      adresse: { idpAdr, adresse: 'Rue de la Servette 12', secteur: 'Rive droite' },
      createdBy: 'gestion',
      version: 0,
    });
    expect(d.levee).toMatchObject({ idLevee: l.idLevee, nbDebarras: 1, nbReservationsEnCours: 0, nbDebarrasMax: 5 });
    expect(d.debarrasObjets).toEqual([
      {
        idDebarrasObjet: expect.any(Number),
        objet: { idObjet: objets.accepte, libelle: expect.any(String) },
        quantite: 2,
        remarque: 'lourd',
      },
    ]);
    expect((await journalDe(d.idDebarras)).map((j) => [j.typeJournal, j.typeJournalStr, j.utilisateur])).toEqual([
      ['CREATION', 'Création', 'gestion'],
    ]);
    expect((await lire(`/debarras/${d.idDebarras}`)).json()).toEqual(d);
  });

  it('accepte un sauvage sans demandeur sur une levée du jour', async () => {
    const l = await uneLevee(t.base.db, { dateLevee: AUJOURDHUI });
    const r = await enregistrer(saisie(await uneAdresse(t.base.db), l.idLevee, { sauvage: '1', nomPersonne: null, telephone: null }));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ sauvage: '1', nomPersonne: null });
  });

  it.each([
    [{ nomPersonne: ' ' }, DEBARRAS_MESSAGES.nomObligatoire],
    [{ telephone: null, email: null }, DEBARRAS_MESSAGES.contactObligatoire],
    [{ email: 'pas-un-email' }, DEBARRAS_MESSAGES.emailInvalide],
    [{ telephone: '079 123 45' }, TELEPHONE_MESSAGES.invalide],
    [{ debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 0 }] }, DEBARRAS_MESSAGES.objetObligatoire],
    [{ debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 101 }] }, DEBARRAS_MESSAGES.quantite],
    [{ adresse: { idpAdr: '' } }, DEBARRAS_MESSAGES.adresseObligatoire],
    [{ adresse: undefined }, DEBARRAS_MESSAGES.adresseObligatoire],
    [{ levee: undefined }, DEBARRAS_MESSAGES.leveeObligatoire],
    [{ typeDemande: 'FAX' }, DEBARRAS_MESSAGES.typeDemande],
  ] as const)('refuse %j : « %s », sans rien écrire', async (champs, message) => {
    const payload = saisie(await uneAdresse(t.base.db), (await uneLevee(t.base.db)).idLevee, champs as Partial<DebarrasSaisie>);
    await refuse(() => enregistrer(payload), 400, 'SAISIE_INVALIDE', message);
  });

  it('enregistre le téléphone dans son format unique : national pour un numéro suisse, international sinon', async () => {
    expect((await unDebarras({ telephone: '+41791234567' })).telephone).toBe('079 123 45 67');
    expect((await unDebarras({ telephone: '0041 22 418 09 99' })).telephone).toBe('022 418 09 99');
    expect((await unDebarras({ telephone: '0033 1 23 45 67 89' })).telephone).toBe('+33 1 23 45 67 89');
  });

  it('refuse une adresse absente du registre, un objet inactif ou interdit, le type Internet', async () => {
    const l = await uneLevee(t.base.db);
    const idpAdr = await uneAdresse(t.base.db);
    await refuse(() => enregistrer(saisie('INCONNUE', l.idLevee)), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.adresseInconnue('INCONNUE'));
    for (const idObjet of [objets.inactif, objets.interdit, 999999]) {
      await refuse(
        () => enregistrer(saisie(idpAdr, l.idLevee, { debarrasObjets: [{ objet: { idObjet }, quantite: 1 }] })),
        400,
        'SAISIE_INVALIDE',
        DEBARRAS_MESSAGES.objetInvalide(idObjet),
      );
    }
    await refuse(
      () => enregistrer(saisie(idpAdr, l.idLevee, { typeDemande: 'INTERNET' })),
      400,
      'SAISIE_INVALIDE',
      DEBARRAS_MESSAGES.typeInternet,
    );
  });

  it('refuse une levée inconnue, non active, passée, ou du jour pour un débarras non sauvage', async () => {
    const idpAdr = await uneAdresse(t.base.db);
    await refuse(() => enregistrer(saisie(idpAdr, 999999)), 400, 'SAISIE_INVALIDE', ERREURS.introuvable(LEVEE_MESSAGES.introuvable));
    const [archivee, passee, duJour] = [
      await uneLevee(t.base.db, { statut: 'ARCHIVE' }),
      await uneLevee(t.base.db, { dateLevee: dans(-1) }),
      await uneLevee(t.base.db, { dateLevee: AUJOURDHUI }),
    ];
    await refuse(() => enregistrer(saisie(idpAdr, archivee.idLevee)), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveeNonActive);
    await refuse(
      () => enregistrer(saisie(idpAdr, passee.idLevee, { sauvage: '1' })),
      400,
      'SAISIE_INVALIDE',
      DEBARRAS_MESSAGES.leveePassee,
    );
    await refuse(() => enregistrer(saisie(idpAdr, duJour.idLevee)), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveeAujourdhui);
  });

  it('refuse de dépasser la capacité de la levée (409 CAPACITE_DEPASSEE) sauf confirmation (force=true)', async () => {
    const l = await uneLevee(t.base.db, { nbDebarrasMax: 1 });
    await unDebarras({}, { idLevee: l.idLevee });
    const payload = saisie(await uneAdresse(t.base.db), l.idLevee);
    await refuse(() => enregistrer(payload), 409, 'CAPACITE_DEPASSEE', DEBARRAS_MESSAGES.capacite);
    const force = await enregistrer(payload, 'gestion', true);
    expect(force.statusCode).toBe(200);
    expect(force.json().levee.nbDebarras).toBe(2);
  });

  it('compte à part les réservations en attente de validation, qui ne prennent jamais une place au personnel', async () => {
    const l = await uneLevee(t.base.db, { nbDebarrasMax: 2 });
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const enAttente = await unDebarras({}, { idLevee: l.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    expect((await lire(`/debarras/${d.idDebarras}`)).json().levee).toMatchObject({ nbDebarras: 1, nbReservationsEnCours: 1 });
    expect((await enregistrer(saisie(d.adresse.idpAdr, l.idLevee))).statusCode).toBe(200);
    await refuse(() => enregistrer(saisie(d.adresse.idpAdr, l.idLevee)), 409, 'CAPACITE_DEPASSEE', DEBARRAS_MESSAGES.capacite);
  });
});

describe("modification d'un débarras", () => {
  it('enregistre les changements avec la version, journalise une modification ; 409 CONFLIT_VERSION sur une version périmée, 400 sans version', async () => {
    const d = await unDebarras();
    const r = await enregistrer(modifie(d, { nomPersonne: 'Martin', debarrasObjets: [{ objet: { idObjet: objets.autre }, quantite: 3 }] }));
    expect(r.statusCode).toBe(200);
    const m: Debarras = r.json();
    expect(m).toMatchObject({ nomPersonne: 'Martin', version: 1, numero: d.numero });
    expect(m.debarrasObjets.map((o) => [o.objet.idObjet, o.quantite])).toEqual([[objets.autre, 3]]);
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'MODIFICATION']);
    await refuse(() => enregistrer(modifie(d, { nomPersonne: 'Trop tard' })), 409, 'CONFLIT_VERSION', CONFLIT_VERSION);
    await refuse(() => enregistrer(modifie(m, { version: undefined })), 400, 'SAISIE_INVALIDE', VERSION_MESSAGES.obligatoire);
  });

  it("n'écrit rien quand rien ne change : ni nouvelle version, ni ligne de journal ; un archivé non plus", async () => {
    const d = await unDebarras({
      email: 'a@example.ch',
      debarrasObjets: [{ objet: { idObjet: objets.accepte }, quantite: 2, remarque: 'lourd' }],
    });
    const r = await enregistrer(modifie(d));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ version: 0, lastModifiedDate: d.lastModifiedDate });
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION']);
    // the same lines in another order are no change either
    const deux = await unDebarras({
      debarrasObjets: [
        { objet: { idObjet: objets.accepte }, quantite: 1, remarque: null },
        { objet: { idObjet: objets.autre }, quantite: 3, remarque: 'x' },
      ],
    });
    expect(
      (await enregistrer(modifie(deux, { debarrasObjets: [...(modifie(deux).debarrasObjets ?? [])].reverse() }))).json(),
    ).toMatchObject({
      version: 0,
    });
    await t.base.db.update(debarras).set({ statut: 'ARCHIVE' }).where(eq(debarras.idDebarras, d.idDebarras));
    expect((await enregistrer(modifie({ ...d, statut: 'ARCHIVE' }))).json()).toMatchObject({ version: 0 });
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION']);
  });

  it('change de levée (réaffectation journalisée), contrôle la capacité de la nouvelle, et 404 sur un débarras inconnu', async () => {
    const d = await unDebarras();
    const pleine = await uneLevee(t.base.db, { nbDebarrasMax: 0 });
    await refuse(
      () => enregistrer(modifie(d, { levee: { idLevee: pleine.idLevee } })),
      409,
      'CAPACITE_DEPASSEE',
      DEBARRAS_MESSAGES.capacite,
    );
    const autre = await uneLevee(t.base.db, { dateLevee: dans(2) });
    const r = await enregistrer(modifie(d, { levee: { idLevee: autre.idLevee } }));
    expect(r.json().levee).toMatchObject({ idLevee: autre.idLevee, nbDebarras: 1 });
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'REAFFECTATION']);
    await refuse(() => enregistrer({ ...modifie(d), idDebarras: 999999 }), 404, 'INTROUVABLE', INTROUVABLE);
  });

  it("corrige un débarras dont la levée est aujourd'hui, mais refuse de l'y déplacer s'il n'est pas sauvage, sans rien changer", async () => {
    const d = await unDebarras();
    // the levée's day has come: its route sheet is out, its débarras can still be corrected
    await t.base.db.update(levee).set({ dateLevee: AUJOURDHUI }).where(eq(levee.idLevee, d.levee.idLevee));
    const r = await enregistrer(modifie(d, { nomPersonne: 'Corrigé' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ nomPersonne: 'Corrigé', version: 1, levee: { idLevee: d.levee.idLevee, dateLevee: AUJOURDHUI } });
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'MODIFICATION']);
    const autre = await unDebarras();
    await refuse(
      () => enregistrer(modifie(autre, { levee: { idLevee: d.levee.idLevee } })),
      400,
      'SAISIE_INVALIDE',
      DEBARRAS_MESSAGES.leveeAujourdhui,
    );
  });

  it('refuse de modifier un débarras dont la levée est passée (400), sans rien changer', async () => {
    const d = await unDebarras();
    await t.base.db
      .update(levee)
      .set({ dateLevee: dans(-1) })
      .where(eq(levee.idLevee, d.levee.idLevee));
    await refuse(() => enregistrer(modifie(d, { nomPersonne: 'Trop tard' })), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveePassee);
  });

  it('refuse de passer une demande au type Internet (400), sans rien changer, mais une demande reçue en ligne garde son type', async () => {
    const d = await unDebarras();
    await refuse(() => enregistrer(modifie(d, { typeDemande: 'INTERNET' })), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.typeInternet);
    await t.base.db.update(debarras).set({ typeDemande: 'INTERNET' }).where(eq(debarras.idDebarras, d.idDebarras));
    const r = await enregistrer(modifie(d, { typeDemande: 'INTERNET', nomPersonne: 'En ligne' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ typeDemande: 'INTERNET', nomPersonne: 'En ligne', version: 1 });
  });

  it("garde l'adresse telle qu'enregistrée quand le registre change, et la recopie quand l'adresse change", async () => {
    const d = await unDebarras();
    await t.base.db.update(adresse).set({ adresse: 'Rue renommée 1', secteur: 'Autre' }).where(eq(adresse.idpAdr, d.adresse.idpAdr));
    expect((await lire(`/debarras/${d.idDebarras}`)).json().adresse).toEqual(d.adresse);
    const m = (await enregistrer(modifie(d, { remarqueLieu: 'Sous le porche' }))).json();
    expect(m.adresse).toEqual(d.adresse);
    const nouvelle = await uneAdresse(t.base.db, 'Quai du Seujet 2', 'Rive droite');
    const r = await enregistrer(modifie(m, { adresse: { idpAdr: nouvelle } }));
    expect(r.json().adresse).toEqual({ idpAdr: nouvelle, adresse: 'Quai du Seujet 2', secteur: 'Rive droite' });
  });

  it("se retrouve par le filtre Adresse sous l'adresse enregistrée, puis sous la nouvelle, et plus sous l'ancienne", async () => {
    const rue = unique('Chemin du Filtre');
    const d = await unDebarras({ adresse: { idpAdr: await uneAdresse(t.base.db, `${rue} 4`) } });
    const trouves = async (fragment: string) =>
      ((await lire(`/debarras/?adresse_adresse=${encodeURIComponent(fragment)}`)).json() as DebarrasLigne[]).map((l) => l.idDebarras);
    await t.base.db
      .update(adresse)
      .set({ adresse: `${rue} 4bis` })
      .where(eq(adresse.idpAdr, d.adresse.idpAdr));
    expect(await trouves(`${rue.toUpperCase()} 4`)).toEqual([d.idDebarras]);
    await enregistrer(modifie(d, { adresse: { idpAdr: await uneAdresse(t.base.db, `${rue} 18`) } }));
    expect(await trouves(`${rue} 18`)).toEqual([d.idDebarras]);
    expect(await trouves(`${rue} 4`)).toEqual([]);
  });

  it("garde la ligne d'un objet retiré du catalogue depuis, mais refuse de l'ajouter", async () => {
    const d = await unDebarras();
    await t.base.db.update(objet).set({ actif: 0 }).where(eq(objet.idObjet, objets.accepte));
    try {
      expect((await enregistrer(modifie(d, { nomPersonne: 'Gardé' }))).statusCode).toBe(200);
      const payload = saisie(await uneAdresse(t.base.db), d.levee.idLevee);
      await refuse(() => enregistrer(payload), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.objetInvalide(objets.accepte));
    } finally {
      await t.base.db.update(objet).set({ actif: 1 }).where(eq(objet.idObjet, objets.accepte));
    }
  });

  it('refuse de modifier un débarras supprimé ou en attente de validation', async () => {
    const supprime = await unDebarras();
    const s = (await supprimer(supprime)).json();
    await refuse(() => enregistrer(modifie(s, { nomPersonne: 'Non' })), 409, 'ETAT_INVALIDE', DEBARRAS_MESSAGES.nonModifiable);
    const attente = await unDebarras();
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, attente.idDebarras));
    await refuse(() => enregistrer(modifie(attente, { nomPersonne: 'Non' })), 409, 'ETAT_INVALIDE', DEBARRAS_MESSAGES.enAttenteValidation);
  });
});

describe('suppression, archivage et réactivation', () => {
  it('supprime un débarras actif, puis le réactive, chaque fois journalisé', async () => {
    const d = await unDebarras();
    const s = await supprimer(d);
    expect(s.json()).toMatchObject({ statut: 'SUPPRIME', version: 1 });
    expect(s.json().levee.nbDebarras).toBe(0);
    await refuse(() => supprimer(s.json()), 409, 'ETAT_INVALIDE', DEBARRAS_MESSAGES.suppressionImpossible);
    const r = await envoyer('/debarras/reactiver', { idDebarras: d.idDebarras, version: 1 });
    expect(r.json()).toMatchObject({ statut: 'ACTIF', avertissement: null, version: 2 });
    await refuse(
      () => envoyer('/debarras/reactiver', { idDebarras: d.idDebarras, version: 2 }),
      409,
      'ETAT_INVALIDE',
      DEBARRAS_MESSAGES.reactivationImpossible,
    );
    await refuse(() => supprimer(d), 409, 'CONFLIT_VERSION', CONFLIT_VERSION);
    await refuse(() => supprimer({ idDebarras: 999999, version: 0 }), 404, 'INTROUVABLE', INTROUVABLE);
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournalStr)).toEqual(['Création', 'Suppression', 'Réactivation']);
  });

  it('refuse une suppression ou une réactivation sans version (400), sans rien changer', async () => {
    const d = await unDebarras();
    await refuse(() => envoyer('/debarras/supprimer', { idDebarras: d.idDebarras }), 400, 'SAISIE_INVALIDE', VERSION_MESSAGES.obligatoire);
    const s = (await supprimer(d)).json();
    await refuse(() => envoyer('/debarras/reactiver', { idDebarras: s.idDebarras }), 400, 'SAISIE_INVALIDE', VERSION_MESSAGES.obligatoire);
  });

  it('refuse une réactivation à une version périmée (409 CONFLIT_VERSION), sans rien changer', async () => {
    const d = await unDebarras();
    await supprimer(d);
    await refuse(
      () => envoyer('/debarras/reactiver', { idDebarras: d.idDebarras, version: d.version }),
      409,
      'CONFLIT_VERSION',
      CONFLIT_VERSION,
    );
  });

  it("réactive un débarras dont la levée active est passée, avec l'avertissement de choisir une autre levée", async () => {
    const d = await unDebarras();
    const s: Debarras = (await supprimer(d)).json();
    await t.base.db
      .update(levee)
      .set({ dateLevee: dans(-1) })
      .where(eq(levee.idLevee, d.levee.idLevee));
    const r = await envoyer('/debarras/reactiver', { idDebarras: d.idDebarras, version: s.version });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      statut: 'ACTIF',
      avertissement: DEBARRAS_MESSAGES.leveeAChoisir,
      levee: { idLevee: d.levee.idLevee, statut: 'ACTIF', dateLevee: dans(-1) },
    });
    await refuse(() => enregistrer(modifie(r.json())), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveePassee);
  });

  it("archive les débarras actifs d'une levée archivée ; n'y change plus que la remarque générale ; réactivé, il doit changer de levée", async () => {
    const l = await uneLevee(t.base.db);
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await supprimer(supprime);
    const archives = await t.base.db.transaction(async (tx) => {
      await tx.update(levee).set({ statut: 'ARCHIVE' }).where(eq(levee.idLevee, l.idLevee));
      return service.archiverDeLaLevee(tx, l.idLevee, 'admin');
    });
    expect(archives).toBe(1);
    const a: Debarras = (await lire(`/debarras/${d.idDebarras}`)).json();
    expect(a.statut).toBe('ARCHIVE');
    expect((await lire(`/debarras/${supprime.idDebarras}`)).json().statut).toBe('SUPPRIME');
    expect((await journalDe(d.idDebarras)).at(-1)).toMatchObject({ typeJournal: 'ARCHIVAGE', utilisateur: 'admin' });

    const m = (await enregistrer(modifie(a, { remarqueGenerale: 'Rappeler le concierge', nomPersonne: 'Ignoré' }))).json();
    expect(m).toMatchObject({ statut: 'ARCHIVE', remarqueGenerale: 'Rappeler le concierge', nomPersonne: 'Dupont' });

    const r = (await envoyer('/debarras/reactiver', { idDebarras: d.idDebarras, version: m.version })).json();
    expect(r).toMatchObject({ statut: 'ACTIF', avertissement: DEBARRAS_MESSAGES.leveeAChoisir });
    await refuse(() => enregistrer(modifie(r)), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveeNonActive);
    const autre = await uneLevee(t.base.db);
    const e = await enregistrer(modifie(r, { levee: { idLevee: autre.idLevee } }));
    expect(e.json()).toMatchObject({ statut: 'ACTIF', levee: { idLevee: autre.idLevee } });
  });
});

describe('liste et export des débarras', () => {
  let lignes: { a: Debarras; b: Debarras; c: Debarras; nom: string; idLevee: number };
  beforeAll(async () => {
    const nom = unique('Liste');
    const s = await unSecteur(t.base.db, { libelle: unique('Secteur Zône') });
    const l1 = await uneLevee(t.base.db, { dateLevee: dans(3), idSecteur: s.idSecteur });
    const l2 = await uneLevee(t.base.db, { dateLevee: dans(5), nom: 'Aaa tournée' });
    const a = await unDebarras(
      { nomPersonne: `${nom} Albert`, adresse: { idpAdr: await uneAdresse(t.base.db, 'Rue Zèbre 1') }, email: 'albert@example.org' },
      { idLevee: l1.idLevee },
    );
    const b = await unDebarras(
      {
        nomPersonne: `${nom} Berthe`,
        adresse: { idpAdr: await uneAdresse(t.base.db, 'Avenue Alpha 3') },
        punaises: 'true',
        telephone: '+41 79 123 45 67',
      },
      { idLevee: l2.idLevee },
    );
    const c = await unDebarras({ nomPersonne: `${nom} Claude`, sauvage: '1' }, { idLevee: l1.idLevee });
    await supprimer(c);
    lignes = { a, b, c, nom, idLevee: l1.idLevee };
  });

  const noms = async (q: string) => {
    const r = await lire(`/debarras/?nomPersonne=${encodeURIComponent(lignes.nom)}&${q}`);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as DebarrasLigne[]).map((d) => d.nomPersonne!.split(' ').at(-1));
  };

  it('trie par défaut du plus récent au plus ancien et donne le total dans x-total-elements', async () => {
    const r = await lire(`/debarras/?nomPersonne=${encodeURIComponent(lignes.nom)}&size=2`);
    expect(r.headers['x-total-elements']).toBe('3');
    expect((r.json() as DebarrasLigne[]).map((d) => d.numero)).toEqual([lignes.c.numero, lignes.b.numero]);
    expect(r.json()[1]).toMatchObject({
      levee: { dateLevee: dans(5), name: 'Aaa tournée', supplementaire: 1 },
      adresse: { adresse: 'Avenue Alpha 3' },
    });
  });

  it.each([
    ['statut=ACTIF', ['Albert', 'Berthe']],
    ['statut=SUPPRIME', ['Claude']],
    [`startDateLevee=${dans(4)}`, ['Berthe']],
    [`endDateLevee=${dans(4)}`, ['Albert', 'Claude']],
    ['leveeSecteurOuSupplementaire=aaa', ['Berthe']],
    ['leveeSecteurOuSupplementaire=secteur z', ['Albert', 'Claude']],
    ['leveeSecteurOuSupplementaire=ZONE', ['Albert', 'Claude']],
    ['adresse_adresse=zèbre', ['Albert']],
    ['adresse_adresse=ZEBRE 1', ['Albert']],
    ['telephone=0791234567', ['Berthe']],
    ['telephone=%2B41 79 123', ['Berthe']],
    ['telephone=0041 79 123 45 67', ['Berthe']],
    ['telephone=45.67', ['Berthe']],
    ['telephone=022 418', ['Albert', 'Claude']],
    ['telephone=Dupont', []],
    ['adresse_adresse=ALPHA 3', ['Berthe']],
    ['adresse_adresse=%25', []],
    ['punaises=true', ['Berthe']],
    ['punaisesDechets=false', ['Albert', 'Berthe', 'Claude']],
    ['sauvage=1', ['Claude']],
    ['email=ALBERT@', ['Albert']],
    ['createdBy=gestion', ['Albert', 'Berthe', 'Claude']],
  ])('filtre %s', async (q, attendus) => {
    expect(await noms(`${q}&sort=nomPersonne,asc`)).toEqual(attendus);
  });

  it("trouve un nom sans ses accents et dans une autre casse, sur tout l'historique", async () => {
    const nom = unique('Núñez');
    const d = await unDebarras({ nomPersonne: `Müller ${nom}` });
    const trouves = async (fragment: string) =>
      ((await lire(`/debarras/?nomPersonne=${encodeURIComponent(fragment)}`)).json() as DebarrasLigne[]).map((l) => l.idDebarras);
    expect(await trouves(`MULLER ${nom.replace('Núñez', 'nunez')}`)).toEqual([d.idDebarras]);
    expect(await trouves(nom.replace('Núñez', 'NUÑEZ'))).toEqual([d.idDebarras]);
  });

  it('trouve par ses chiffres un numéro enregistré avant sa mise en forme', async () => {
    const d = await unDebarras();
    await t.base.db.update(debarras).set({ telephone: '0041-79-765.43.21' }).where(eq(debarras.idDebarras, d.idDebarras));
    const r = await lire(`/debarras/?telephone=${encodeURIComponent('079 765 43 21')}`);
    expect((r.json() as DebarrasLigne[]).map((l) => l.idDebarras)).toEqual([d.idDebarras]);
  });

  it("filtre par numéro et par levée (le tableau du détail d'une levée)", async () => {
    expect(await noms(`numero=${lignes.b.numero}`)).toEqual(['Berthe']);
    expect(await noms(`idLevee=${lignes.idLevee}&sort=numero,asc`)).toEqual(['Albert', 'Claude']);
  });

  it.each([
    ['levee.dateLevee,desc', ['Berthe', 'Albert', 'Claude']],
    ['levee.secteur,asc', ['Berthe', 'Albert', 'Claude']],
    ['adresse.adresse,asc', ['Berthe', 'Albert']],
    ['nomPersonne,desc', ['Claude', 'Berthe', 'Albert']],
    ['telephone,desc', ['Berthe', 'Albert', 'Claude']],
    ['sauvage,desc', ['Claude', 'Albert', 'Berthe']],
    ['numero,asc', ['Albert', 'Berthe', 'Claude']],
  ])('trie sur %s', async (tri, attendus) => {
    const resultat = await noms(`sort=${tri}&sort=numero,asc`);
    expect(resultat.slice(0, attendus.length)).toEqual(attendus);
  });

  it('refuse un tri ou un filtre inconnu (400)', async () => {
    expect(refus(await lire('/debarras/?sort=motDePasse,asc'))).toEqual({
      statut: 400,
      errMsg: LISTE_MESSAGES.tri('motDePasse,asc'),
      code: 'SAISIE_INVALIDE',
    });
    expect(refus(await lire('/debarras/?statut=PERDU'))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
    // a misspelled filter would otherwise leave the list unfiltered
    expect(refus(await lire('/debarras/?nomPersone=Dupont'))).toEqual({
      statut: 400,
      errMsg: LISTE_MESSAGES.filtreInconnu('nomPersone'),
      code: 'SAISIE_INVALIDE',
    });
    expect(refus(await lire('/debarras/export/?adresse=Servette'))).toEqual({
      statut: 400,
      errMsg: LISTE_MESSAGES.filtreInconnu('adresse'),
      code: 'SAISIE_INVALIDE',
    });
  });

  it('exporte les lignes filtrées en .xlsx avec les en-têtes français', async () => {
    const r = await lire(`/debarras/export/?nomPersonne=${encodeURIComponent(lignes.nom)}&sort=numero,asc`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.worksheets[0]!;
    expect(feuille.getRow(1).values).toEqual([
      undefined,
      'N° débarras',
      'Date',
      'Secteur',
      'Adresse',
      'Nom demandeur',
      'Téléphone',
      'E-Mail',
      'Statut',
      'Punaises',
      'Punaises déchets',
      'Sauvage',
      'Date création',
      'Utilisateur',
      'Résultat',
    ]);
    expect(feuille.rowCount).toBe(4);
    expect(feuille.getRow(4).getCell(1).value).toBe(lignes.c.numero);
    expect(feuille.getRow(4).getCell(8).value).toBe('Supprimé');
    expect(feuille.getRow(4).getCell(11).value).toBe('Oui');
  });
});

describe('objets, journal et numéro', () => {
  it("pagine les objets d'un débarras (total dans x-total-elements) ; 404 pour un débarras inconnu", async () => {
    const d = await unDebarras({
      debarrasObjets: [
        { objet: { idObjet: objets.accepte }, quantite: 1 },
        { objet: { idObjet: objets.autre }, quantite: 4 },
      ],
    });
    const r = await lire(`/debarras/${d.idDebarras}/objet?page=1&size=1`);
    expect(r.headers['x-total-elements']).toBe('2');
    expect(r.json()).toEqual([d.debarrasObjets[1]]);
    for (const chemin of ['/debarras/999999/objet', '/debarras/999999/journal', '/debarras/999999']) {
      expect(refus(await lire(chemin)), chemin).toEqual({ statut: 404, errMsg: INTROUVABLE, code: 'INTROUVABLE' });
    }
  });

  it("donne les lignes d'édition : le catalogue actif avec les quantités du débarras", async () => {
    const d = await unDebarras({ debarrasObjets: [{ objet: { idObjet: objets.autre }, quantite: 4, remarque: 'démonté' }] });
    const vierge: LigneEditionObjet[] = (await lire('/debarras/objet/edition')).json();
    expect(vierge.every((l) => l.quantite === 0)).toBe(true);
    expect(vierge.map((l) => l.objet.idObjet)).not.toContain(objets.interdit);
    expect(vierge.map((l) => l.objet.idObjet)).not.toContain(objets.inactif);
    const lignes: LigneEditionObjet[] = (await lire(`/debarras/objet/edition?id=${d.idDebarras}`)).json();
    expect(lignes).toHaveLength(vierge.length);
    expect(lignes.find((l) => l.objet.idObjet === objets.autre)).toMatchObject({ quantite: 4, remarque: 'démonté' });
  });

  it('numérote comme il annonce, sur six chiffres après le 99 999e débarras de l’année', async () => {
    const annee = ANNEE + 7;
    await t.base.db.insert(compteurNumero).values({ annee, dernier: 99_998 });
    const l = await uneLevee(t.base.db);
    const idpAdr = await uneAdresse(t.base.db);
    for (const attendu of [`${annee}-99999`, `${annee}-100000`]) {
      expect((await lire(`/debarras/numero?date=${annee}-03-02`)).json()).toEqual({ numero: attendu });
      const cree = await t.base.db.transaction((tx) =>
        repo.creer(
          tx,
          annee,
          {
            idpAdr,
            adresse: 'Rue du Test 1',
            idLevee: l.idLevee,
            statut: 'ACTIF',
            typeDemande: 'TELEPHONE',
            createdBy: 'test',
            lastModifiedBy: 'test',
          },
          [{ idObjet: objets.accepte, quantite: 2, remarque: null }],
          'test',
        ),
      );
      expect(cree.numero).toBe(attendu);
      expect((await lire(`/debarras/${cree.idDebarras}`)).json()).toMatchObject({ numero: attendu, debarrasObjets: [{ quantite: 2 }] });
      expect((await lire(`/debarras/${cree.idDebarras}/journal`)).json()).toMatchObject([{ typeJournal: 'CREATION', utilisateur: 'test' }]);
    }
  });

  it("annonce le prochain numéro de l'année d'une date sans le réserver", async () => {
    // a year after the test clock's, which no débarras of this file is numbered in
    const annee = ANNEE + 5;
    expect((await lire(`/debarras/numero?date=${annee}-03-02`)).json()).toEqual({ numero: `${annee}-00001` });
    expect((await lire(`/debarras/numero?date=${annee}-03-02`)).json()).toEqual({ numero: `${annee}-00001` });
    const prochain = (await lire('/debarras/numero')).json().numero;
    expect(prochain).toMatch(new RegExp(`^${ANNEE}-\\d{5}$`));
    expect((await unDebarras()).numero).toBe(prochain);
    expect(refus(await lire(`/debarras/numero?date=02.03.${annee}`))).toEqual({
      statut: 400,
      errMsg: DATE_MESSAGES.format,
      code: 'SAISIE_INVALIDE',
    });
  });
});

describe('doublons', () => {
  it('signale les débarras à venir de même adresse, même téléphone (chiffres) ou même e-mail, et 204 sinon', async () => {
    const d = await unDebarras({ telephone: '+41 22 418 00 01', email: 'Double@Example.org' });
    const passe = await unDebarras({ telephone: '+41 22 418 00 01' });
    await t.base.db
      .update(levee)
      .set({ dateLevee: dans(-3) })
      .where(eq(levee.idLevee, passe.levee.idLevee));

    const r = await envoyer('/debarras/doublons', {
      adresse: { idpAdr: d.adresse.idpAdr },
      telephone: '0041224180001',
      email: 'double@example.ORG',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe(
      DEBARRAS_MESSAGES.doublons([
        `${d.numero} (levée du ${d.levee.dateLevee.split('-').reverse().join('.')}, même adresse, même téléphone, même e-mail)`,
      ]),
    );
    // each one for the form to link to (docs/regles.md « Doublons »)
    expect(r.json().doublons).toEqual([
      { idDebarras: d.idDebarras, numero: d.numero, dateLevee: d.levee.dateLevee, criteres: ['ADRESSE', 'TELEPHONE', 'EMAIL'] },
    ]);
    const telephone = await envoyer('/debarras/doublons', { telephone: '+41 (22) 418-00-01' });
    expect(telephone.json().message).toContain(`${d.numero} (levée du`);
    expect(telephone.json().message).toContain('même téléphone');
    expect(telephone.json().message).not.toContain(passe.numero);
    expect(telephone.json().doublons).toEqual([expect.objectContaining({ idDebarras: d.idDebarras, criteres: ['TELEPHONE'] })]);
    expect((await envoyer('/debarras/doublons', { idDebarras: d.idDebarras, adresse: { idpAdr: d.adresse.idpAdr } })).statusCode).toBe(204);
    expect((await envoyer('/debarras/doublons', { email: 'personne@example.org' })).statusCode).toBe(204);
    expect((await envoyer('/debarras/doublons', {})).statusCode).toBe(204);
  });
});

describe('recherche rapide', () => {
  const chercher = (q: string, compte: Compte = 'lecture') => lire(`/debarras/recherche?q=${encodeURIComponent(q)}`, compte);
  const numeros = async (q: string) => (await chercher(q)).json<DebarrasLigne[]>().map((d) => d.numero);

  it('trouve un débarras par son numéro, le nom du demandeur, son téléphone ou son adresse, pour chaque rôle', async () => {
    const nom = unique('Núñez').replace('.', ' ');
    const d = await unDebarras({ nomPersonne: nom, telephone: '+41 79 555 12 34' });
    const supprime = await unDebarras({ nomPersonne: `${nom} bis` });
    await supprimer(supprime);
    expect(await numeros(d.numero)).toEqual([d.numero]);
    expect(await numeros(d.numero.slice(2))).toContain(d.numero);
    // accents and case aside, and archived or deleted ones too: the search finds, the list's filters narrow
    expect(await numeros(nom.replace('ú', 'u').toUpperCase())).toEqual([supprime.numero, d.numero]);
    expect(await numeros('079 555 12 34')).toContain(d.numero);
    expect(await numeros(d.adresse.adresse)).toContain(d.numero);
    for (const compte of ['gestion', 'admin', 'technique'] as const) expect((await chercher(nom, compte)).statusCode).toBe(200);
  });

  it('répond au plus dix débarras, les plus récents d’abord', async () => {
    const nom = unique('Recherche');
    const crees = [];
    for (let i = 0; i < 12; i++) crees.push(await unDebarras({ nomPersonne: nom }));
    expect(await numeros(nom)).toEqual(
      crees
        .slice(-10)
        .reverse()
        .map((d) => d.numero),
    );
  });

  it('refuse moins de trois caractères, et répond 401 sans session', async () => {
    expect(refus(await chercher('ab'))).toEqual({ statut: 400, code: 'SAISIE_INVALIDE', errMsg: RECHERCHE_RAPIDE_MESSAGES.tropCourte });
    expect((await t.app.inject({ url: `${REST}/debarras/recherche?q=Dupont` })).statusCode).toBe(401);
  });
});

describe("rattachement d'une sélection à une levée", () => {
  it("rattache les débarras choisis, journalise la réaffectation et répond l'idLevee", async () => {
    const d1 = await unDebarras();
    const d2 = await unDebarras();
    const l = await uneLevee(t.base.db, { nbDebarrasMax: 2 });
    const r = await envoyer('/debarras/link', { idDebarras: [d1.idDebarras, d2.idDebarras], idLevee: l.idLevee });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ idLevee: l.idLevee });
    expect((await lire(`/debarras/${d1.idDebarras}`)).json()).toMatchObject({ levee: { idLevee: l.idLevee, nbDebarras: 2 }, version: 1 });
    expect((await journalDe(d2.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'REAFFECTATION']);
    // Already there: nothing moves, nothing is counted twice.
    expect((await envoyer('/debarras/link', { idDebarras: [d1.idDebarras], idLevee: l.idLevee })).statusCode).toBe(200);
    expect(await journalDe(d1.idDebarras)).toHaveLength(2);
  });

  it('refuse au-delà de la capacité sauf confirmation, un débarras non actif, inconnu, une levée non active, une sélection vide', async () => {
    const d = await unDebarras();
    const pleine = await uneLevee(t.base.db, { nbDebarrasMax: 0 });
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: pleine.idLevee }),
      409,
      'CAPACITE_DEPASSEE',
      DEBARRAS_MESSAGES.capacite,
    );
    expect((await envoyer('/debarras/link?force=true', { idDebarras: [d.idDebarras], idLevee: pleine.idLevee })).statusCode).toBe(200);
    const supprime = await unDebarras();
    await supprimer(supprime);
    const l = await uneLevee(t.base.db);
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras, supprime.idDebarras], idLevee: l.idLevee }),
      409,
      'ETAT_INVALIDE',
      DEBARRAS_MESSAGES.liaisonImpossible(supprime.numero),
    );
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras, 999999], idLevee: l.idLevee }),
      400,
      'SAISIE_INVALIDE',
      INTROUVABLE,
    );
    const archivee = await uneLevee(t.base.db, { statut: 'ARCHIVE' });
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: archivee.idLevee }),
      400,
      'SAISIE_INVALIDE',
      DEBARRAS_MESSAGES.leveeNonActive,
    );
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [], idLevee: l.idLevee }),
      400,
      'SAISIE_INVALIDE',
      DEBARRAS_MESSAGES.selectionVide,
    );
  });

  it("refuse une levée inconnue, passée, ou du jour pour une sélection qui n'est pas toute sauvage, sans rien changer", async () => {
    const d = await unDebarras();
    const sauvage = await unDebarras({ sauvage: '1' });
    const passee = await uneLevee(t.base.db, { dateLevee: dans(-1) });
    const duJour = await uneLevee(t.base.db, { dateLevee: AUJOURDHUI });
    const lier = (idDebarras: number[], idLevee: number) => () => envoyer('/debarras/link', { idDebarras, idLevee });
    await refuse(lier([d.idDebarras], 999999), 400, 'SAISIE_INVALIDE', ERREURS.introuvable(LEVEE_MESSAGES.introuvable));
    await refuse(lier([d.idDebarras], passee.idLevee), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveePassee);
    await refuse(lier([d.idDebarras, sauvage.idDebarras], duJour.idLevee), 400, 'SAISIE_INVALIDE', DEBARRAS_MESSAGES.leveeAujourdhui);
    // a sauvage can still go to today's round
    const r = await lier([sauvage.idDebarras], duJour.idLevee)();
    expect(r.statusCode, r.body).toBe(200);
    expect((await lire(`/debarras/${sauvage.idDebarras}`)).json().levee).toMatchObject({ idLevee: duJour.idLevee, dateLevee: AUJOURDHUI });
  });
});

describe('les levées et leurs débarras', () => {
  it("donne la levée d'un débarras (GET /levee/debarras/{id}) avec ses comptes, à tous les rôles", async () => {
    const l = await uneLevee(t.base.db);
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const enAttente = await unDebarras({}, { idLevee: l.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    for (const compte of ['lecture', 'gestion', 'admin', 'technique'] as const) {
      const r = await lire(`/levee/debarras/${d.idDebarras}`, compte);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ idLevee: l.idLevee, nbDebarras: 1, nbReservationsEnCours: 1 });
    }
    expect(refus(await lire('/levee/debarras/999999'))).toEqual({ statut: 404, errMsg: INTROUVABLE, code: 'INTROUVABLE' });
  });

  it('compte les débarras actifs et les réservations en attente sur chaque réponse de levée', async () => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(2) });
    await unDebarras({}, { idLevee: l.idLevee });
    await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await supprimer(supprime);
    const attendu = { idLevee: l.idLevee, nbDebarras: 2, nbReservationsEnCours: 0 };
    expect((await lire(`/levee/${l.idLevee}`)).json()).toMatchObject(attendu);
    expect((await lire(`/levee/?secteurLibelle=${encodeURIComponent(l.nom!)}`)).json()).toEqual([expect.objectContaining(attendu)]);
    expect((await lire('/levee/actif')).json()).toContainEqual(expect.objectContaining(attendu));
  });

  it('archive la levée avec ses débarras actifs (journal ARCHIVAGE), sans toucher aux supprimés, et compte ensuite les archivés', async () => {
    const l = await uneLevee(t.base.db);
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await supprimer(supprime);
    // the round's day has come: it can now be archived
    await t.base.db.update(levee).set({ dateLevee: AUJOURDHUI }).where(eq(levee.idLevee, l.idLevee));
    const r = await envoyer('/levee/archiver', { idLevee: l.idLevee, version: l.version });
    expect(r.statusCode, r.body).toBe(200);
    // an archived round counts the débarras it collected
    expect(r.json()).toMatchObject({ statut: 'ARCHIVE', nbDebarras: 1 });
    expect((await lire(`/debarras/${d.idDebarras}`)).json().statut).toBe('ARCHIVE');
    expect((await lire(`/debarras/${supprime.idDebarras}`)).json().statut).toBe('SUPPRIME');
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'ARCHIVAGE']);
    expect((await journalDe(supprime.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'SUPPRESSION']);
  });

  it('refuse de supprimer une levée supplémentaire tant qu’un débarras y est actif ou en attente (409), puis la supprime quand ils sont tous supprimés', async () => {
    const l = await uneLevee(t.base.db);
    const actif = await unDebarras({}, { idLevee: l.idLevee });
    const enAttente = await unDebarras({}, { idLevee: l.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    await supprimer(actif);
    // what the list reads to offer the delete icon: a booking still awaits its validation there
    const avant = (await lire(`/levee/${l.idLevee}`)).json();
    expect(avant).toMatchObject({ nbDebarras: 0, aDesDebarras: true, statut: 'ACTIF', version: 0 });
    await refuse(
      () => envoyer('/levee/supprimer', { idLevee: l.idLevee, version: 0 }),
      409,
      'ETAT_INVALIDE',
      LEVEE_MESSAGES.suppressionImpossible,
    );
    expect((await lire(`/levee/${l.idLevee}`)).json()).toEqual(avant);

    // the spec's « 0 débarras »: none to collect; the deleted ones stay, attached to the deleted round
    await t.base.db.update(debarras).set({ statut: 'SUPPRIME' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    expect((await lire(`/levee/${l.idLevee}`)).json()).toMatchObject({ aDesDebarras: false });
    const r = await envoyer('/levee/supprimer', { idLevee: l.idLevee, version: 0 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ statut: 'SUPPRIME' });
    expect((await lire(`/debarras/${actif.idDebarras}`)).json()).toMatchObject({ statut: 'SUPPRIME', levee: { idLevee: l.idLevee } });
  });

  it("signale (statut 1) les levées dont les débarras dépassent le nouveau maximum d'une disponibilité", async () => {
    const s = await unSecteur(t.base.db);
    const pleine = await uneLevee(t.base.db, { dateLevee: dans(3), idSecteur: s.idSecteur });
    const legere = await uneLevee(t.base.db, { dateLevee: dans(4), idSecteur: s.idSecteur });
    for (let i = 0; i < 3; i++) await unDebarras({}, { idLevee: pleine.idLevee });
    await unDebarras({}, { idLevee: legere.idLevee });
    // a pending online booking takes a place too (docs/regles.md « Capacité »)
    const enLigne = await unDebarras({}, { idLevee: legere.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enLigne.idDebarras));
    const r = await envoyer('/levee/indisponibilite', { dateFrom: dans(3), dateTo: dans(4), newMax: 1, secteurLibelle: s.libelle });
    expect(r.statusCode, r.body).toBe(200);
    const jj = (jour: string) => jour.split('-').reverse().join('.');
    expect(r.json()).toEqual({
      statut: '1',
      message: `${LEVEE_MESSAGES.leveesModifiees(2)}. ${LEVEE_MESSAGES.depassements(`${jj(dans(3))} (3), ${jj(dans(4))} (2)`)}`,
      depassements: [
        { dateLevee: dans(3), nbDebarras: 3 },
        { dateLevee: dans(4), nbDebarras: 2 },
      ],
    });
  });
});

// PGlite runs one transaction at a time: only a PostgreSQL server can interleave these requests,
// so only there do they prove the locks. 1 000 creations at once run in bench/debarras.ts.
describe.runIf(inject('modeleBase').moteur === 'postgresql')('concurrence', () => {
  it('donne 200 numéros distincts et sans trou à 200 créations simultanées', async () => {
    const l = await uneLevee(t.base.db, { nbDebarrasMax: 200 });
    const idpAdr = await uneAdresse(t.base.db);
    const reponses = await Promise.all(Array.from({ length: 200 }, () => enregistrer(saisie(idpAdr, l.idLevee))));
    expect(reponses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const rangs = reponses.map((r) => Number((r.json() as Debarras).numero.slice(5))).sort((x, y) => x - y);
    expect(new Set(rangs).size).toBe(200);
    expect(rangs.at(-1)! - rangs[0]!).toBe(199);
    const [dernier] = await t.base.db.select().from(compteurNumero).where(eq(compteurNumero.annee, ANNEE));
    expect(dernier!.dernier).toBeGreaterThanOrEqual(rangs.at(-1)!);
  }, 120_000);

  it("n'attache que 10 débarras à une levée de 10 places libres pour 200 rattachements simultanés, 409 CAPACITE_DEPASSEE aux autres", async () => {
    const depart = await uneLevee(t.base.db, { nbDebarrasMax: 200 });
    const idpAdr = await uneAdresse(t.base.db);
    const selection = await Promise.all(
      Array.from({ length: 200 }, () => unDebarras({ adresse: { idpAdr } }, { idLevee: depart.idLevee })),
    );
    const cible = await uneLevee(t.base.db, { nbDebarrasMax: 12 });
    await unDebarras({}, { idLevee: cible.idLevee });
    await unDebarras({}, { idLevee: cible.idLevee });
    const reponses = await Promise.all(
      selection.map((d) => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: cible.idLevee })),
    );
    expect(reponses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const capacite = { statut: 409, errMsg: DEBARRAS_MESSAGES.capacite, code: 'CAPACITE_DEPASSEE' };
    expect(reponses.filter((r) => r.statusCode !== 200).map(refus)).toEqual(Array(190).fill(capacite));
    const [n] = await t.base.db.select({ n: count() }).from(debarras).where(eq(debarras.idLevee, cible.idLevee));
    expect(n!.n).toBe(12);
  }, 120_000);
});
