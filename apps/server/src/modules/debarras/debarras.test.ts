import {
  ajouterJours,
  aujourdhui,
  DEBARRAS_MESSAGES,
  type Debarras,
  type DebarrasLigne,
  type DebarrasSaisie,
  type EntreeJournal,
  type LigneEditionObjet,
} from '@debarras/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adresse, compteurNumero, debarras, debarrasJournal, debarrasObjet, levee, objet, secteur } from '../../db/schema.js';
import { appDeTest, type Compte, unique } from '../../test/app.js';
import * as service from './service.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const AUJOURDHUI = aujourdhui();
const ANNEE = Number(AUJOURDHUI.slice(0, 4));
const dans = (n: number) => ajouterJours(AUJOURDHUI, n);
const INTERDIT = "Vous n'êtes pas autorisé à effectuer cette action.";
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

async function uneLevee(champs: Partial<typeof levee.$inferInsert> = {}) {
  const [l] = await t.base.db
    .insert(levee)
    .values({
      dateLevee: dans(1),
      nom: unique('Tournée'),
      supplementaire: 1,
      nbDebarrasMax: 30,
      createdBy: 'test',
      lastModifiedBy: 'test',
      ...champs,
    })
    .returning();
  return l!;
}

async function uneAdresse(libelle = unique('Rue du Test'), secteurAdresse: string | null = 'Secteur Test') {
  const idpAdr = unique('A').slice(0, 30);
  await t.base.db.insert(adresse).values({
    idpAdr,
    adresse: libelle,
    nomVoie: libelle,
    commune: 'Genève',
    noPostal: '1200',
    nomNpa: 'Genève',
    x: 2500000,
    y: 1117000,
    noCommune: 6621,
    secteur: secteurAdresse,
    recherche: libelle.toLowerCase(),
    triVoie: libelle.toLowerCase(),
    createdBy: 'test',
    lastModifiedBy: 'test',
  });
  return idpAdr;
}

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
  const idLevee = levees.idLevee ?? (await uneLevee()).idLevee;
  const r = await enregistrer(saisie(champs.adresse?.idpAdr ?? (await uneAdresse()), idLevee, champs));
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

async function refuse(requete: () => Promise<{ statusCode: number; json(): unknown }>, statut: number, message: string | RegExp) {
  const avant = await etat();
  const r = await requete();
  expect(r.statusCode).toBe(statut);
  if (typeof message === 'string') expect(r.json()).toEqual({ errMsg: message });
  else expect((r.json() as { errMsg: string }).errMsg).toMatch(message);
  expect(await etat()).toEqual(avant);
}

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
    const l = await uneLevee();
    const cible = { idDebarras: d.idDebarras, version: d.version };
    for (const [chemin, corps] of [
      ['/debarras', saisie(d.adresse.idpAdr, l.idLevee)],
      ['/debarras', modifie(d, { nomPersonne: 'Lecteur' })],
      ['/debarras/supprimer', cible],
      ['/debarras/reactiver', cible],
      ['/debarras/doublons', { telephone: '022 418 00 00' }],
      ['/debarras/link', { idDebarras: [d.idDebarras], idLevee: l.idLevee }],
    ] as const) {
      await refuse(() => envoyer(chemin, corps, 'lecture'), 403, INTERDIT);
    }
    await refuse(() => lire('/debarras/export/', 'lecture'), 403, INTERDIT);
  });

  it.each(['gestion', 'admin', 'technique'] as const)('laisse le rôle %s créer un débarras', async (compte) => {
    const r = await enregistrer(saisie(await uneAdresse(), (await uneLevee()).idLevee), compte);
    expect(r.statusCode).toBe(200);
    expect(r.json().createdBy).toBe(compte);
  });

  it('demande une session (401)', async () => {
    expect((await t.app.inject({ url: `${REST}/debarras/` })).statusCode).toBe(401);
  });
});

