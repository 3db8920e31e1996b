import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  COURRIEL_MESSAGES,
  DOMAINES_EVENEMENT,
  ERREURS,
  type CauseEchecCourriel,
  type EchecsCourriel,
  type ObjetCourriel,
} from '@debarras/domain';
import { simpleParser, type ParsedMail } from 'mailparser';
import { and, desc, eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creerCourrier, type Courriel, type Courrier } from '../../courriel.js';
import { logEvenement, objet, parametre } from '../../db/schema.js';
import { horlogeFixee } from '../../horloge.js';
import { appDeTest, dans, INSTANT_DE_TEST, unique, unTelephone } from '../../test/app.js';
import { dernierEvenement, uneLevee, uneSaisieAdresse, unSecteur } from '../../test/fabriques.js';
import { enregistrer as enregistrerAdresses } from '../adresse/service.js';

/** A real SMTP server that refuses any recipient whose address starts with « refuse ». */
const recus: ParsedMail[] = [];
let smtp: SMTPServer;
let portSmtp = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(adresse, _session, retour) {
      const inconnue = Object.assign(new Error(`5.1.1 <${adresse.address}>: utilisateur inconnu`), { responseCode: 550 });
      retour(adresse.address.startsWith('refuse') ? inconnue : undefined);
    },
    onData(flux, _session, retour) {
      simpleParser(flux).then((c) => (recus.push(c), retour()), retour);
    },
  });
  await new Promise<void>((fait) => smtp.listen(0, '127.0.0.1', fait));
  portSmtp = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((fait) => (smtp ? smtp.close(() => fait()) : fait())));

const EXPEDITEUR = 'Débarras <debarras@test.local>';
const dossierTest = mkdtempSync(path.join(tmpdir(), 'debarras-courriel-'));
// DATA_DIR a file: the .eml files' folder cannot be made
const fichier = path.join(dossierTest, 'pas-un-dossier');
writeFileSync(fichier, '');
const MODES = {
  smtp: () => creerCourrier({ smtpUrl: `smtp://127.0.0.1:${portSmtp}`, mailFrom: EXPEDITEUR, dataDir: dossierTest }),
  // nothing listens on port 1
  injoignable: () => creerCourrier({ smtpUrl: 'smtp://127.0.0.1:1', mailFrom: EXPEDITEUR, dataDir: dossierTest }),
  disque: () => creerCourrier({ smtpUrl: undefined, mailFrom: EXPEDITEUR, dataDir: fichier }),
};
let mode: keyof typeof MODES = 'smtp';

/** The app's mail, sent the way the test says (its log is the app's: construireApp gives it). */
const courrier: Courrier = {
  get destination() {
    return MODES[mode]().destination;
  },
  envoyer: (c: Courriel) => MODES[mode]().envoyer(c),
};
const journal: string[] = [];
const t = appDeTest({ LOG_LEVEL: 'info' }, { courrier: () => courrier, journal: { write: (ligne) => void journal.push(ligne) } });
const API = '/webdeb/en-ligne/api';
const REST = '/webdeb/rest';

let idLevee: number;
let idObjet: number;
beforeAll(async () => {
  const secteur = await unSecteur(t.base.db);
  await enregistrerAdresses(t.base.db, [uneSaisieAdresse('T-COURRIEL-1', { nomVoie: 'Courriels', secteur: secteur.libelle })], 'test');
  ({ idLevee } = await uneLevee(t.base.db, { idSecteur: secteur.idSecteur, dateLevee: dans(7), nbDebarrasMax: 50 }));
  idObjet = (await t.base.db.select({ idObjet: objet.idObjet }).from(objet).where(eq(objet.type, 'Objet')).limit(1))[0]!.idObjet;
  // several bookings wait for their validation from the test's one address
  await t.base.db.update(parametre).set({ valeur: '100' }).where(like(parametre.cle, 'enligne.attente.%'));
});

