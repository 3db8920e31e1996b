import { PARAMETRE_CLES, TEXTES_EN_LIGNE, type DateEnLigne, type Levee } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Courriel } from '../../courriel.js';
import { debarras, objet, parametre, reservationEnLigne } from '../../db/schema.js';
import { appDeTest, dans, INSTANT_DE_TEST, refus, unique } from '../../test/app.js';
import { uneAdresse, uneLevee, uneReservationEnLigne, unSecteur } from '../../test/fabriques.js';
import { SANS_COURRIEL } from '../../test/smtp.js';
import { boiteAuxLettres, valider as validerEnLigne } from './service.js';

/**
 * Holding places costs (docs/regles.md « Réservation en ligne », « Abus »): bookings awaiting validation are bounded
 * per client address, per mailbox and per levée, staff never lose a place to them, and the links of the e-mails
 * never come from the request.
 */
const courriels: Courriel[] = [];
const PAR_MINUTE = 8;
const PUBLIC_URL = 'https://debarras.example.ch/webdeb/';
const t = appDeTest(
  // the general request limit off: the booking's own limits hold without it
  { REQUETES_PAR_MINUTE: '0', CONFIRMATIONS_PAR_MINUTE: String(PAR_MINUTE), PUBLIC_URL },
  { courrier: () => ({ destination: 'mémoire', envoyer: async (c) => void courriels.push(c) }) },
);
const API = '/webdeb/en-ligne/api';
const fr = TEXTES_EN_LIGNE.fr;
const en = TEXTES_EN_LIGNE.en;

let idSecteur: number;
let idpAdr: string;
/**
 * The buildings the bookings come from, one after the other: the limits count per client and mailbox, and one
 * mailbox booking twice at one address would be refused as a duplicate first (docs/regles.md « Doublons »).
 */
let immeubles: string[];
let reservations = 0;
let idObjet: number;
let client = 0;
/** A client address no other booking of the file comes from. */
const uneIp = () => `198.51.100.${++client}`;
const session = () => unique('session-limites').replace('.', '_');

beforeAll(async () => {
  const secteur = await unSecteur(t.base.db);
  idSecteur = secteur.idSecteur;
  idpAdr = await uneAdresse(t.base.db, unique('Rue des Limites'), secteur.libelle);
  immeubles = [idpAdr];
  for (let n = 1; n < 12; n++) immeubles.push(await uneAdresse(t.base.db, unique('Rue des Limites'), secteur.libelle));
  idObjet = (await t.base.db.select({ idObjet: objet.idObjet }).from(objet).where(eq(objet.type, 'Objet')).limit(1))[0]!.idObjet;
});

const uneLeveeDe = async (nbDebarrasMax: number, jours = 3) =>
  (await uneLevee(t.base.db, { idSecteur, dateLevee: dans(jours), nbDebarrasMax })).idLevee;

function reserver(idLevee: number, { ip = uneIp(), ...champs }: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/reservations`,
    remoteAddress: ip as string,
    payload: uneReservationEnLigne({ idpAdr: immeubles[reservations++ % immeubles.length]!, idLevee, idObjet }, champs),
  });
}

/** The token of the validation link of the newest e-mail to `email`. */
function jetonPour(email: string) {
  const courriel = courriels.findLast((c) => c.a === email)!;
  return /\/validation\/([A-Za-z0-9_-]{43})/.exec(courriel.texte)![1]!;
}

async function reserverEtJeton(idLevee: number, champs: Record<string, unknown> = {}) {
  const email = `${unique('v')}@exemple.ch`;
  const r = await reserver(idLevee, { email, ...champs });
  expect(r.statusCode, r.body).toBe(201);
  return { jeton: jetonPour(email), numero: r.json<{ numero: string }>().numero };
}

/** A clerk's débarras by phone on the levée, without forcing its capacity. */
const parLePersonnel = (idLevee: number) =>
  t.en('gestion', {
    method: 'POST',
    url: '/webdeb/rest/debarras',
    payload: {
      typeDemande: 'TELEPHONE',
      adresse: { idpAdr },
      levee: { idLevee },
      nomPersonne: 'Appel',
      telephone: '022 418 00 00',
      debarrasObjets: [{ objet: { idObjet }, quantite: 1 }],
    },
  });

const valider = (jeton: string) => t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}?lang=fr` });
const statutDe = async (numero: string) =>
  (await t.base.db.select({ statut: debarras.statut }).from(debarras).where(eq(debarras.numero, numero)))[0]!.statut;