describe("création d'un débarras", () => {
  it("numérote AAAA-NNNNN, copie l'adresse, enregistre les objets et journalise la création", async () => {
    const l = await uneLevee({ nbDebarrasMax: 5 });
    const idpAdr = await uneAdresse('Rue de la Servette 12', 'Rive droite');
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
    const l = await uneLevee({ dateLevee: AUJOURDHUI });
    const r = await enregistrer(saisie(await uneAdresse(), l.idLevee, { sauvage: '1', nomPersonne: null, telephone: null }));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ sauvage: '1', nomPersonne: null });
  });

  it.each([
    [{ nomPersonne: ' ' }, 'La saisie du nom du demandeur est obligatoire'],
    [{ telephone: null, email: null }, "La saisie d'au moins un n° de téléphone ou un e-mail est obligatoire"],
    [{ email: 'pas-un-email' }, 'Veuillez saisir un e-mail valide'],
    [{ debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 0 }] }, DEBARRAS_MESSAGES.objetObligatoire],
    [{ debarrasObjets: [{ objet: { idObjet: 1 }, quantite: 101 }] }, "La quantité d'un objet doit être comprise entre 0 et 100"],
    [{ adresse: { idpAdr: '' } }, "La saisie de l'adresse est obligatoire"],
    [{ adresse: undefined }, "La saisie de l'adresse est obligatoire"],
    [{ levee: undefined }, 'La saisie de la levée est obligatoire'],
    [{ typeDemande: 'FAX' }, DEBARRAS_MESSAGES.typeDemande],
  ] as const)('refuse %j : « %s », sans rien écrire', async (champs, message) => {
    const payload = saisie(await uneAdresse(), (await uneLevee()).idLevee, champs as Partial<DebarrasSaisie>);
    await refuse(() => enregistrer(payload), 400, message);
  });

  it('refuse une adresse absente du registre, un objet inactif ou interdit, le type Internet', async () => {
    const l = await uneLevee();
    const idpAdr = await uneAdresse();
    await refuse(() => enregistrer(saisie('INCONNUE', l.idLevee)), 400, DEBARRAS_MESSAGES.adresseInconnue('INCONNUE'));
    for (const idObjet of [objets.inactif, objets.interdit, 999999]) {
      await refuse(
        () => enregistrer(saisie(idpAdr, l.idLevee, { debarrasObjets: [{ objet: { idObjet }, quantite: 1 }] })),
        400,
        DEBARRAS_MESSAGES.objetInvalide(idObjet),
      );
    }
    await refuse(() => enregistrer(saisie(idpAdr, l.idLevee, { typeDemande: 'INTERNET' })), 400, DEBARRAS_MESSAGES.typeInternet);
  });

  it('refuse une levée inconnue, non active, passée, ou du jour pour un débarras non sauvage', async () => {
    const idpAdr = await uneAdresse();
    await refuse(() => enregistrer(saisie(idpAdr, 999999)), 400, 'La levée est introuvable. Il a peut-être été supprimé.');
    const [archivee, passee, duJour] = [
      await uneLevee({ statut: 'ARCHIVE' }),
      await uneLevee({ dateLevee: dans(-1) }),
      await uneLevee({ dateLevee: AUJOURDHUI }),
    ];
    await refuse(() => enregistrer(saisie(idpAdr, archivee.idLevee)), 400, DEBARRAS_MESSAGES.leveeNonActive);
    await refuse(() => enregistrer(saisie(idpAdr, passee.idLevee, { sauvage: '1' })), 400, DEBARRAS_MESSAGES.leveePassee);
    await refuse(() => enregistrer(saisie(idpAdr, duJour.idLevee)), 400, DEBARRAS_MESSAGES.leveeAujourdhui);
  });

  it('refuse de dépasser la capacité de la levée (409) sauf confirmation (force=true)', async () => {
    const l = await uneLevee({ nbDebarrasMax: 1 });
    await unDebarras({}, { idLevee: l.idLevee });
    const payload = saisie(await uneAdresse(), l.idLevee);
    await refuse(
      () => enregistrer(payload),
      409,
      'Attention, le nombre de débarras que vous souhaitez rattacher à cette levée dépasse la capacité maximale autorisée !',
    );
    const force = await enregistrer(payload, 'gestion', true);
    expect(force.statusCode).toBe(200);
    expect(force.json().levee.nbDebarras).toBe(2);
  });

  it('compte les réservations en attente de validation dans la capacité et à part dans les comptes', async () => {
    const l = await uneLevee({ nbDebarrasMax: 2 });
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const enAttente = await unDebarras({}, { idLevee: l.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    expect((await lire(`/debarras/${d.idDebarras}`)).json().levee).toMatchObject({ nbDebarras: 1, nbReservationsEnCours: 1 });
    await refuse(() => enregistrer(saisie(d.adresse.idpAdr, l.idLevee)), 409, DEBARRAS_MESSAGES.capacite);
  });
});