const reserver = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/reservations`,
    payload: {
      session: unique('session-courriel').replace('.', '_'),
      langue: 'fr',
      idpAdr: 'T-COURRIEL-1',
      idLevee,
      objets: [{ idObjet, quantite: 1 }],
      nom: 'Élise Résidente',
      email,
      telephone: unTelephone(),
      consentement: true,
    },
  });

const lignesErreur = () => journal.map((l) => JSON.parse(l) as { level: number; msg: string; courriel?: Record<string, unknown> });
const dernierMessage = async () => await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.courriels);
const resume = async () => (await t.en('technique', { url: `${REST}/tache/courriels` })).json<EchecsCourriel>();

/** A booking whose e-mail fails as `mode` says: the resident gets it (201), the failure is said everywhere but to them. */
async function confirmationEnEchec(m: keyof typeof MODES, cause: CauseEchecCourriel, detail: string) {
  const avant = (await resume()).dernieres24h;
  const lignesAvant = journal.length;
  mode = m;
  const email = `${m === 'smtp' ? 'refuse' : 'elise'}.${unique('x').slice(2)}@exemple.ch`;
  const r = await reserver(email);
  mode = 'smtp';
  expect(r.statusCode, r.body).toBe(201);
  const { numero } = r.json<{ numero: string }>();
  const objetCourriel: ObjetCourriel = { nature: 'confirmation', numero };

  const nouvelles = journal.slice(lignesAvant);
  expect(nouvelles.join('\n')).not.toContain(email);
  const erreur = lignesErreur()
    .slice(lignesAvant)
    .find((l) => l.courriel);
  expect(erreur).toMatchObject({ level: 50, msg: COURRIEL_MESSAGES.journal(cause), courriel: { nature: 'confirmation', numero, cause } });

  const message = await dernierMessage();
  expect(message).toMatchObject({ type: 2, texte: COURRIEL_MESSAGES.echec(objetCourriel, cause, detail) });
  expect(message!.texte).not.toContain(email);
  expect(await resume()).toEqual({ dernieres24h: avant + 1, dernier: { date: message!.date.toISOString(), texte: message!.texte } });
}

describe('un e-mail qui échoue n’est jamais silencieux', () => {
  it('rien sur l’écran des tâches tant qu’aucun e-mail n’a échoué', async () => {
    expect(await resume()).toEqual({ dernieres24h: 0, dernier: null });
  });

  it('adresse refusée : 201 au résident, ligne d’erreur sans l’adresse, message KO « Courriels » avec le numéro, compté', async () => {
    await confirmationEnEchec('smtp', 'destinataireRefuse', '550');
  });

  it('serveur de courriel injoignable : la cause et le serveur, pas l’adresse', async () => {
    await confirmationEnEchec('injoignable', 'serveurInjoignable', 'ECONNREFUSED, SMTP 127.0.0.1:1');
  });

  it('fichier .eml impossible à écrire : la cause et le dossier, pas le fichier (nommé d’après l’adresse)', async () => {
    await confirmationEnEchec('disque', 'ecritureImpossible', `ENOTDIR, ${path.join(fichier, 'courriels')}`);
  });

  it('rappels : chaque rappel non envoyé est signalé ; serveur en panne, le passage s’arrête au premier', async () => {
    const validees: string[] = [];
    for (let i = 0; i < 2; i++) {
      recus.splice(0);
      const r = await reserver(`${unique('rappel').replace('.', '-')}@exemple.ch`);
      expect(r.statusCode, r.body).toBe(201);
      const jeton = /\/validation\/([A-Za-z0-9_-]{43})/.exec(recus[0]!.text!)![1]!;
      expect((await t.app.inject({ method: 'POST', url: `${API}/validations/${jeton}` })).statusCode).toBe(200);
      validees.push(r.json<{ numero: string }>().numero);
    }
    const avant = (await resume()).dernieres24h;
    const lignesAvant = journal.length;
    // the eve of the levée, after the reminders' hour
    const horloge = horlogeFixee(new Date(INSTANT_DE_TEST.getTime() + 6 * 24 * 3600_000 + 9 * 3600_000));
    mode = 'injoignable';
    const issue = await t.taches({ horloge, courrier }).executer('rappelsEnLigne');
    mode = 'smtp';
    expect(issue).toMatchObject({ execution: { statut: 'KO' }, aReessayer: true });
    const message = await dernierMessage();
    expect(validees).toContain(/réservation en ligne (\S+) non envoyé/.exec(message!.texte)?.[1]);
    const numero = /réservation en ligne (\S+) non envoyé/.exec(message!.texte)![1]!;
    expect(message!.texte).toBe(
      COURRIEL_MESSAGES.echec({ nature: 'rappel', numero }, 'serveurInjoignable', 'ECONNREFUSED, SMTP 127.0.0.1:1'),
    );
    expect(await resume()).toMatchObject({ dernieres24h: avant + 1 });
    expect(lignesErreur().slice(lignesAvant)).toContainEqual(
      expect.objectContaining({ level: 50, courriel: expect.objectContaining({ nature: 'rappel', numero, cause: 'serveurInjoignable' }) }),
    );

    // the server back: both reminders go on the next pass, nothing more is counted
    const suivant = await t.taches({ horloge, courrier }).executer('rappelsEnLigne');
    expect(suivant).toMatchObject({ execution: { statut: 'OK' }, aReessayer: false });
    expect(recus.filter((c) => c.subject?.startsWith('Rappel'))).toHaveLength(2);
    expect((await resume()).dernieres24h).toBe(avant + 1);
  });

  it('réserve le décompte au rôle technique', async () => {
    for (const compte of ['lecture', 'gestion', 'admin'] as const) {
      const r = await t.en(compte, { url: `${REST}/tache/courriels` });
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ errMsg: ERREURS.nonAutorise });
    }
  });
});

describe('décompte des échecs', () => {
  it('ne garde que les échecs KO du domaine « Courriels » des dernières 24 heures', async () => {
    const { dernieres24h } = await resume();
    await t.base.db.insert(logEvenement).values([
      { domaine: DOMAINES_EVENEMENT.courriels, type: 2, texte: 'ancien', date: new Date(Date.now() - 25 * 3600_000) },
      { domaine: DOMAINES_EVENEMENT.courriels, type: 1, texte: 'pas un échec' },
      { domaine: DOMAINES_EVENEMENT.envoi, type: 2, texte: 'autre domaine' },
    ]);
    expect((await resume()).dernieres24h).toBe(dernieres24h);
    const [ko] = await t.base.db
      .select()
      .from(logEvenement)
      .where(and(eq(logEvenement.domaine, DOMAINES_EVENEMENT.courriels), eq(logEvenement.type, 2)))
      .orderBy(desc(logEvenement.date))
      .limit(1);
    expect((await resume()).dernier?.texte).toBe(ko!.texte);
  });
});
