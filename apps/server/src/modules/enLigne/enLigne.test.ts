import {
  PARAMETRE_CLES,
  TEXTES_EN_LIGNE,
  dateLisible,
  type AdresseEnLigne,
  type DateEnLigne,
  type ObjetEnLigne,
  type Reservation,
  type ReservationEnLigne,
} from '@debarras/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { creerCourrier } from '../../courriel.js';
import { adresseException, debarras, debarrasJournal, logEvenement, objet, parametre } from '../../db/schema.js';
import { horlogeFixee } from '../../horloge.js';
import { executerRappelsEnLigne } from '../../jobs/enLigne.js';
import { appDeTest, dans, refus, INSTANT_DE_TEST, MOT_DE_PASSE_TEST, unique, unTelephone } from '../../test/app.js';
import { enJson, imbrication } from '../../test/imbrication.js';
import { desLevees, uneAdresse, uneLevee, uneSaisieAdresse, unDebarras, unSecteur } from '../../test/fabriques.js';
import { SANS_COURRIEL, serveurSmtpDeTest } from '../../test/smtp.js';
import { enregistrer as enregistrerAdresses, type SaisieAdresse } from '../adresse/service.js';
import { annuler, consulter, modifier } from './service.js';

const smtp = serveurSmtpDeTest();
const t = appDeTest(
  {},
  { courrier: () => creerCourrier({ smtpUrl: smtp.url(), mailFrom: 'Débarras <debarras@test.local>', dataDir: '/tmp/inutilise' }) },
);
const API = '/webdeb/en-ligne/api';

let secteur: { idSecteur: number; libelle: string };
const ADRESSE = 'T-ENLIGNE-1';
let leveeLibre: number;
let leveePleine: number;
let leveeTropProche: number;
let idObjet: number;

const adresse = (idpAdr: string, champs: Partial<SaisieAdresse>) =>
  uneSaisieAdresse(idpAdr, { liant: 'des', nomVoie: 'Réservations', secteur: null, ...champs });

beforeAll(async () => {
  secteur = await unSecteur(t.base.db);
  await enregistrerAdresses(
    t.base.db,
    [
      adresse(ADRESSE, { secteur: secteur.libelle }),
      adresse('T-ENLIGNE-2', { noAdresse: '2' }),
      adresse('T-ENLIGNE-CAROUGE', {
        noAdresse: '3',
        commune: 'Carouge',
        noCommune: 6608,
        gestionnaire: 'COMMUNE DE CAROUGE',
        secteur: secteur.libelle,
      }),
    ],
    'test',
  );
  const autre = await unSecteur(t.base.db);
  const levees = await desLevees(
    t.base.db,
    { idSecteur: secteur.idSecteur, dateLevee: dans(1) },
    { idSecteur: secteur.idSecteur, dateLevee: dans(2), nbDebarrasMax: 1 },
    { idSecteur: secteur.idSecteur, dateLevee: dans(3), nbDebarrasMax: 10 },
    { idSecteur: autre.idSecteur, dateLevee: dans(3) },
    { dateLevee: dans(4) },
  );
  [leveeTropProche, leveePleine, leveeLibre] = levees.map((l) => l.idLevee) as [number, number, number];
  await unDebarras(t.base.db, { idLevee: leveePleine });
  // the flow and its capacity, many bookings from one address: the limits on waiting bookings have their own file (limites.test.ts)
  for (const cle of [PARAMETRE_CLES.enLigneAttenteParClient, PARAMETRE_CLES.enLigneAttenteParBoite]) {
    await t.base.db.update(parametre).set({ valeur: '100000' }).where(eq(parametre.cle, cle));
  }
  await t.base.db.update(parametre).set({ valeur: '100' }).where(eq(parametre.cle, PARAMETRE_CLES.enLigneAttentePart));
  idObjet = (await t.base.db.select({ idObjet: objet.idObjet }).from(objet).where(eq(objet.type, 'Objet')).limit(1))[0]!.idObjet;
});

const saisie = (champs: Record<string, unknown> = {}) => ({
  session: unique('session-de-test').replace('.', '_'),
  langue: 'fr',
  idpAdr: ADRESSE,
  idLevee: leveeLibre,
  objets: [{ idObjet, quantite: 2 }],
  nom: 'Élise Résidente',
  email: `${unique('elise')}@exemple.ch`,
  telephone: unTelephone(),
  consentement: true,
  ...champs,
});