describe("modification d'un débarras", () => {
  it('enregistre les changements avec la version, journalise une modification, et 409 sur une version périmée', async () => {
    const d = await unDebarras();
    const r = await enregistrer(modifie(d, { nomPersonne: 'Martin', debarrasObjets: [{ objet: { idObjet: objets.autre }, quantite: 3 }] }));
    expect(r.statusCode).toBe(200);
    const m: Debarras = r.json();
    expect(m).toMatchObject({ nomPersonne: 'Martin', version: 1, numero: d.numero });
    expect(m.debarrasObjets.map((o) => [o.objet.idObjet, o.quantite])).toEqual([[objets.autre, 3]]);
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'MODIFICATION']);
    await refuse(() => enregistrer(modifie(d, { nomPersonne: 'Trop tard' })), 409, CONFLIT_VERSION);
    await refuse(() => enregistrer(modifie(m, { version: undefined })), 409, CONFLIT_VERSION);
  });

  it('change de levée (réaffectation journalisée), contrôle la capacité de la nouvelle, et 404 sur un débarras inconnu', async () => {
    const d = await unDebarras();
    const pleine = await uneLevee({ nbDebarrasMax: 0 });
    await refuse(() => enregistrer(modifie(d, { levee: { idLevee: pleine.idLevee } })), 409, DEBARRAS_MESSAGES.capacite);
    const autre = await uneLevee({ dateLevee: dans(2) });
    const r = await enregistrer(modifie(d, { levee: { idLevee: autre.idLevee } }));
    expect(r.json().levee).toMatchObject({ idLevee: autre.idLevee, nbDebarras: 1 });
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'REAFFECTATION']);
    await refuse(
      () => enregistrer({ ...modifie(d), idDebarras: 999999 }),
      404,
      'Le débarras est introuvable. Il a peut-être été supprimé.',
    );
  });

  it("garde l'adresse telle qu'enregistrée quand le registre change, et la recopie quand l'adresse change", async () => {
    const d = await unDebarras();
    await t.base.db.update(adresse).set({ adresse: 'Rue renommée 1', secteur: 'Autre' }).where(eq(adresse.idpAdr, d.adresse.idpAdr));
    expect((await lire(`/debarras/${d.idDebarras}`)).json().adresse).toEqual(d.adresse);
    const m = (await enregistrer(modifie(d, { remarqueLieu: 'Sous le porche' }))).json();
    expect(m.adresse).toEqual(d.adresse);
    const nouvelle = await uneAdresse('Quai du Seujet 2', 'Rive droite');
    const r = await enregistrer(modifie(m, { adresse: { idpAdr: nouvelle } }));
    expect(r.json().adresse).toEqual({ idpAdr: nouvelle, adresse: 'Quai du Seujet 2', secteur: 'Rive droite' });
  });

  it("se retrouve par le filtre Adresse sous l'adresse enregistrée, puis sous la nouvelle, et plus sous l'ancienne", async () => {
    const rue = unique('Chemin du Filtre');
    const d = await unDebarras({ adresse: { idpAdr: await uneAdresse(`${rue} 4`) } });
    const trouves = async (fragment: string) =>
      ((await lire(`/debarras/?adresse_adresse=${encodeURIComponent(fragment)}`)).json() as DebarrasLigne[]).map((l) => l.idDebarras);
    await t.base.db
      .update(adresse)
      .set({ adresse: `${rue} 4bis` })
      .where(eq(adresse.idpAdr, d.adresse.idpAdr));
    expect(await trouves(`${rue.toUpperCase()} 4`)).toEqual([d.idDebarras]);
    await enregistrer(modifie(d, { adresse: { idpAdr: await uneAdresse(`${rue} 18`) } }));
    expect(await trouves(`${rue} 18`)).toEqual([d.idDebarras]);
    expect(await trouves(`${rue} 4`)).toEqual([]);
  });

  it("garde la ligne d'un objet retiré du catalogue depuis, mais refuse de l'ajouter", async () => {
    const d = await unDebarras();
    await t.base.db.update(objet).set({ actif: 0 }).where(eq(objet.idObjet, objets.accepte));
    try {
      expect((await enregistrer(modifie(d, { nomPersonne: 'Gardé' }))).statusCode).toBe(200);
      const payload = saisie(await uneAdresse(), d.levee.idLevee);
      await refuse(() => enregistrer(payload), 400, DEBARRAS_MESSAGES.objetInvalide(objets.accepte));
    } finally {
      await t.base.db.update(objet).set({ actif: 1 }).where(eq(objet.idObjet, objets.accepte));
    }
  });

  it('refuse de modifier un débarras supprimé ou en attente de validation', async () => {
    const supprime = await unDebarras();
    const s = (await envoyer('/debarras/supprimer', { idDebarras: supprime.idDebarras, version: 0 })).json();
    await refuse(() => enregistrer(modifie(s, { nomPersonne: 'Non' })), 409, DEBARRAS_MESSAGES.nonModifiable);
    const attente = await unDebarras();
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, attente.idDebarras));
    await refuse(() => enregistrer(modifie(attente, { nomPersonne: 'Non' })), 409, DEBARRAS_MESSAGES.enAttenteValidation);
  });
});

