import {
  DEBARRAS_MESSAGES,
  ERREURS,
  RECURRENCE_MESSAGES,
  RECURRENCE_TACHE_MESSAGES,
  normaliserTelephone,
  TELEPHONE_MESSAGES,
  VERSION_MESSAGES,
  type Recurrence,
  type RecurrenceEnregistree,
  type RecurrenceSaisie,
} from '@debarras/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debarras, debarrasJournal, debarrasObjet, logEvenement, recurrence as tableRecurrence } from '../../db/schema.js';
import { appDeTest, dans, refus, unique, type Compte } from '../../test/app.js';
import { desLevees, uneAdresse, unDebarras, unSecteur } from '../../test/fabriques.js';
import { acceptes } from '../objet/index.js';
import { servir } from './service.js';

const t = appDeTest();
const REST = '/webdeb/rest';
let objets: number[];

beforeAll(async () => {
  objets = await acceptes(t.base.db);
});

// The test day is Wednesday 18.11.2026: dans(1) Thursday 19.11, dans(2) Friday 20.11, dans(5) Monday 23.11,
// dans(8) Thursday 26.11, dans(12) Monday 30.11.

/** A sector of its own, its address, and its standard levées on these days (+ n from the test day). */
async function unQuartier(...jours: number[]) {
  const s = await unSecteur(t.base.db);
  const idpAdr = await uneAdresse(t.base.db, unique('Rue des Récurrences'), s.libelle);
  const levees = jours.length ? await desLevees(t.base.db, ...jours.map((j) => ({ dateLevee: dans(j), idSecteur: s.idSecteur }))) : [];
  return { s, idpAdr, levees };
}

const saisie = (idpAdr: string, champs: Partial<RecurrenceSaisie> = {}): RecurrenceSaisie => ({
  adresse: { idpAdr },
  recurrence: 'lundi,jeudi',
  dateDebut: dans(0),
  ...champs,
});