describe('réservation en ligne — les places en attente de validation', () => {
  it('ne laisse une adresse IP tenir que trois réservations en attente, et le dit dans la langue du résident', async () => {
    const idLevee = await uneLeveeDe(30);
    const ip = uneIp();
    const emails = [0, 1, 2].map(() => `${unique('ip')}@exemple.ch`);
    for (const email of emails) expect((await reserver(idLevee, { ip, email })).statusCode).toBe(201);
    expect(refus(await reserver(idLevee, { ip }))).toEqual({ statut: 429, code: 'TROP_DE_REQUETES', errMsg: fr.tropEnAttente });
    expect(refus(await reserver(idLevee, { ip, langue: 'en' }))).toEqual({
      statut: 429,
      code: 'TROP_DE_REQUETES',
      errMsg: en.tropEnAttente,
    });
    // a validated booking no longer holds a place in waiting: the address may book again
    expect((await valider(jetonPour(emails[0]!))).statusCode).toBe(200);
    expect((await reserver(idLevee, { ip })).statusCode).toBe(201);
    // the address's digest served the wait only
    const empreintes = await t.base.db
      .select({ empreinteClient: reservationEnLigne.empreinteClient })
      .from(reservationEnLigne)
      .innerJoin(debarras, eq(debarras.idDebarras, reservationEnLigne.idDebarras))
      .where(eq(debarras.email, emails[0]!));
    expect(empreintes).toEqual([{ empreinteClient: null }]);
  });

  it('ne dépasse aucune limite sous des confirmations simultanées, d’une même adresse IP comme vers une même boîte', async () => {
    const idLevee = await uneLeveeDe(30, 14);
    const ip = uneIp();
    const memeIp = await Promise.all(Array.from({ length: PAR_MINUTE }, () => reserver(idLevee, { ip })));
    expect(memeIp.filter((r) => r.statusCode === 201)).toHaveLength(3);
    const email = `${unique('simultanee')}@exemple.ch`;
    const memeBoite = await Promise.all(Array.from({ length: 8 }, () => reserver(idLevee, { email })));
    expect(memeBoite.filter((r) => r.statusCode === 201)).toHaveLength(3);
  });

  it('compte une même boîte e-mail quelle que soit son écriture : majuscules, +étiquette, points de Gmail', async () => {
    const idLevee = await uneLeveeDe(30, 12);
    const nom = unique('boite').replace('.', '');
    for (const email of [`${nom}+a@gmail.com`, `${nom.toUpperCase()}@Gmail.com`, `${nom.slice(0, 3)}.${nom.slice(3)}+zz@googlemail.com`]) {
      expect((await reserver(idLevee, { email })).statusCode, email).toBe(201);
    }
    expect(refus(await reserver(idLevee, { email: `${nom}@gmail.com` }))).toMatchObject({ statut: 429, errMsg: fr.tropEnAttente });
    expect(boiteAuxLettres('Jean.Dupont+x@GoogleMail.com')).toBe('jeandupont@gmail.com');
    expect(boiteAuxLettres('Jean.Dupont+x@Exemple.ch')).toBe('jean.dupont@exemple.ch');
  });

  it('ne laisse les réservations en attente prendre que 20 % des places d’une levée ; la date n’est plus proposée', async () => {
    const idLevee = await uneLeveeDe(10, 4);
    const dates = async () => (await t.app.inject({ url: `${API}/dates?idpAdr=${idpAdr}` })).json<DateEnLigne[]>().map((d) => d.idLevee);
    const premiere = await reserverEtJeton(idLevee);
    await reserverEtJeton(idLevee);
    expect(await dates()).not.toContain(idLevee);
    expect(refus(await reserver(idLevee))).toEqual({ statut: 409, code: 'CAPACITE_DEPASSEE', errMsg: fr.attenteComplete });
    expect((await valider(premiere.jeton)).statusCode).toBe(200);
    expect(await dates()).toContain(idLevee);
    expect((await reserver(idLevee)).statusCode).toBe(201);
  });

  it('garde une place en attente au moins, même sur une petite levée', async () => {
    const idLevee = await uneLeveeDe(2, 5);
    await reserverEtJeton(idLevee);
    expect(refus(await reserver(idLevee))).toMatchObject({ statut: 409, errMsg: fr.attenteComplete });
  });

  it('ne refuse jamais une place au personnel à cause des réservations en attente, et la liste des levées les compte', async () => {
    const idLevee = await uneLeveeDe(3, 6);
    const enAttente = await reserverEtJeton(idLevee);
    for (let i = 0; i < 3; i++) expect((await parLePersonnel(idLevee)).statusCode).toBe(200);
    expect(refus(await parLePersonnel(idLevee))).toMatchObject({ statut: 409, code: 'CAPACITE_DEPASSEE' });
    const levee = (await t.en('lecture', { url: `/webdeb/rest/levee/${idLevee}` })).json<Levee>();
    expect(levee).toMatchObject({ nbDebarras: 3, nbReservationsEnCours: 1, nbDebarrasMax: 3 });

    // the place it held was taken: the booking waits, and the resident chooses another date from it
    expect(refus(await valider(enAttente.jeton))).toEqual({ statut: 409, code: 'CAPACITE_DEPASSEE', errMsg: fr.completAValidation });
    expect(await statutDe(enAttente.numero)).toBe('EN_ATTENTE_VALIDATION');
    const autre = await uneLeveeDe(30, 7);
    const change = await t.app.inject({
      method: 'PUT',
      url: `${API}/reservations/${enAttente.jeton}`,
      payload: { idLevee: autre, objets: [{ idObjet, quantite: 1 }], session: session(), langue: 'fr' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await valider(enAttente.jeton)).statusCode).toBe(200);
    expect(await statutDe(enAttente.numero)).toBe('ACTIF');
  });

  it('dit qu’il est trop tard pour choisir une autre date quand la levée s’est remplie et que sa limite est passée', async () => {
    const idLevee = await uneLeveeDe(1, 2);
    const { jeton, numero } = await reserverEtJeton(idLevee);
    expect((await parLePersonnel(idLevee)).statusCode).toBe(200);
    // the link followed at 13:00, past the noon cut-off of the day after tomorrow, within a validation delay of 10 h
    const apresLaLimite = new Date(INSTANT_DE_TEST.getTime() + 3 * 60 * 60 * 1000);
    const delai = eq(parametre.cle, PARAMETRE_CLES.enLigneValidationMinutes);
    await t.base.db.update(parametre).set({ valeur: '600' }).where(delai);
    try {
      await expect(validerEnLigne(t.base.db, jeton, apresLaLimite, SANS_COURRIEL)).rejects.toMatchObject({
        code: 'CAPACITE_DEPASSEE',
        message: 'completHorsDelai',
      });
    } finally {
      await t.base.db.update(parametre).set({ valeur: '120' }).where(delai);
    }
    expect(await statutDe(numero)).toBe('EN_ATTENTE_VALIDATION');
  });

  it('lit chaque limite dans son paramètre', async () => {
    const idLevee = await uneLeveeDe(30, 8);
    await t.base.db.update(parametre).set({ valeur: '1' }).where(eq(parametre.cle, PARAMETRE_CLES.enLigneAttenteParClient));
    try {
      const ip = uneIp();
      expect((await reserver(idLevee, { ip })).statusCode).toBe(201);
      expect(refus(await reserver(idLevee, { ip }))).toMatchObject({ statut: 429, errMsg: fr.tropEnAttente });
    } finally {
      await t.base.db.update(parametre).set({ valeur: '3' }).where(eq(parametre.cle, PARAMETRE_CLES.enLigneAttenteParClient));
    }
  });

  it('limite les confirmations par minute et par adresse IP même sans limite générale des requêtes', async () => {
    const idLevee = await uneLeveeDe(30, 9);
    const ip = uneIp();
    const statuts = [];
    for (let i = 0; i < PAR_MINUTE; i++) statuts.push(refus(await reserver(idLevee, { ip })).statut ?? 201);
    expect(statuts.filter((s) => s === 201)).toHaveLength(3);
    expect(refus(await reserver(idLevee, { ip }))).toMatchObject({ statut: 429, errMsg: fr.tropDeRequetes });
  });

  it('compte une adresse IPv6 par son réseau /64, pour les réservations en attente comme pour les confirmations par minute', async () => {
    const idLevee = await uneLeveeDe(30, 13);
    const reseau = `2001:db8:${client++}:2`;
    const statuts = [];
    for (let i = 1; i <= PAR_MINUTE; i++) statuts.push((await reserver(idLevee, { ip: `${reseau}::${i.toString(16)}` })).statusCode);
    expect(statuts).toEqual([201, 201, 201, ...Array<number>(PAR_MINUTE - 3).fill(429)]);
    expect(refus(await reserver(idLevee, { ip: `${reseau}:ffff:ffff:ffff:ffff` }))).toMatchObject({
      statut: 429,
      errMsg: fr.tropDeRequetes,
    });
    expect((await reserver(idLevee, { ip: `2001:db8:${client++}:3::1` })).statusCode).toBe(201);
  });
});

describe('réservation en ligne — l’e-mail', () => {
  it('construit ses liens sur PUBLIC_URL, jamais sur les en-têtes Host ou X-Forwarded-Host de la requête', async () => {
    const email = `${unique('hote')}@exemple.ch`;
    const r = await t.app.inject({
      method: 'POST',
      url: `${API}/reservations`,
      remoteAddress: uneIp(),
      headers: { host: 'evil.example/phish?x=', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: {
        session: session(),
        langue: 'fr',
        idpAdr,
        idLevee: await uneLeveeDe(30, 10),
        objets: [{ idObjet, quantite: 1 }],
        nom: 'Résidente',
        email,
        consentement: true,
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const texte = courriels.findLast((c) => c.a === email)!.texte;
    expect(texte).not.toContain('evil');
    const liens = texte.match(/https?:\/\/\S+/g)!;
    expect(liens).toHaveLength(2);
    for (const lien of liens) expect(lien.startsWith(`${PUBLIC_URL}en-ligne/`), lien).toBe(true);
  });

  it('refuse un nom, un e-mail ou un téléphone sur plusieurs lignes, dans la langue du résident, et ne crée rien', async () => {
    const idLevee = await uneLeveeDe(30, 11);
    const nom = `Jean${unique('x')}\n\nVOTRE COMPTE EST SUSPENDU: http://evil.example/pay\n`;
    expect(refus(await reserver(idLevee, { nom }))).toEqual({ statut: 400, code: 'SAISIE_INVALIDE', errMsg: fr.uneLigne });
    expect(refus(await reserver(idLevee, { nom, langue: 'en' }))).toMatchObject({ errMsg: en.uneLigne });
    expect(refus(await reserver(idLevee, { nom: 'Jean\u2028Dupont' }))).toMatchObject({ errMsg: fr.uneLigne });
    expect(refus(await reserver(idLevee, { email: 'jean@exemple.ch\r\nBcc: tous@exemple.ch' }))).toMatchObject({ statut: 400 });
    expect(refus(await reserver(idLevee, { telephone: '022 418\n00 00' }))).toMatchObject({ errMsg: fr.uneLigne });
    expect(await t.base.db.select().from(debarras).where(eq(debarras.idLevee, idLevee))).toEqual([]);
    // a remark keeps its lines, and the e-mail stays plain text
    const email = `${unique('remarque')}@exemple.ch`;
    expect((await reserver(idLevee, { email, remarque: 'Au fond de la cour\nà gauche' })).statusCode).toBe(201);
    expect((await t.base.db.select().from(debarras).where(eq(debarras.email, email)))[0]!.remarqueGenerale).toBe(
      'Au fond de la cour\nà gauche',
    );
  });
});