describe('suppression, archivage et réactivation', () => {
  it('supprime un débarras actif, puis le réactive, chaque fois journalisé', async () => {
    const d = await unDebarras();
    const s = await envoyer('/debarras/supprimer', { idDebarras: d.idDebarras, version: d.version });
    expect(s.json()).toMatchObject({ statut: 'SUPPRIME', version: 1 });
    expect(s.json().levee.nbDebarras).toBe(0);
    await refuse(() => envoyer('/debarras/supprimer', { idDebarras: d.idDebarras }), 409, DEBARRAS_MESSAGES.suppressionImpossible);
    const r = await envoyer('/debarras/reactiver', { idDebarras: d.idDebarras });
    expect(r.json()).toMatchObject({ statut: 'ACTIF', avertissement: null, version: 2 });
    await refuse(() => envoyer('/debarras/reactiver', { idDebarras: d.idDebarras }), 409, DEBARRAS_MESSAGES.reactivationImpossible);
    await refuse(() => envoyer('/debarras/supprimer', { idDebarras: d.idDebarras, version: 0 }), 409, CONFLIT_VERSION);
    await refuse(
      () => envoyer('/debarras/supprimer', { idDebarras: 999999 }),
      404,
      'Le débarras est introuvable. Il a peut-être été supprimé.',
    );
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournalStr)).toEqual(['Création', 'Suppression', 'Réactivation']);
  });

  it("archive les débarras actifs d'une levée archivée ; n'y change plus que la remarque générale ; réactivé, il doit changer de levée", async () => {
    const l = await uneLevee();
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await envoyer('/debarras/supprimer', { idDebarras: supprime.idDebarras });
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
    await refuse(() => enregistrer(modifie(r)), 400, DEBARRAS_MESSAGES.leveeNonActive);
    const autre = await uneLevee();
    const e = await enregistrer(modifie(r, { levee: { idLevee: autre.idLevee } }));
    expect(e.json()).toMatchObject({ statut: 'ACTIF', levee: { idLevee: autre.idLevee } });
  });
});