const reserver = (champs: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}/reservations`, payload: saisie(champs) });

describe('réservation en ligne — les étapes', () => {
  it('dit le téléphone du service, le délai de validation et les consignes de dépôt dans la langue demandée', async () => {
    const fr = await t.app.inject({ url: `${API}/service` });
    expect(fr.json()).toEqual({
      telephone: '022 418 50 00',
      minutesValidation: 120,
      consignes: expect.stringContaining('trottoir'),
    });
    expect((await t.app.inject({ url: `${API}/service?lang=en` })).json()).toMatchObject({
      consignes: expect.stringContaining('pavement'),
    });
  });

  it('cherche les adresses de la commune servie seule, et dit celles qui ne se réservent pas', async () => {
    const r = await t.app.inject({ url: `${API}/adresses?q=${encodeURIComponent('rue des reservations')}` });
    expect(r.statusCode, r.body).toBe(200);
    const trouvees = r.json<AdresseEnLigne[]>();
    expect(trouvees.map((a) => a.idpAdr).sort()).toEqual([ADRESSE, 'T-ENLIGNE-2']);
    expect(trouvees.find((a) => a.idpAdr === 'T-ENLIGNE-2')).toMatchObject({ reservable: false, motif: 'sansSecteur' });
    expect(Object.keys(trouvees[0]!).sort()).toEqual(['adresse', 'idpAdr', 'motif', 'reservable']);
  });

  it('montre les objets acceptés par leur libellé en ligne, et les objets refusés avec leur lien', async () => {
    const objets = (await t.app.inject({ url: `${API}/objets` })).json<ObjetEnLigne[]>();
    expect(objets.some((o) => o.type === 'Objet')).toBe(true);
    const [catalogue] = await t.base.db.select().from(objet).where(eq(objet.idObjet, idObjet));
    expect(objets.find((o) => o.idObjet === idObjet)).toMatchObject({ libelle: catalogue!.libelleExt, type: 'Objet' });
  });

  it('propose les levées du secteur qui ont encore de la place, à partir du surlendemain avant midi', async () => {
    const r = await t.app.inject({ url: `${API}/dates?idpAdr=${ADRESSE}` });
    expect(r.json<DateEnLigne[]>()).toEqual([{ idLevee: leveeLibre, date: dans(3) }]);
    expect([leveeTropProche, leveePleine]).not.toContain(r.json<DateEnLigne[]>()[0]!.idLevee);
  });

  it('refuse une adresse d’une autre commune, même avec un secteur, à l’étape des dates comme à la confirmation', async () => {
    const refus = { code: 'SAISIE_INVALIDE', errMsg: TEXTES_EN_LIGNE.fr.adresseNonReservable };
    expect((await t.app.inject({ url: `${API}/dates?idpAdr=T-ENLIGNE-CAROUGE` })).json()).toEqual(refus);
    const r = await reserver({ idpAdr: 'T-ENLIGNE-CAROUGE', nom: 'Hors commune' });
    expect(r.json()).toEqual(refus);
    expect(await t.base.db.select().from(debarras).where(eq(debarras.nomPersonne, 'Hors commune'))).toEqual([]);
  });

  it('refuse en anglais une adresse sans secteur', async () => {
    const r = await t.app.inject({ url: `${API}/dates?idpAdr=T-ENLIGNE-2&lang=en` });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ code: 'SAISIE_INVALIDE', errMsg: TEXTES_EN_LIGNE.en.adresseNonReservable });
  });
});

describe('réservation en ligne — la confirmation', () => {
  it('crée un débarras Internet en attente de validation, numéroté, et envoie le lien de validation', async () => {
    smtp.vider();
    const email = `${unique('jean')}@exemple.ch`;
    const session = unique('session-journal').replace('.', '_');
    await t.app.inject({ method: 'POST', url: `${API}/sessions/${session}/date`, payload: { type: 'creation', langue: 'fr' } });
    const r = await reserver({ email, session, telephone: '0224180000' });
    expect(r.statusCode, r.body).toBe(201);
    const { numero } = r.json<{ numero: string }>();
    const [d] = await t.base.db.select().from(debarras).where(eq(debarras.numero, numero));
    expect(d).toMatchObject({
      telephone: '022 418 00 00',
      typeDemande: 'INTERNET',
      statut: 'EN_ATTENTE_VALIDATION',
      createdBy: 'internet',
      idLevee: leveeLibre,
      email,
    });
    const journal = await t.base.db.select().from(debarrasJournal).where(eq(debarrasJournal.idDebarras, d!.idDebarras));
    expect(journal.map((j) => [j.type, j.utilisateur])).toEqual([['CREATION', 'internet']]);

    const [courriel] = smtp.recus;
    expect(courriel!.subject).toBe(TEXTES_EN_LIGNE.fr.sujetValidation(numero));
    const lien = /\/webdeb\/en-ligne\/validation\/([A-Za-z0-9_-]{43})\?lang=fr/.exec(courriel!.text!);
    expect(lien).not.toBeNull();
    expect(courriel!.text).not.toContain(String(d!.idDebarras) + '?');
    // « à l'adresse » whatever the street type, and the items with their quantities
    const [choisi] = await t.base.db.select().from(objet).where(eq(objet.idObjet, idObjet));
    expect(courriel!.text).toContain(`, à l’adresse ${d!.adresse}.\nObjets :\n- 2 × ${choisi!.libelleExt}\n`);
    expect(courriel!.text).not.toMatch(/ au (Rue|Avenue|Chemin|Place|Quai|Boulevard|Route)/);

    const reponseLog = await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${session}` });
    expect(reponseLog.statusCode, reponseLog.body).toBe(200);
    const log = reponseLog.json<Reservation[]>();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ type: 'creation', langue: 'fr', rejetEmail: 0 });
    expect(log[0]!.timestampReservation).not.toBeNull();
    expect(log[0]!.timestampConfirmation).not.toBeNull();
  });

  it('refuse la même demande à la même adresse, par le même téléphone ou le même e-mail, en donnant sa date et le téléphone du service', async () => {
    const telephone = unTelephone();
    const parTelephone = await unDebarras(t.base.db, { idpAdr: ADRESSE, idLevee: leveeTropProche, telephone, typeDemande: 'TELEPHONE' });
    const refuse = await reserver({ telephone: `+41 ${telephone.slice(1)}`, idLevee: leveeLibre });
    expect(refus(refuse)).toEqual({
      statut: 409,
      code: 'DOUBLON',
      errMsg: TEXTES_EN_LIGNE.fr.doublon(dateLisible(dans(1), 'fr'), '022 418 50 00'),
    });
    expect(refus(await reserver({ telephone, langue: 'en' }))).toMatchObject({
      errMsg: TEXTES_EN_LIGNE.en.doublon(dateLisible(dans(1), 'en'), '022 418 50 00'),
    });

    // the same e-mail, whatever its case, once the first online booking is sent
    const email = `${unique('double')}@exemple.ch`;
    expect((await reserver({ email })).statusCode).toBe(201);
    expect(refus(await reserver({ email: email.toUpperCase() }))).toMatchObject({ code: 'DOUBLON' });

    // a neighbour: the same building, another phone and e-mail
    expect((await reserver({ nom: 'Voisine' })).statusCode).toBe(201);
    // once the first is deleted, it may be booked again
    await t.base.db.update(debarras).set({ statut: 'SUPPRIME' }).where(eq(debarras.idDebarras, parTelephone.idDebarras));
    expect((await reserver({ telephone })).statusCode).toBe(201);
  });

  it('montre à l’agent, dans « Doublons », la réservation en ligne faite au même numéro', async () => {
    const telephone = unTelephone();
    const enLigne = await reserver({ telephone });
    expect(enLigne.statusCode).toBe(201);
    const r = await t.en('gestion', { method: 'POST', url: '/webdeb/rest/debarras/doublons', payload: { telephone } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ doublons: Array<{ numero: string }> }>().doublons.map((d) => d.numero)).toContain(
      enLigne.json<{ numero: string }>().numero,
    );
  });

  it('écrit l’e-mail et les refus dans la langue du résident', async () => {
    smtp.vider();
    const r = await reserver({ langue: 'en' });
    expect(r.statusCode, r.body).toBe(201);
    expect(smtp.recus[0]!.subject).toBe(TEXTES_EN_LIGNE.en.sujetValidation(r.json<{ numero: string }>().numero));
    const refus = await reserver({ langue: 'en', email: 'pas-un-email' });
    expect(refus.json()).toEqual({ code: 'SAISIE_INVALIDE', errMsg: TEXTES_EN_LIGNE.en.emailInvalide });
  });

  it('reprend l’exception de l’adresse comme le formulaire du personnel : précisions et point de dépôt', async () => {
    await enregistrerAdresses(t.base.db, [adresse('T-ENLIGNE-EXCEPTION', { noAdresse: '5', secteur: secteur.libelle })], 'test');
    await t.base.db.insert(adresseException).values({
      idpAdr: 'T-ENLIGNE-EXCEPTION',
      adresse: 'Rue des Réservations 5',
      remarqueInterne: 'Déposer dans la cour',
      remarquePublique: 'Dans la cour',
      xDepot: 2499010,
      yDepot: 1119010,
      createdBy: 'test',
      lastModifiedBy: 'test',
    });
    const r = await reserver({ idpAdr: 'T-ENLIGNE-EXCEPTION' });
    expect(r.statusCode, r.body).toBe(201);
    const [d] = await t.base.db.select().from(debarras).where(eq(debarras.numero, r.json<{ numero: string }>().numero));
    expect(d).toMatchObject({ precisionLieu: 'Déposer dans la cour', pointDepotX: 2499010, pointDepotY: 1119010, travaux: null });
  });

  it('refuse une levée pleine, trop proche ou d’un autre secteur, et le champ piège', async () => {
    expect((await reserver({ idLevee: leveePleine })).json()).toEqual({ code: 'CAPACITE_DEPASSEE', errMsg: TEXTES_EN_LIGNE.fr.complet });
    expect((await reserver({ idLevee: leveeTropProche })).json()).toEqual({
      code: 'SAISIE_INVALIDE',
      errMsg: TEXTES_EN_LIGNE.fr.dateIndisponible,
    });
    expect((await reserver({ consentement: false })).json()).toEqual({
      code: 'SAISIE_INVALIDE',
      errMsg: TEXTES_EN_LIGNE.fr.consentementObligatoire,
    });
    const robot = await reserver({ site: 'http://robot', nom: 'Robot' });
    expect(robot.statusCode).toBe(400);
    expect(robot.json()).toEqual({ code: 'SAISIE_INVALIDE', errMsg: TEXTES_EN_LIGNE.fr.saisieInvalide });
    expect(await t.base.db.select().from(debarras).where(eq(debarras.nomPersonne, 'Robot'))).toEqual([]);
  });

  it('ne dépasse jamais la capacité : 200 réservations simultanées pour les places restantes', async () => {
    const { idLevee } = await uneLevee(t.base.db, { idSecteur: secteur.idSecteur, dateLevee: dans(5), nbDebarrasMax: 10 });
    const reponses = await Promise.all(Array.from({ length: 200 }, () => reserver({ idLevee })));
    const parStatut = new Map<number, number>();
    for (const r of reponses) parStatut.set(r.statusCode, (parStatut.get(r.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(parStatut)).toEqual({ 201: 10, 409: 190 });
    expect(reponses.find((r) => r.statusCode === 409)!.json()).toEqual({ code: 'CAPACITE_DEPASSEE', errMsg: TEXTES_EN_LIGNE.fr.complet });
  });

  it('limite les confirmations d’une même adresse e-mail, même simultanées', async () => {
    const { idLevee } = await uneLevee(t.base.db, { idSecteur: secteur.idSecteur, dateLevee: dans(8), nbDebarrasMax: 50 });
    const email = `${unique('flot')}@exemple.ch`;
    // twelve buildings: one mailbox booking twice at one address is a duplicate (docs/regles.md « Doublons »)
    const immeubles = [];
    for (let n = 0; n < 12; n++) immeubles.push(await uneAdresse(t.base.db, unique('Rue du Flot'), secteur.libelle));
    const statuts = (await Promise.all(immeubles.map((idpAdr) => reserver({ email, idLevee, idpAdr })))).map((r) => r.statusCode);
    expect(statuts.filter((s) => s === 201)).toHaveLength(5);
    expect(statuts.filter((s) => s === 429)).toHaveLength(7);
  });

  it('ne reçoit pas le cookie de session du back-office, et ne s’en sert pas', async () => {
    const connexion = await t.app.inject({
      method: 'POST',
      url: '/webdeb/rest/login',
      payload: { username: 'gestion', password: MOT_DE_PASSE_TEST },
    });
    expect(connexion.headers['set-cookie']).toMatch(/; Path=\/webdeb\/rest;/);
    const avecCookie = await t.app.inject({ url: `${API}/dates?idpAdr=${ADRESSE}`, headers: { cookie: await t.cookie('gestion') } });
    expect(avecCookie.json()).toEqual((await t.app.inject({ url: `${API}/dates?idpAdr=${ADRESSE}` })).json());
  });

  it('n’ouvre aucune route du back-office, et répond une route inconnue dans la langue demandée', async () => {
    const r = await t.app.inject({ url: `${API}/debarras?lang=en` });
    expect(r.json()).toEqual({ code: 'INTROUVABLE', errMsg: TEXTES_EN_LIGNE.en.lienInvalide });
  });
});