const enregistrer = (corps: unknown, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}/recurrence`, payload: corps as object });

async function creer(idpAdr: string, champs: Partial<RecurrenceSaisie> = {}) {
  const r = await enregistrer(saisie(idpAdr, champs));
  expect(r.statusCode, r.body).toBe(200);
  return r.json<RecurrenceEnregistree>();
}

const debarrasDe = (idpAdr: string) => t.base.db.select().from(debarras).where(eq(debarras.idpAdr, idpAdr)).orderBy(debarras.idLevee);

describe('récurrences : rôles', () => {
  it('refuse toutes les routes au rôle lecture seule (403)', async () => {
    for (const requete of [
      { url: `${REST}/recurrence/` },
      { url: `${REST}/recurrence/1` },
      { url: `${REST}/recurrence/export/` },
      { method: 'POST' as const, url: `${REST}/recurrence`, payload: {} },
      { method: 'POST' as const, url: `${REST}/recurrence/apercu`, payload: {} },
      { method: 'DELETE' as const, url: `${REST}/recurrence/1?version=0` },
    ]) {
      expect(refus(await t.en('lecture', requete))).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
    }
  });

  it.each(['gestion', 'admin', 'technique'] as const)('ouvre la liste au rôle %s', async (compte) => {
    expect((await t.en(compte, { url: `${REST}/recurrence/` })).statusCode).toBe(200);
  });
});

describe('récurrences : validation (docs/regles.md « Validation d’une récurrence »)', () => {
  it.each([
    ['sans jour', { recurrence: '' }, RECURRENCE_MESSAGES.jourObligatoire],
    ['un jour inconnu', { recurrence: 'lundi,samedi' }, RECURRENCE_MESSAGES.jourInconnu('samedi')],
    ['sans date de début', { dateDebut: undefined }, RECURRENCE_MESSAGES.dateDebutObligatoire],
    ['une date de fin avant le début', { dateFin: dans(-1) }, RECURRENCE_MESSAGES.dateFinAvantDebut],
    ['une remarque de 256 caractères', { remarque: 'x'.repeat(256) }, RECURRENCE_MESSAGES.remarqueTropLongue],
    ['une remarque objets de 256 caractères', { remarqueObjet: 'x'.repeat(256) }, RECURRENCE_MESSAGES.remarqueObjetTropLongue],
    ['un téléphone invalide', { telephone: '12' }, TELEPHONE_MESSAGES.invalide],
    ['un e-mail invalide', { email: 'pas-un-mail' }, DEBARRAS_MESSAGES.emailInvalide],
  ] as const)('refuse %s avec le message de la règle', async (_cas, champs, message) => {
    const { idpAdr } = await unQuartier();
    expect(refus(await enregistrer({ ...saisie(idpAdr), ...champs }))).toEqual({ statut: 400, errMsg: message, code: 'SAISIE_INVALIDE' });
  });

  it("refuse une récurrence sans adresse, ou d'une adresse inconnue du registre", async () => {
    expect(refus(await enregistrer({ recurrence: 'lundi', dateDebut: dans(0) }))).toMatchObject({
      statut: 400,
      errMsg: RECURRENCE_MESSAGES.adresseObligatoire,
    });
    expect(refus(await enregistrer(saisie('INCONNUE-404')))).toMatchObject({
      statut: 400,
      errMsg: RECURRENCE_MESSAGES.adresseInconnue('INCONNUE-404'),
    });
  });

  it('refuse le même objet sur deux lignes, et un objet qui ne peut pas être choisi', async () => {
    const { idpAdr } = await unQuartier();
    const ligne = { objet: { idObjet: objets[0]! }, quantite: 1 };
    expect(refus(await enregistrer(saisie(idpAdr, { recurrenceObjets: [ligne, ligne] })))).toMatchObject({
      statut: 400,
      errMsg: DEBARRAS_MESSAGES.objetEnDouble,
    });
    expect(refus(await enregistrer(saisie(idpAdr, { recurrenceObjets: [{ objet: { idObjet: 999_999 }, quantite: 1 }] })))).toMatchObject({
      statut: 400,
    });
  });

  it('range les jours du lundi au vendredi, quelle que soit la saisie', async () => {
    const { idpAdr } = await unQuartier();
    expect((await creer(idpAdr, { recurrence: 'vendredi, Jeudi,lundi' })).recurrence).toBe('lundi,jeudi,vendredi');
    expect((await creer(idpAdr, { recurrence: ['mercredi', 'mardi'] })).recurrence).toBe('mardi,mercredi');
  });
});

describe('récurrences : création, lecture, modification, suppression', () => {
  it('crée la récurrence sous les noms de champs de la spécification, et aussitôt ses débarras des levées à venir', async () => {
    const { idpAdr, levees, s } = await unQuartier(0, 1, 2, 5, 8);
    const [, jeudi, , lundi, jeudiSuivant] = levees;
    const r = await creer(idpAdr, {
      recurrence: 'jeudi,lundi',
      remarque: 'Derrière le portail',
      remarqueObjet: 'Toujours des cartons',
      nomPersonne: 'Régie du Lac',
      telephone: '022 418 00 00',
      email: 'regie@lac.test',
      recurrenceObjets: [{ objet: { idObjet: objets[0]! }, quantite: 3, remarque: 'plié' }],
    });
    expect(r).toMatchObject({
      adresse: { idpAdr },
      recurrence: 'lundi,jeudi',
      dateDebut: dans(0),
      dateFin: null,
      remarque: 'Derrière le portail',
      remarqueObjet: 'Toujours des cartons',
      isActif: true,
      nomPersonne: 'Régie du Lac',
      telephone: normaliserTelephone('022 418 00 00'),
      email: 'regie@lac.test',
      recurrenceObjets: [{ objet: { idObjet: objets[0] }, quantite: 3, remarque: 'plié' }],
      debarrasCrees: 3,
      debarrasAVenir: 3,
      debarrasModifies: 0,
      createdBy: 'gestion',
      version: 0,
    });
    const crees = await debarrasDe(idpAdr);
    // not today's levée (from tomorrow on), and only on Mondays and Thursdays
    expect(crees.map((d) => d.idLevee)).toEqual([jeudi!.idLevee, lundi!.idLevee, jeudiSuivant!.idLevee]);
    for (const d of crees) {
      expect(d).toMatchObject({
        statut: 'ACTIF',
        recurrent: true,
        typeDemande: 'ECRIT',
        secteurAdresse: s.libelle,
        nomPersonne: 'Régie du Lac',
        telephone: normaliserTelephone('022 418 00 00'),
        email: 'regie@lac.test',
        remarqueLieu: 'Derrière le portail',
        remarqueObjet: 'Toujours des cartons',
        createdBy: 'recurrence',
      });
      expect(d.numero).toMatch(/^2026-\d{5}$/);
    }
    const journal = await t.base.db.select().from(debarrasJournal).where(eq(debarrasJournal.idDebarras, crees[0]!.idDebarras));
    expect(journal.map((j) => [j.type, j.utilisateur])).toEqual([['CREATION', 'recurrence']]);
    const lignes = await t.base.db.select().from(debarrasObjet).where(eq(debarrasObjet.idDebarras, crees[0]!.idDebarras));
    expect(lignes).toMatchObject([{ idObjet: objets[0], quantite: 3, remarque: 'plié' }]);

    // the débarras header's « Récurrent »
    const detail = await t.en('lecture', { url: `${REST}/debarras/${crees[0]!.idDebarras}` });
    expect(detail.json()).toMatchObject({ recurrent: true, typeDemande: 'ECRIT' });

    const lu = await t.en('admin', { url: `${REST}/recurrence/${r.idRecurrence}` });
    const { debarrasCrees: _crees, debarrasModifies: _modifies, ...enregistree } = r;
    expect(lu.json<Recurrence>()).toEqual(enregistree);
  });

  it('liste les récurrences actives (filtre par défaut de l’écran), rangées par jour de la semaine, filtrées et exportées', async () => {
    const rue = unique('Avenue Filtrée');
    const s = await unSecteur(t.base.db);
    const idpAdr = await uneAdresse(t.base.db, rue, s.libelle);
    await creer(idpAdr, { recurrence: 'mardi', remarque: 'mardi seul' });
    await creer(idpAdr, { recurrence: 'lundi,vendredi', remarque: 'lundi et vendredi' });
    await creer(idpAdr, { recurrence: 'lundi', isActif: false, remarque: 'inactive' });
    const liste = await t.en('gestion', { url: `${REST}/recurrence/?actif=1&adresse=${encodeURIComponent(rue)}` });
    expect(liste.headers['x-total-elements']).toBe('2');
    expect(liste.json<Recurrence[]>().map((r) => r.remarque)).toEqual(['lundi et vendredi', 'mardi seul']);
    const inactives = await t.en('gestion', { url: `${REST}/recurrence/?adresse=${encodeURIComponent(rue)}&actif=0` });
    expect(inactives.json<Recurrence[]>().map((r) => r.remarque)).toEqual(['inactive']);
    const vendredi = await t.en('gestion', { url: `${REST}/recurrence/?actif=1&adresse=${encodeURIComponent(rue)}&recurrence=vendredi` });
    expect(vendredi.json<Recurrence[]>().map((r) => r.remarque)).toEqual(['lundi et vendredi']);
    const parRemarque = await t.en('gestion', { url: `${REST}/recurrence/?remarque=mardi%20seul&sort=remarque,desc` });
    expect(parRemarque.json<Recurrence[]>()).toHaveLength(1);
    const fichier = await t.en('gestion', { url: `${REST}/recurrence/export/?adresse=${encodeURIComponent(rue)}` });
    expect(fichier.statusCode).toBe(200);
    expect(fichier.headers['content-type']).toContain('spreadsheetml');
  });

  it('modifie à la version lue, refuse une version dépassée et une adresse inconnue du registre', async () => {
    const { idpAdr } = await unQuartier();
    const r = await creer(idpAdr, { recurrence: 'lundi' });
    const modifiee = await enregistrer(
      { ...saisie(idpAdr), idRecurrence: r.idRecurrence, version: r.version, recurrence: 'mardi' },
      'admin',
    );
    expect(modifiee.json()).toMatchObject({ recurrence: 'mardi', version: 1, lastModifiedBy: 'admin' });
    expect(refus(await enregistrer({ ...saisie(idpAdr), idRecurrence: r.idRecurrence, version: 0 }))).toMatchObject({
      statut: 409,
      code: 'CONFLIT_VERSION',
    });
    expect(refus(await enregistrer({ ...saisie(idpAdr), idRecurrence: r.idRecurrence }))).toMatchObject({
      statut: 400,
      errMsg: VERSION_MESSAGES.obligatoire,
    });
    expect(refus(await enregistrer({ ...saisie('INCONNUE-9'), idRecurrence: r.idRecurrence, version: 1 }))).toMatchObject({
      statut: 400,
      errMsg: RECURRENCE_MESSAGES.adresseInconnue('INCONNUE-9'),
    });
  });

  it("change d'adresse ; sur demande, refait ses débarras à venir à la nouvelle adresse, sur les levées de son secteur", async () => {
    const { idpAdr } = await unQuartier(1, 5);
    const r = await creer(idpAdr);
    expect(r.debarrasCrees).toBe(2);
    const voisine = await uneAdresse(
      t.base.db,
      unique('Rue Voisine'),
      (await t.base.db.select().from(debarras).where(eq(debarras.idpAdr, idpAdr)))[0]!.secteurAdresse!,
    );

    // the récurrence alone: its débarras stay at the former address
    const seule = await enregistrer({ ...saisie(voisine), idRecurrence: r.idRecurrence, version: r.version });
    expect(seule.statusCode, seule.body).toBe(200);
    expect(seule.json()).toMatchObject({ adresse: { idpAdr: voisine }, debarrasCrees: 0, debarrasModifies: 0 });
    expect((await debarrasDe(idpAdr)).map((d) => d.statut)).toEqual(['ACTIF', 'ACTIF']);

    // then another sector's address, its débarras too: deleted at the old one, made again on the new sector's levées
    const ailleurs = await unQuartier(8, 12);
    const aussi = await t.en('gestion', {
      method: 'POST',
      url: `${REST}/recurrence?appliquerAuxDebarras=true`,
      payload: { ...saisie(ailleurs.idpAdr), idRecurrence: r.idRecurrence, version: seule.json<RecurrenceEnregistree>().version },
    });
    expect(aussi.statusCode, aussi.body).toBe(200);
    expect(aussi.json()).toMatchObject({ adresse: { idpAdr: ailleurs.idpAdr }, debarrasModifies: 2, debarrasCrees: 2, debarrasAVenir: 2 });
    expect((await debarrasDe(idpAdr)).map((d) => d.statut)).toEqual(['SUPPRIME', 'SUPPRIME']);
    expect((await debarrasDe(ailleurs.idpAdr)).map((d) => [d.idLevee, d.statut])).toEqual(ailleurs.levees.map((l) => [l.idLevee, 'ACTIF']));
  });

  it('supprime à la version lue sans supprimer les débarras déjà créés', async () => {
    const { idpAdr } = await unQuartier(1, 5);
    const r = await creer(idpAdr);
    expect(r.debarrasCrees).toBe(2);
    expect(refus(await t.en('gestion', { method: 'DELETE', url: `${REST}/recurrence/${r.idRecurrence}` }))).toMatchObject({
      statut: 400,
      errMsg: VERSION_MESSAGES.obligatoire,
    });
    const supprimee = await t.en('gestion', { method: 'DELETE', url: `${REST}/recurrence/${r.idRecurrence}?version=${r.version}` });
    expect(supprimee.json()).toMatchObject({ idRecurrence: r.idRecurrence, adresse: { idpAdr } });
    expect((await t.en('gestion', { url: `${REST}/recurrence/${r.idRecurrence}` })).statusCode).toBe(404);
    const restes = await debarrasDe(idpAdr);
    expect(restes.map((d) => [d.statut, d.recurrent])).toEqual([
      ['ACTIF', true],
      ['ACTIF', true],
    ]);
  });

  it('ne supprime rien quand un jour est décoché, et ne crée plus rien pour une récurrence désactivée', async () => {
    const { idpAdr, s } = await unQuartier(1, 2);
    const r = await creer(idpAdr, { recurrence: 'jeudi,vendredi' });
    expect(r.debarrasCrees).toBe(2);
    const sansVendredi = await enregistrer({ ...saisie(idpAdr), idRecurrence: r.idRecurrence, version: r.version, recurrence: 'jeudi' });
    expect(sansVendredi.json()).toMatchObject({ debarrasCrees: 0 });
    expect(await debarrasDe(idpAdr)).toHaveLength(2);

    const inactive = await enregistrer({
      ...saisie(idpAdr),
      idRecurrence: r.idRecurrence,
      version: 1,
      recurrence: 'lundi,jeudi',
      isActif: false,
    });
    await desLevees(t.base.db, { dateLevee: dans(5), idSecteur: s.idSecteur }, { dateLevee: dans(8), idSecteur: s.idSecteur });
    expect(inactive.json()).toMatchObject({ debarrasCrees: 0, isActif: false });
    expect((await servir(t.base.db, dans(0), r.idRecurrence)).crees).toBe(0);
    expect(await debarrasDe(idpAdr)).toHaveLength(2);
  });
});

describe('récurrences : ce que l’enregistrement fera, et les débarras à venir (issue 27)', () => {
  const apercu = (corps: RecurrenceSaisie) => t.en('gestion', { method: 'POST', url: `${REST}/recurrence/apercu`, payload: corps });

  it('dit, sans rien écrire, sur quelles levées une nouvelle récurrence créerait ses débarras', async () => {
    const { idpAdr } = await unQuartier(1, 2, 5, 8);
    const reponse = await apercu(saisie(idpAdr));
    expect(reponse.statusCode, reponse.body).toBe(200);
    // Thursday, Monday, Thursday: not Friday's levée
    expect(reponse.json()).toEqual({ dates: [dans(1), dans(5), dans(8)] });
    expect((await apercu(saisie(idpAdr, { dateFin: dans(5) }))).json()).toEqual({ dates: [dans(1), dans(5)] });
    expect((await apercu(saisie(idpAdr, { isActif: false }))).json()).toEqual({ dates: [] });
    expect(await debarrasDe(idpAdr)).toEqual([]);
    expect(await t.base.db.select().from(tableRecurrence).where(eq(tableRecurrence.idpAdr, idpAdr))).toEqual([]);
    expect(refus(await apercu(saisie('INCONNUE-404')))).toMatchObject({
      statut: 400,
      errMsg: RECURRENCE_MESSAGES.adresseInconnue('INCONNUE-404'),
    });
  });

  it('ne compte pour une récurrence enregistrée que les levées qu’elle n’a pas encore servies', async () => {
    const { idpAdr } = await unQuartier(1, 2, 5);
    const r = await creer(idpAdr);
    const modification = { ...saisie(idpAdr), idRecurrence: r.idRecurrence, version: r.version };
    expect((await apercu(modification)).json()).toEqual({ dates: [] });
    expect((await apercu({ ...modification, recurrence: 'lundi,jeudi,vendredi' })).json()).toEqual({ dates: [dans(2)] });
  });

  it('applique demandeur, objets et remarques aux seuls débarras à venir encore actifs, quand on le demande, en une transaction', async () => {
    const { idpAdr } = await unQuartier(1, 5, 8);
    const r = await creer(idpAdr, {
      nomPersonne: 'Régie Alpha',
      remarque: 'Dans la cour',
      recurrenceObjets: [{ objet: { idObjet: objets[0]! }, quantite: 1 }],
    });
    expect(r).toMatchObject({ debarrasCrees: 3, debarrasAVenir: 3, debarrasModifies: 0 });
    const [supprime, ...actifs] = await debarrasDe(idpAdr);
    await t.base.db.update(debarras).set({ statut: 'SUPPRIME' }).where(eq(debarras.idDebarras, supprime!.idDebarras));
    expect((await t.en('gestion', { url: `${REST}/recurrence/${r.idRecurrence}` })).json()).toMatchObject({ debarrasAVenir: 2 });

    const changement = {
      ...saisie(idpAdr),
      idRecurrence: r.idRecurrence,
      nomPersonne: 'Régie Bêta',
      telephone: '022 418 00 00',
      remarque: 'Devant le portail',
      remarqueObjet: 'Lourd',
      recurrenceObjets: [{ objet: { idObjet: objets[1]! }, quantite: 2 }],
    };
    // without the question answered yes: the récurrence alone
    const seule = await enregistrer({ ...changement, version: r.version });
    expect(seule.json()).toMatchObject({ nomPersonne: 'Régie Bêta', debarrasModifies: 0 });
    expect((await debarrasDe(idpAdr)).map((d) => d.nomPersonne)).toEqual(['Régie Alpha', 'Régie Alpha', 'Régie Alpha']);

    const aussi = await t.en('admin', {
      method: 'POST',
      url: `${REST}/recurrence?appliquerAuxDebarras=true`,
      payload: { ...changement, version: seule.json<RecurrenceEnregistree>().version },
    });
    expect(aussi.statusCode, aussi.body).toBe(200);
    expect(aussi.json()).toMatchObject({ debarrasModifies: 2, debarrasAVenir: 2 });
    const apres = await debarrasDe(idpAdr);
    expect(apres[0]).toMatchObject({ nomPersonne: 'Régie Alpha', remarqueLieu: 'Dans la cour', statut: 'SUPPRIME' });
    for (const d of apres.slice(1)) {
      expect(d).toMatchObject({
        nomPersonne: 'Régie Bêta',
        telephone: '022 418 00 00',
        remarqueLieu: 'Devant le portail',
        remarqueObjet: 'Lourd',
        lastModifiedBy: 'admin',
        version: 1,
      });
    }
    const lignes = await t.base.db
      .select({ idDebarras: debarrasObjet.idDebarras, idObjet: debarrasObjet.idObjet, quantite: debarrasObjet.quantite })
      .from(debarrasObjet)
      .where(
        inArray(
          debarrasObjet.idDebarras,
          apres.map((d) => d.idDebarras),
        ),
      )
      .orderBy(debarrasObjet.idDebarras);
    expect(lignes).toEqual([
      { idDebarras: supprime!.idDebarras, idObjet: objets[0]!, quantite: 1 },
      ...actifs.map((d) => ({ idDebarras: d.idDebarras, idObjet: objets[1]!, quantite: 2 })),
    ]);
    const journal = await t.base.db
      .select({ idDebarras: debarrasJournal.idDebarras, type: debarrasJournal.type, utilisateur: debarrasJournal.utilisateur })
      .from(debarrasJournal)
      .where(
        and(
          inArray(
            debarrasJournal.idDebarras,
            apres.map((d) => d.idDebarras),
          ),
          eq(debarrasJournal.type, 'MODIFICATION'),
        ),
      );
    expect(journal.map((j) => j.idDebarras).sort()).toEqual(actifs.map((d) => d.idDebarras).sort());
    expect(new Set(journal.map((j) => j.utilisateur))).toEqual(new Set(['admin']));
  });

  it('refuse une valeur inconnue de appliquerAuxDebarras', async () => {
    const { idpAdr } = await unQuartier();
    const reponse = await t.en('gestion', { method: 'POST', url: `${REST}/recurrence?appliquerAuxDebarras=oui`, payload: saisie(idpAdr) });
    expect(reponse.statusCode).toBe(400);
  });
});

describe('débarras récurrents : la tâche', () => {
  it('suit un calendrier fixe : jours fériés sans levée, date de fin en cours de période, une seule fois par levée', async () => {
    // Monday 21.12.2026: the planning makes no levée on 25.12, 31.12 and 01.01 (Geneva holidays)
    const s = await unSecteur(t.base.db);
    const idpAdr = await uneAdresse(t.base.db, unique('Chemin des Fêtes'), s.libelle);
    const jours = [
      '2026-12-22',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
      '2027-01-04',
      '2027-01-05',
      '2027-01-07',
      '2027-01-08',
      '2027-01-11',
      '2027-01-14',
    ];
    await desLevees(t.base.db, ...jours.map((dateLevee) => ({ dateLevee, idSecteur: s.idSecteur })));
    await t.base.db.insert(tableRecurrence).values({
      idpAdr,
      adresse: 'Chemin des Fêtes',
      jours: 'jeudi,vendredi',
      dateDebut: '2026-12-01',
      dateFin: '2027-01-10',
      createdBy: 'test',
      lastModifiedBy: 'test',
    });
    const premier = await servir(t.base.db, '2026-12-21');
    const crees = await t.base.db
      .select({ id: debarras.idDebarras, idLevee: debarras.idLevee })
      .from(debarras)
      .where(eq(debarras.idpAdr, idpAdr));
    const dates = await datesDesLevees(crees.map((d) => d.idLevee));
    expect(dates).toEqual(['2026-12-24', '2027-01-07', '2027-01-08']);
    expect(premier.crees).toBeGreaterThanOrEqual(3);
    // a re-run creates nothing, even once a débarras was moved to another levée by staff
    await t.base.db.update(debarras).set({ idLevee: crees[0]!.idLevee }).where(eq(debarras.idDebarras, crees[1]!.id));
    await servir(t.base.db, '2026-12-21');
    expect(await t.base.db.select().from(debarras).where(eq(debarras.idpAdr, idpAdr))).toHaveLength(3);
  });

  it('donne sa place au débarras récurrent sur une levée complète, et le dit en KO dans les messages', async () => {
    const s = await unSecteur(t.base.db);
    const idpAdr = await uneAdresse(t.base.db, unique('Rue Comble'), s.libelle);
    const [pleine] = await desLevees(t.base.db, { dateLevee: dans(1), idSecteur: s.idSecteur, nbDebarrasMax: 1 });
    await unDebarras(t.base.db, { idLevee: pleine!.idLevee });
    const r = await creer(idpAdr, { recurrence: 'jeudi' });
    expect(r.debarrasCrees).toBe(1);
    const [message] = await t.base.db
      .select()
      .from(logEvenement)
      .where(and(eq(logEvenement.domaine, 'RECURRENCE'), eq(logEvenement.type, 2)))
      .orderBy(desc(logEvenement.idLogEvenement))
      .limit(1);
    expect(message!.texte).toBe(RECURRENCE_TACHE_MESSAGES.depassement(dans(1), s.libelle, 2, 1, 1));
  });

  it('ne crée rien deux fois quand deux passages ont lieu en même temps', async () => {
    const { idpAdr } = await unQuartier(1, 2, 5, 8, 9, 12);
    await t.base.db.insert(tableRecurrence).values({
      idpAdr,
      adresse: 'x',
      jours: 'lundi,mardi,mercredi,jeudi,vendredi',
      dateDebut: dans(0),
      createdBy: 'test',
      lastModifiedBy: 'test',
    });
    const bilans = await Promise.all([servir(t.base.db, dans(0)), servir(t.base.db, dans(0)), servir(t.base.db, dans(0))]);
    expect(await debarrasDe(idpAdr)).toHaveLength(6);
    expect(bilans.reduce((n, b) => n + b.crees, 0)).toBeGreaterThanOrEqual(6);
    const parTache = await Promise.all([t.taches().executer('recurrences'), t.taches().executer('recurrences')]);
    expect(parTache.filter((e) => e === 'occupee').length).toBeLessThanOrEqual(1);
    expect(await debarrasDe(idpAdr)).toHaveLength(6);
  });
});

async function datesDesLevees(ids: number[]) {
  const { levee } = await import('../../db/schema.js');
  const lignes = await t.base.db.select({ d: levee.dateLevee }).from(levee).where(inArray(levee.idLevee, ids));
  return lignes.map((l) => l.d).sort();
}