describe('liste et export des débarras', () => {
  let lignes: { a: Debarras; b: Debarras; c: Debarras; nom: string; idLevee: number };
  beforeAll(async () => {
    const nom = unique('Liste');
    const [s] = await t.base.db
      .insert(secteur)
      .values({ libelle: unique('Secteur Z'), dateDebut: '2020-01-01', createdBy: 'test', lastModifiedBy: 'test' })
      .returning();
    const l1 = await uneLevee({ dateLevee: dans(3), nom: null, supplementaire: 0, idSecteur: s!.idSecteur });
    const l2 = await uneLevee({ dateLevee: dans(5), nom: 'Aaa tournée' });
    const a = await unDebarras(
      { nomPersonne: `${nom} Albert`, adresse: { idpAdr: await uneAdresse('Rue Zèbre 1') }, email: 'albert@example.org' },
      { idLevee: l1.idLevee },
    );
    const b = await unDebarras(
      { nomPersonne: `${nom} Berthe`, adresse: { idpAdr: await uneAdresse('Avenue Alpha 3') }, punaises: 'true' },
      { idLevee: l2.idLevee },
    );
    const c = await unDebarras({ nomPersonne: `${nom} Claude`, sauvage: '1' }, { idLevee: l1.idLevee });
    await envoyer('/debarras/supprimer', { idDebarras: c.idDebarras });
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
    ['adresse_adresse=zèbre', ['Albert']],
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

  it("filtre par numéro et par levée (le tableau du détail d'une levée)", async () => {
    expect(await noms(`numero=${lignes.b.numero}`)).toEqual(['Berthe']);
    expect(await noms(`idLevee=${lignes.idLevee}&sort=numero,asc`)).toEqual(['Albert', 'Claude']);
  });

  it.each([
    ['levee.dateLevee,desc', ['Berthe', 'Albert', 'Claude']],
    ['levee.secteur,asc', ['Berthe', 'Albert', 'Claude']],
    ['adresse.adresse,asc', ['Berthe', 'Albert']],
    ['nomPersonne,desc', ['Claude', 'Berthe', 'Albert']],
    ['sauvage,desc', ['Claude', 'Albert', 'Berthe']],
    ['numero,asc', ['Albert', 'Berthe', 'Claude']],
  ])('trie sur %s', async (tri, attendus) => {
    const resultat = await noms(`sort=${tri}&sort=numero,asc`);
    expect(resultat.slice(0, attendus.length)).toEqual(attendus);
  });

  it('refuse un tri ou un filtre inconnu (400)', async () => {
    expect((await lire('/debarras/?sort=motDePasse,asc')).json()).toEqual({ errMsg: 'Tri inconnu : « motDePasse,asc ».' });
    expect((await lire('/debarras/?statut=PERDU')).statusCode).toBe(400);
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
    expect((await lire('/debarras/999999/objet')).statusCode).toBe(404);
    expect((await lire('/debarras/999999/journal')).statusCode).toBe(404);
    expect((await lire('/debarras/999999')).statusCode).toBe(404);
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

  it("annonce le prochain numéro de l'année d'une date sans le réserver", async () => {
    expect((await lire('/debarras/numero?date=2031-03-02')).json()).toEqual({ numero: '2031-00001' });
    expect((await lire('/debarras/numero?date=2031-03-02')).json()).toEqual({ numero: '2031-00001' });
    const prochain = (await lire('/debarras/numero')).json().numero;
    expect((await unDebarras()).numero).toBe(prochain);
    expect((await lire('/debarras/numero?date=02.03.2031')).statusCode).toBe(400);
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
      DEBARRAS_MESSAGES.doublons([`${d.numero} (levée du ${d.levee.dateLevee.split('-').reverse().join('.')}, même adresse, même e-mail)`]),
    );
    const telephone = await envoyer('/debarras/doublons', { telephone: '+41 (22) 418-00-01' });
    expect(telephone.json().message).toContain(`${d.numero} (levée du`);
    expect(telephone.json().message).toContain('même téléphone');
    expect(telephone.json().message).not.toContain(passe.numero);
    expect((await envoyer('/debarras/doublons', { idDebarras: d.idDebarras, adresse: { idpAdr: d.adresse.idpAdr } })).statusCode).toBe(204);
    expect((await envoyer('/debarras/doublons', { email: 'personne@example.org' })).statusCode).toBe(204);
    expect((await envoyer('/debarras/doublons', {})).statusCode).toBe(204);
  });
});

describe("rattachement d'une sélection à une levée", () => {
  it("rattache les débarras choisis, journalise la réaffectation et répond l'idLevee", async () => {
    const d1 = await unDebarras();
    const d2 = await unDebarras();
    const l = await uneLevee({ nbDebarrasMax: 2 });
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
    const pleine = await uneLevee({ nbDebarrasMax: 0 });
    await refuse(() => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: pleine.idLevee }), 409, DEBARRAS_MESSAGES.capacite);
    expect((await envoyer('/debarras/link?force=true', { idDebarras: [d.idDebarras], idLevee: pleine.idLevee })).statusCode).toBe(200);
    const supprime = await unDebarras();
    await envoyer('/debarras/supprimer', { idDebarras: supprime.idDebarras });
    const l = await uneLevee();
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras, supprime.idDebarras], idLevee: l.idLevee }),
      409,
      DEBARRAS_MESSAGES.liaisonImpossible(supprime.numero),
    );
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras, 999999], idLevee: l.idLevee }),
      400,
      'Le débarras est introuvable. Il a peut-être été supprimé.',
    );
    const archivee = await uneLevee({ statut: 'ARCHIVE' });
    await refuse(
      () => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: archivee.idLevee }),
      400,
      DEBARRAS_MESSAGES.leveeNonActive,
    );
    await refuse(() => envoyer('/debarras/link', { idDebarras: [], idLevee: l.idLevee }), 400, DEBARRAS_MESSAGES.selectionVide);
  });
});