/** A booking confirmed through the API; answers its number and the token its e-mail's link holds. */
async function uneReservation(champs: Record<string, unknown> = {}) {
  smtp.vider();
  const r = await reserver(champs);
  expect(r.statusCode, r.body).toBe(201);
  const jeton = /\/validation\/([A-Za-z0-9_-]{43})/.exec(smtp.recus[0]!.text!)![1]!;
  const [d] = await t.base.db.select().from(debarras).where(eq(debarras.numero, r.json<{ numero: string }>().numero));
  return { jeton, debarras: d! };
}

const statutDe = async (idDebarras: number) =>
  (await t.base.db.select({ statut: debarras.statut }).from(debarras).where(eq(debarras.idDebarras, idDebarras)))[0]!.statut;

describe('réservation en ligne — le lien', () => {
  it('valide la réservation (Actif, journal VALIDATION par internet, étape 3 du journal des réservations), une fois', async () => {
    const session = unique('session-validation').replace('.', '_');
    const { jeton, debarras: d } = await uneReservation({ session });
    const r = await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ReservationEnLigne>()).toMatchObject({ numero: d.numero, etat: 'validee', modifiable: true, date: dans(3) });
    expect(JSON.stringify(r.json())).not.toContain(`"idDebarras"`);
    expect(await statutDe(d.idDebarras)).toBe('ACTIF');
    const journal = await t.base.db.select().from(debarrasJournal).where(eq(debarrasJournal.idDebarras, d.idDebarras));
    expect(journal.map((j) => [j.type, j.utilisateur])).toEqual([
      ['CREATION', 'internet'],
      ['VALIDATION', 'internet'],
    ]);
    const log = (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${session}` })).json<Reservation[]>();
    expect(log[0]!.timestampValidation).not.toBeNull();
    // followed again: nothing more
    expect((await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` })).json()).toMatchObject({ etat: 'validee' });
    expect(await t.base.db.select().from(debarrasJournal).where(eq(debarrasJournal.idDebarras, d.idDebarras))).toHaveLength(2);
  });

  it('dit à l’habitant, dans la langue de sa réservation, qu’elle est validée, changée puis annulée, chaque e-mail inscrit aux messages', async () => {
    const [choisi] = await t.base.db.select().from(objet).where(eq(objet.idObjet, idObjet));
    const { jeton, debarras: d } = await uneReservation({ langue: 'en' });
    const en = TEXTES_EN_LIGNE.en;
    smtp.vider();
    await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` });
    await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` });
    const session = unique('session-courriels').replace('.', '_');
    // the page was switched to French meanwhile: the e-mails keep the booking's language
    const change = await t.app.inject({
      method: 'PUT',
      url: `${API}/reservations/${jeton}`,
      payload: { session, langue: 'fr', idLevee: d.idLevee, objets: [{ idObjet, quantite: 3 }] },
    });
    expect(change.statusCode, change.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `${API}/reservations/${jeton}?session=${session}&lang=fr` });

    expect(smtp.recus.map((c) => c.subject)).toEqual([en.sujetValidee(d.numero), en.sujetModifiee(d.numero), en.sujetAnnulee(d.numero)]);
    const [validee, modifiee, annulee] = smtp.recus.map((c) => c.text!);
    expect(validee).toContain(`at ${d.adresse} will be collected on ${dateLisible(dans(3), 'en')}.`);
    expect(validee).toContain(`Items:\n- 2 × ${choisi!.libelleExtEn}`);
    expect(validee).toContain(`/en-ligne/reservation/${jeton}?lang=en`);
    expect(modifiee).toContain(`- 3 × ${choisi!.libelleExtEn}`);
    expect(annulee).toContain('/en-ligne/?lang=en');
    expect(annulee).toMatch(/please call \+?[\d ]+\./);
    const lignes = await t.base.db
      .select({ type: logEvenement.type, texte: logEvenement.texte })
      .from(logEvenement)
      .where(and(eq(logEvenement.domaine, 'COURRIELS'), like(logEvenement.texte, `%${d.numero}%`)))
      .orderBy(asc(logEvenement.idLogEvenement));
    expect(lignes).toEqual(
      ['Lien de validation', 'Confirmation', 'Confirmation de modification', "Confirmation d'annulation"].map((nom) => ({
        type: 1,
        texte: expect.stringMatching(new RegExp(`^${nom} de la réservation en ligne ${d.numero} envoyée? à l'habitant, en anglais$`)),
      })),
    );
  });

  it('refuse un lien inconnu, sans rien dire de ce qui existe', async () => {
    const r = await t.app.inject({ url: `${API}/reservations/${'x'.repeat(43)}?lang=en` });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ code: 'INTROUVABLE', errMsg: TEXTES_EN_LIGNE.en.lienInvalide });
  });

  it('libère la place d’une réservation non validée dans le délai, et le lien le dit ensuite', async () => {
    const { jeton, debarras: d } = await uneReservation();
    const plusTard = horlogeFixee(new Date(INSTANT_DE_TEST.getTime() + 121 * 60_000));
    const issue = await t.taches({ horloge: plusTard }).executer('placesEnLigne');
    expect(typeof issue === 'object' && issue.execution.bilan).toMatch(/non validée.* en 120 minutes : place.* libérée/);
    expect(await statutDe(d.idDebarras)).toBe('SUPPRIME');
    const r = await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` });
    expect(r.json()).toEqual({ code: 'ETAT_INVALIDE', errMsg: TEXTES_EN_LIGNE.fr.lienExpire });
  });

  it('change la date et les objets jusqu’à la limite, puis annule : la place est rendue', async () => {
    const { idLevee: autre } = await uneLevee(t.base.db, { idSecteur: secteur.idSecteur, dateLevee: dans(6), nbDebarrasMax: 5 });
    const { jeton, debarras: d } = await uneReservation();
    const session = unique('session-modification').replace('.', '_');
    const change = await t.app.inject({
      method: 'PUT',
      url: `${API}/reservations/${jeton}`,
      payload: { session, langue: 'fr', idLevee: autre, objets: [{ idObjet, quantite: 5 }] },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json<ReservationEnLigne>()).toMatchObject({ idLevee: autre, date: dans(6), objets: [{ idObjet, quantite: 5 }] });
    const annulee = await t.app.inject({ method: 'DELETE', url: `${API}/reservations/${jeton}?session=${session}` });
    expect(annulee.json<ReservationEnLigne>()).toMatchObject({ etat: 'annulee', modifiable: false });
    expect(await statutDe(d.idDebarras)).toBe('SUPPRIME');
    const types = (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${session}` })).json<Reservation[]>().map((l) => l.type);
    expect(types.sort()).toEqual(['annulation', 'modification']);
    // cancelled: nothing more to change
    const encore = await t.app.inject({ method: 'DELETE', url: `${API}/reservations/${jeton}?session=${session}&lang=en` });
    expect(encore.json()).toEqual({ code: 'ETAT_INVALIDE', errMsg: TEXTES_EN_LIGNE.en.horsDelai });
  });

  it('inscrit au journal des réservations un changement des seuls objets, début et confirmation, sans écraser le début d’un changement de date', async () => {
    const { jeton, debarras: d } = await uneReservation();
    const session = unique('session-objets').replace('.', '_');
    const change = await t.app.inject({
      method: 'PUT',
      url: `${API}/reservations/${jeton}`,
      payload: { session, langue: 'fr', idLevee: d.idLevee, objets: [{ idObjet, quantite: 3 }] },
    });
    expect(change.statusCode, change.body).toBe(200);
    const [ligne] = (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${session}` })).json<Reservation[]>();
    expect(ligne).toMatchObject({ type: 'modification', langue: 'fr' });
    expect(ligne!.timestampReservation).not.toBeNull();
    expect(ligne!.timestampConfirmation).not.toBeNull();

    // the date step opened first keeps its time as the session's start
    const autreSession = unique('session-date').replace('.', '_');
    const etape = await t.app.inject({
      method: 'POST',
      url: `${API}/sessions/${autreSession}/date`,
      payload: { type: 'modification', langue: 'fr' },
    });
    expect(etape.statusCode, etape.body).toBe(204);
    const [debut] = (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${autreSession}` })).json<Reservation[]>();
    const uneMinutePlusTard = new Date(INSTANT_DE_TEST.getTime() + 60_000);
    await modifier(
      t.base.db,
      jeton,
      { session: autreSession, langue: 'fr', idLevee: d.idLevee, objets: [{ idObjet, quantite: 2 }] },
      uneMinutePlusTard,
      SANS_COURRIEL,
    );
    const [apres] = (await t.en('admin', { url: `/webdeb/rest/reservation/?idSession=${autreSession}` })).json<Reservation[]>();
    expect(apres!.timestampReservation).toBe(debut!.timestampReservation);
    expect(apres!.timestampConfirmation).toBe(uneMinutePlusTard.toISOString());
  });

  it('ne laisse plus rien changer après la limite : le surlendemain à midi passé', async () => {
    const s2 = await unSecteur(t.base.db);
    await enregistrerAdresses(t.base.db, [adresse('T-ENLIGNE-LIMITE', { noAdresse: '9', secteur: s2.libelle })], 'test');
    const { idLevee } = await uneLevee(t.base.db, { idSecteur: s2.idSecteur, dateLevee: dans(2), nbDebarrasMax: 5 });
    const { jeton, debarras: d } = await uneReservation({ idLevee, idpAdr: 'T-ENLIGNE-LIMITE' });
    expect((await t.app.inject({ url: `${API}/reservations/${jeton}` })).json()).toMatchObject({ modifiable: true });
    // service call at 12:30 the same day: the day after tomorrow is closed
    const apresMidi = new Date(INSTANT_DE_TEST.getTime() + 150 * 60_000);
    expect((await consulter(t.base.db, jeton, apresMidi)).modifiable).toBe(false);
    const session = unique('session-limite').replace('.', '_');
    const horsDelai = { code: 'ETAT_INVALIDE', message: 'horsDelai' };
    await expect(
      modifier(t.base.db, jeton, { session, langue: 'fr', idLevee, objets: [{ idObjet, quantite: 1 }] }, apresMidi, SANS_COURRIEL),
    ).rejects.toMatchObject(horsDelai);
    await expect(annuler(t.base.db, jeton, { idSession: session, langue: 'fr' }, apresMidi, SANS_COURRIEL)).rejects.toMatchObject(
      horsDelai,
    );
    expect(await statutDe(d.idDebarras)).toBe('EN_ATTENTE_VALIDATION');
  });

  it('envoie la veille, dès l’heure du rappel, un rappel dans la langue du résident, une seule fois', async () => {
    const { idLevee } = await uneLevee(t.base.db, { idSecteur: secteur.idSecteur, dateLevee: dans(7), nbDebarrasMax: 5 });
    const { jeton } = await uneReservation({ idLevee, langue: 'en' });
    await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` });
    smtp.vider();
    const veille = new Date(INSTANT_DE_TEST.getTime() + 6 * 24 * 3600_000 + 9 * 3600_000);
    const horloge = horlogeFixee(veille);
    expect(await executerRappelsEnLigne(t.taches({ horloge }), t.base.db, horlogeFixee(new Date(veille.getTime() - 2 * 3600_000)))).toBe(
      'attente',
    );
    // an object taken out of the catalogue since the booking is still named
    await t.base.db.update(objet).set({ actif: 0 }).where(eq(objet.idObjet, idObjet));
    try {
      expect(await executerRappelsEnLigne(t.taches({ horloge }), t.base.db, horloge)).toBe('fait');
    } finally {
      await t.base.db.update(objet).set({ actif: 1 }).where(eq(objet.idObjet, idObjet));
    }
    const rappels = smtp.recus.filter((c) => c.subject?.startsWith('Reminder'));
    expect(rappels).toHaveLength(1);
    expect(rappels[0]!.text).toContain('7 pm');
    const [choisi] = await t.base.db.select().from(objet).where(eq(objet.idObjet, idObjet));
    // in English: the English label the catalogue was seeded with
    expect(choisi!.libelleExtEn).toBeTruthy();
    expect(rappels[0]!.text).toContain(`\nItems:\n- 2 × ${choisi!.libelleExtEn}\n`);
    await executerRappelsEnLigne(t.taches({ horloge }), t.base.db, horloge);
    expect(smtp.recus.filter((c) => c.subject?.startsWith('Reminder'))).toHaveLength(1);
  });
});

describe('réservation en ligne — saisies quelconques', () => {
  it('ne répond jamais 5xx, et une confirmation refusée n’écrit rien (3 000 saisies générées)', async () => {
    const compter = async () => (await t.base.db.select({ id: debarras.idDebarras }).from(debarras)).length;
    const texte = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('', ' ', '%00', '../', 'a'.repeat(400)),
    );
    const operations = [
      (v: string) => ({ method: 'GET' as const, url: `${API}/adresses?q=${encodeURIComponent(v)}&lang=${encodeURIComponent(v)}` }),
      (v: string) => ({ method: 'GET' as const, url: `${API}/dates?idpAdr=${encodeURIComponent(v)}` }),
      (v: string) => ({ method: 'POST' as const, url: `${API}/sessions/${encodeURIComponent(v)}/date` }),
      (v: string) => ({ method: 'POST' as const, url: `${API}/validations/${encodeURIComponent(v)}` }),
      (v: string) => ({ method: 'GET' as const, url: `${API}/reservations/${encodeURIComponent(v)}?lang=${encodeURIComponent(v)}` }),
      (v: string) => ({ method: 'PUT' as const, url: `${API}/reservations/${encodeURIComponent(v)}` }),
      (v: string) => ({ method: 'DELETE' as const, url: `${API}/reservations/${encodeURIComponent(v)}?session=${encodeURIComponent(v)}` }),
      () => ({ method: 'POST' as const, url: `${API}/reservations` }),
    ];
    // bodies near a valid booking: each field replaced by anything JSON can carry, nesting past any bound included
    const profond = fc.constantFrom(imbrication(5_000, 'tableaux'), imbrication(5_000, 'objets'));
    const corps = fc.oneof(
      fc.jsonValue(),
      profond,
      fc
        .record({ champ: fc.constantFrom(...Object.keys(saisie())), valeur: fc.oneof(fc.jsonValue(), profond) })
        .map(({ champ, valeur }) => ({
          ...saisie(),
          [champ]: valeur,
        })),
    );
    const textes = new Set(
      [...Object.values(TEXTES_EN_LIGNE.fr), ...Object.values(TEXTES_EN_LIGNE.en)].filter((v): v is string => typeof v === 'string'),
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: operations.length - 1 }), texte, corps, async (i, v, c) => {
        const confirmation = i === operations.length - 1;
        const avant = confirmation ? await compter() : 0;
        const json = { payload: enJson(c), headers: { 'content-type': 'application/json' } };
        const r = await t.app.inject({ ...operations[i]!(v), ...(i >= 5 || i === 2 ? json : {}) });
        expect(r.statusCode, r.body).toBeLessThan(500);
        if (r.statusCode >= 400) {
          // every refusal is one of the residents' texts, never a key or a server's French message
          expect(textes, r.body).toContain(r.json<{ errMsg: string }>().errMsg);
          if (confirmation) expect(await compter()).toBe(avant);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