describe('les levées et leurs débarras', () => {
  it("donne la levée d'un débarras (GET /levee/debarras/{id}) avec ses comptes, à tous les rôles", async () => {
    const l = await uneLevee();
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const enAttente = await unDebarras({}, { idLevee: l.idLevee });
    await t.base.db.update(debarras).set({ statut: 'EN_ATTENTE_VALIDATION' }).where(eq(debarras.idDebarras, enAttente.idDebarras));
    for (const compte of ['lecture', 'gestion', 'admin', 'technique'] as const) {
      const r = await lire(`/levee/debarras/${d.idDebarras}`, compte);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ idLevee: l.idLevee, nbDebarras: 1, nbReservationsEnCours: 1 });
    }
    const introuvable = await lire('/levee/debarras/999999');
    expect(introuvable.statusCode).toBe(404);
    expect(introuvable.json()).toEqual({ errMsg: 'Le débarras est introuvable. Il a peut-être été supprimé.' });
  });

  it('compte les débarras actifs et les réservations en attente sur chaque réponse de levée', async () => {
    const l = await uneLevee({ dateLevee: dans(2) });
    await unDebarras({}, { idLevee: l.idLevee });
    await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await envoyer('/debarras/supprimer', { idDebarras: supprime.idDebarras });
    const attendu = { idLevee: l.idLevee, nbDebarras: 2, nbReservationsEnCours: 0 };
    expect((await lire(`/levee/${l.idLevee}`)).json()).toMatchObject(attendu);
    expect((await lire(`/levee/?secteurLibelle=${encodeURIComponent(l.nom!)}`)).json()).toEqual([expect.objectContaining(attendu)]);
    expect((await lire('/levee/actif')).json()).toContainEqual(expect.objectContaining(attendu));
  });

  it('archive la levée avec ses débarras actifs (journal ARCHIVAGE), sans toucher aux supprimés, et compte ensuite les archivés', async () => {
    const l = await uneLevee();
    const d = await unDebarras({}, { idLevee: l.idLevee });
    const supprime = await unDebarras({}, { idLevee: l.idLevee });
    await envoyer('/debarras/supprimer', { idDebarras: supprime.idDebarras });
    // the round's day has come: it can now be archived
    await t.base.db.update(levee).set({ dateLevee: AUJOURDHUI }).where(eq(levee.idLevee, l.idLevee));
    const r = await envoyer('/levee/archiver', { idLevee: l.idLevee });
    expect(r.statusCode, r.body).toBe(200);
    // an archived round counts the débarras it collected
    expect(r.json()).toMatchObject({ statut: 'ARCHIVE', nbDebarras: 1 });
    expect((await lire(`/debarras/${d.idDebarras}`)).json().statut).toBe('ARCHIVE');
    expect((await lire(`/debarras/${supprime.idDebarras}`)).json().statut).toBe('SUPPRIME');
    expect((await journalDe(d.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'ARCHIVAGE']);
    expect((await journalDe(supprime.idDebarras)).map((j) => j.typeJournal)).toEqual(['CREATION', 'SUPPRESSION']);
  });

  it('refuse de supprimer une levée supplémentaire qui a eu des débarras, même supprimés, sans rien changer', async () => {
    const l = await uneLevee();
    const d = await unDebarras({}, { idLevee: l.idLevee });
    await envoyer('/debarras/supprimer', { idDebarras: d.idDebarras });
    await refuse(
      () => envoyer('/levee/supprimer', { idLevee: l.idLevee }),
      409,
      'Seule une levée supplémentaire active et sans débarras peut être supprimée.',
    );
    expect((await lire(`/levee/${l.idLevee}`)).json()).toMatchObject({ statut: 'ACTIF', version: 0 });
  });

  it("signale (statut 1) les levées dont les débarras dépassent le nouveau maximum d'une disponibilité", async () => {
    const [s] = await t.base.db
      .insert(secteur)
      .values({ libelle: unique('Secteur D'), dateDebut: '2020-01-01', createdBy: 'test', lastModifiedBy: 'test' })
      .returning();
    const pleine = await uneLevee({ dateLevee: dans(3), idSecteur: s!.idSecteur, nom: null, supplementaire: 0 });
    const legere = await uneLevee({ dateLevee: dans(4), idSecteur: s!.idSecteur, nom: null, supplementaire: 0 });
    for (let i = 0; i < 3; i++) await unDebarras({}, { idLevee: pleine.idLevee });
    await unDebarras({}, { idLevee: legere.idLevee });
    const r = await envoyer('/levee/indisponibilite', { dateFrom: dans(3), dateTo: dans(4), newMax: 1, secteurLibelle: s!.libelle });
    expect(r.statusCode, r.body).toBe(200);
    const [annee, mois, jour] = dans(3).split('-');
    expect(r.json()).toEqual({
      statut: '1',
      message: `2 levée(s) modifiée(s). Les levées suivantes dépassent le nouveau maximum : ${jour}.${mois}.${annee} (3).`,
      depassements: [{ dateLevee: dans(3), nbDebarras: 3 }],
    });
  });
});

describe('concurrence', () => {
  it('donne 1 000 numéros distincts et sans trou à 1 000 créations simultanées', async () => {
    const l = await uneLevee({ nbDebarrasMax: 1000 });
    const idpAdr = await uneAdresse();
    const reponses = await Promise.all(Array.from({ length: 1000 }, () => enregistrer(saisie(idpAdr, l.idLevee))));
    expect(reponses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const rangs = reponses.map((r) => Number((r.json() as Debarras).numero.slice(5))).sort((x, y) => x - y);
    expect(new Set(rangs).size).toBe(1000);
    expect(rangs.at(-1)! - rangs[0]!).toBe(999);
    const [dernier] = await t.base.db.select().from(compteurNumero).where(eq(compteurNumero.annee, ANNEE));
    expect(dernier!.dernier).toBeGreaterThanOrEqual(rangs.at(-1)!);
  }, 300_000);

  it("n'attache que 10 débarras à une levée de 10 places libres pour 50 rattachements simultanés, 409 aux autres", async () => {
    const depart = await uneLevee({ nbDebarrasMax: 50 });
    const idpAdr = await uneAdresse();
    const selection: Debarras[] = [];
    for (let i = 0; i < 50; i++) selection.push((await enregistrer(saisie(idpAdr, depart.idLevee))).json());
    const cible = await uneLevee({ nbDebarrasMax: 12 });
    await unDebarras({}, { idLevee: cible.idLevee });
    await unDebarras({}, { idLevee: cible.idLevee });
    const reponses = await Promise.all(
      selection.map((d) => envoyer('/debarras/link', { idDebarras: [d.idDebarras], idLevee: cible.idLevee })),
    );
    expect(reponses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refus = reponses.filter((r) => r.statusCode !== 200);
    expect(refus).toHaveLength(40);
    expect(refus.every((r) => r.statusCode === 409 && r.json().errMsg === DEBARRAS_MESSAGES.capacite)).toBe(true);
    const [n] = await t.base.db.select({ n: count() }).from(debarras).where(eq(debarras.idLevee, cible.idLevee));
    expect(n!.n).toBe(12);
  }, 120_000);
});
