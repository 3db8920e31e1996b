import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  aujourdhui,
  COURRIEL_MESSAGES,
  DOMAINES_EVENEMENT,
  ENVOI_MESSAGES,
  ERREURS,
  IMPRESSION_LIBELLES,
  IMPRESSION_MESSAGES,
  PARAMETRE_CLES,
  type FormatImpression,
} from '@debarras/domain';
import { simpleParser } from 'mailparser';
import { and, desc, eq, gte } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { creerCourrier } from '../courriel.js';
import { destinataire, envoiFeuilles, logEvenement, parametre } from '../db/schema.js';
import { rendreFeuilles } from '../documents/index.js';
import { ErreurApplication } from '../erreurs.js';
import type { Horloge } from '../horloge.js';
import { appDeTest, refus, unique, type Compte } from '../test/app.js';
import { uneLevee, unDebarras, unSecteur } from '../test/fabriques.js';
import { serveurSmtpDeTest } from '../test/smtp.js';
import { executerEnvoiFeuilles } from './envoiFeuilles.js';
import { jourOuvrableSuivant } from '../joursOuvrables.js';
import { creerTaches } from './taches.js';

// the real rendering, unless a test makes it fail
vi.mock('../documents/index.js', async (original) => {
  const documents = await original<typeof import('../documents/index.js')>();
  return { ...documents, rendreFeuilles: vi.fn(documents.rendreFeuilles) };
});

const smtp = serveurSmtpDeTest();
const EXPEDITEUR = 'Débarras <debarras@test.local>';
const courrierSmtp = () => creerCourrier({ smtpUrl: smtp.url(), mailFrom: EXPEDITEUR, dataDir: '/tmp/inutilise' });
const t = appDeTest({}, { courrier: courrierSmtp });
const REST = '/webdeb/rest';

const TYPES_MIME: Record<FormatImpression, string> = {
  Word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  Excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  Pdf: 'application/pdf',
};

/** A clock stopped at a Geneva wall-clock time, e.g. '2026-11-20T16:05' (winter: UTC+1). */
const a = (geneve: string): Horloge => {
  const instant = new Date(`${geneve}:00+01:00`);
  return { maintenant: () => instant, aujourdhui: () => aujourdhui(instant) };
};

/** Only this test's recipients are active. */
async function destinataires(...types: FormatImpression[]) {
  await t.base.db.update(destinataire).set({ actif: 0 });
  return t.base.db
    .insert(destinataire)
    .values(
      types.map((type) => ({
        destinataire: unique(`Dépôt ${type}`),
        email: `${unique(type.toLowerCase())}@voirie.test`,
        description: 'Chef d’équipe',
        type,
        actif: 1,
        createdBy: 'test',
        lastModifiedBy: 'test',
      })),
    )
    .returning();
}

async function uneJourneeDeLevees(jour: string) {
  const s = await unSecteur(t.base.db);
  const l = await uneLevee(t.base.db, { dateLevee: jour, idSecteur: s.idSecteur, nbDebarrasMax: 12 });
  const d = await unDebarras(t.base.db, { idLevee: l.idLevee });
  return { s, l, d };
}

const messagesEnvoi = (depuis: Date) =>
  t.base.db
    .select()
    .from(logEvenement)
    .where(and(eq(logEvenement.domaine, DOMAINES_EVENEMENT.envoi), gte(logEvenement.date, depuis)))
    .orderBy(desc(logEvenement.idLogEvenement));

/** One pass of the evening job at that clock, through the jobs' runner. */
const passerSur = (db: typeof t.base.db, horloge: Horloge, courrier = courrierSmtp()) =>
  executerEnvoiFeuilles(creerTaches({ base: { ...t.base, db }, courrier, horloge }), db, horloge);
const passer = (horloge: Horloge, courrier = courrierSmtp()) => passerSur(t.base.db, horloge, courrier);

beforeEach(() => {
  smtp.vider();
  smtp.refuser(false);
});

describe('jour ouvrable suivant', () => {
  it('passe le week-end et les jours fériés genevois', () => {
    expect(jourOuvrableSuivant('2026-11-18')).toBe('2026-11-19');
    expect(jourOuvrableSuivant('2026-11-20')).toBe('2026-11-23');
    // 31 décembre (Restauration de la République) et 1er janvier
    expect(jourOuvrableSuivant('2026-12-30')).toBe('2027-01-04');
  });
});

describe('envoi du soir des feuilles de route', () => {
  it('envoie à chaque destinataire actif, un vendredi, les feuilles du lundi dans son format, en pièce jointe', async () => {
    const debut = new Date();
    const { s } = await uneJourneeDeLevees('2026-11-23');
    const [word, excel, pdf] = await destinataires('Word', 'Excel', 'Pdf');
    const [inactif] = await t.base.db
      .insert(destinataire)
      .values({
        destinataire: 'Ancien dépôt',
        email: 'ancien@voirie.test',
        description: 'Parti',
        type: 'Word',
        actif: 0,
        createdBy: 'test',
        lastModifiedBy: 'test',
      })
      .returning();

    expect(await passer(a('2026-11-20T16:05'))).toBe('fait');

    expect(smtp.recus.map((m) => m.to && 'text' in m.to && m.to.text).sort()).toEqual([word!.email, excel!.email, pdf!.email].sort());
    expect(smtp.recus.some((m) => JSON.stringify(m.to).includes(inactif!.email))).toBe(false);
    for (const [dest, type, extension] of [
      [word!, 'Word', 'docx'],
      [excel!, 'Excel', 'xlsx'],
      [pdf!, 'Pdf', 'pdf'],
    ] as const) {
      const m = smtp.recus.find((r) => JSON.stringify(r.to).includes(dest.email))!;
      expect(m.subject).toBe('Feuilles de route du lundi 23.11.2026');
      expect(m.from?.text).toContain('debarras@test.local');
      expect(m.text).toContain(`${s.libelle} : 1 débarras (max 12)`);
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0]).toMatchObject({ filename: `feuilles-de-route-2026-11-23.${extension}`, contentType: TYPES_MIME[type] });
      if (type === 'Pdf') expect(m.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const [bilan] = await messagesEnvoi(debut);
    expect(bilan).toMatchObject({ type: 1 });
    expect(bilan!.texte).toMatch(/^Feuilles de route du 23\.11\.2026 envoyées à 3 destinataire\(s\) : /);
  });

  it("n'envoie pas une seconde fois le même jour, ni après un redémarrage, ni depuis une seconde instance", async () => {
    await uneJourneeDeLevees('2026-11-24');
    await destinataires('Word', 'Excel');
    const soir = a('2026-11-23T16:00');
    const [premier, second] = await Promise.all([passer(soir), passer(soir)]);
    // each may have seen the other still sending: it then looks again at the next quarter
    for (const etat of [premier, second]) expect(['fait', 'a-reessayer']).toContain(etat);
    expect(await passer(a('2026-11-23T18:30'))).toBe('fait');
    expect(smtp.recus).toHaveLength(2);
    const envois = await t.base.db.select().from(envoiFeuilles).where(eq(envoiFeuilles.dateFeuilles, '2026-11-24'));
    expect(envois.map((e) => e.statut)).toEqual(['ENVOYE', 'ENVOYE']);
  });

  it("repasse tant qu'un envoi est entre les mains d'une autre instance, et le reprend si elle est morte depuis 10 minutes", async () => {
    await uneJourneeDeLevees('2026-12-01');
    const [dest] = await destinataires('Pdf');
    // another instance claimed it and died before concluding
    await t.base.db.insert(envoiFeuilles).values({
      dateFeuilles: '2026-12-01',
      idDestinataire: dest!.idDestinataire,
      email: dest!.email,
      type: 'Pdf',
      statut: 'EN_COURS',
      createdBy: 'autre',
      lastModifiedBy: 'autre',
    });
    expect(await passer(a('2026-11-30T16:00'))).toBe('a-reessayer');
    expect(smtp.recus).toHaveLength(0);

    await t.base.db
      .update(envoiFeuilles)
      .set({ lastModifiedDate: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(envoiFeuilles.dateFeuilles, '2026-12-01'));
    expect(await passer(a('2026-11-30T16:15'))).toBe('fait');
    expect(smtp.recus).toHaveLength(1);
  });

  it('journalise KO une panne avant tout envoi (la base qui refuse la réservation), et repasse', async () => {
    const debut = new Date();
    await uneJourneeDeLevees('2026-12-02');
    await destinataires('Word');
    const enPanne = Object.create(t.base.db, {
      transaction: {
        value: () => Promise.reject(new Error('base indisponible')),
      },
    }) as typeof t.base.db;
    expect(await passerSur(enPanne, a('2026-12-01T16:00'))).toBe('a-reessayer');
    const [panne] = await messagesEnvoi(debut);
    expect(panne).toMatchObject({ type: 2, texte: ENVOI_MESSAGES.erreur('base indisponible') });
    expect(smtp.recus).toHaveLength(0);
  });

  it('journalise KO un serveur SMTP qui refuse, puis envoie au passage suivant', async () => {
    const debut = new Date();
    await uneJourneeDeLevees('2026-11-26');
    const [dest] = await destinataires('Excel');
    smtp.refuser(true);
    expect(await passer(a('2026-11-25T16:00'))).toBe('a-reessayer');
    expect(smtp.recus).toHaveLength(0);
    const [bilan, echec] = await messagesEnvoi(debut);
    expect(bilan).toMatchObject({ type: 2, texte: '1 envoi(s) en échec : nouvel essai au prochain passage.' });
    expect(echec).toMatchObject({ type: 2 });
    expect(echec!.texte).toContain(`Envoi des feuilles de route du 26.11.2026 à ${dest!.destinataire} <${dest!.email}> en échec : `);
    expect(echec!.texte).toContain('Nouvel essai au prochain passage.');
    // counted with every failed e-mail, without the address
    const [courriel] = await t.base.db
      .select()
      .from(logEvenement)
      .where(and(eq(logEvenement.domaine, DOMAINES_EVENEMENT.courriels), gte(logEvenement.date, debut)));
    const objet = { nature: 'feuilles', jour: '2026-11-26', destinataire: dest!.destinataire, nouvelEssai: true } as const;
    expect(courriel).toMatchObject({
      type: 2,
      texte: COURRIEL_MESSAGES.echec(objet, 'serveurInjoignable', `421, ${courrierSmtp().destination}`),
    });

    smtp.refuser(false);
    expect(await passer(a('2026-11-25T16:15'))).toBe('fait');
    expect(smtp.recus).toHaveLength(1);
    const [envoi] = await t.base.db.select().from(envoiFeuilles).where(eq(envoiFeuilles.dateFeuilles, '2026-11-26'));
    expect(envoi).toMatchObject({ statut: 'ENVOYE', tentatives: 2, erreur: null });
  });

  it("journalise KO un document qui ne se compose pas, sans le compter parmi les courriels, puis l'envoie au passage suivant", async () => {
    const debut = new Date();
    await uneJourneeDeLevees('2026-12-16');
    const [dest] = await destinataires('Pdf');
    vi.mocked(rendreFeuilles).mockRejectedValueOnce(new ErreurApplication('INDISPONIBLE', IMPRESSION_MESSAGES.compositionTropLongue));
    expect(await passer(a('2026-12-15T16:00'))).toBe('a-reessayer');
    expect(smtp.recus).toHaveLength(0);
    // no e-mail was attempted: nothing among the e-mails' failures
    const courriels = await t.base.db
      .select()
      .from(logEvenement)
      .where(and(eq(logEvenement.domaine, DOMAINES_EVENEMENT.courriels), gte(logEvenement.date, debut)));
    expect(courriels).toHaveLength(0);
    const [bilan, echec, ...autres] = await messagesEnvoi(debut);
    expect(bilan).toMatchObject({ type: 2, texte: '1 envoi(s) en échec : nouvel essai au prochain passage.' });
    expect(echec).toMatchObject({
      type: 2,
      texte: ENVOI_MESSAGES.echec(
        '2026-12-16',
        dest!.destinataire,
        dest!.email,
        ENVOI_MESSAGES.renduEnEchec(IMPRESSION_MESSAGES.compositionTropLongue),
      ),
    });
    // one failure line for the recipient, besides the outcome
    expect(autres.filter((l) => l.type === 2)).toEqual([]);

    expect(await passer(a('2026-12-15T16:15'))).toBe('fait');
    expect(smtp.recus).toHaveLength(1);
    const [envoi] = await t.base.db.select().from(envoiFeuilles).where(eq(envoiFeuilles.dateFeuilles, '2026-12-16'));
    expect(envoi).toMatchObject({ statut: 'ENVOYE', tentatives: 2, erreur: null });
  });

  it("attend l'heure du paramètre envoi.feuilles.heure, et ne fait rien le week-end ni après 23 h", async () => {
    await uneJourneeDeLevees('2026-11-27');
    await destinataires('Word');
    expect(await passer(a('2026-11-26T15:59'))).toBe('attente');
    expect(await passer(a('2026-11-28T16:30'))).toBe('fait');
    expect(await passer(a('2026-11-26T23:05'))).toBe('fait');
    expect(smtp.recus).toHaveLength(0);
  });

  it('prend 16:00 pour une heure d’envoi à 23:00 ou au-delà, qui n’enverrait jamais rien', async () => {
    await uneJourneeDeLevees('2026-12-03');
    await destinataires('Excel');
    await t.base.db.delete(parametre).where(eq(parametre.cle, PARAMETRE_CLES.envoiFeuillesHeure));
    await t.base.db
      .insert(parametre)
      .values({ cle: PARAMETRE_CLES.envoiFeuillesHeure, valeur: '23:30', description: 'essai', createdBy: 'test', lastModifiedBy: 'test' });
    try {
      expect(await passer(a('2026-12-02T15:59'))).toBe('attente');
      expect(await passer(a('2026-12-02T16:00'))).toBe('fait');
      expect(smtp.recus).toHaveLength(1);
    } finally {
      await t.base.db.delete(parametre).where(eq(parametre.cle, PARAMETRE_CLES.envoiFeuillesHeure));
    }
  });

  it("n'envoie rien un jour sans levée, et dit pourquoi dans les messages", async () => {
    const debut = new Date();
    await destinataires('Word');
    expect(await passer(a('2026-12-03T16:00'))).toBe('fait');
    expect(smtp.recus).toHaveLength(0);
    const [message] = await messagesEnvoi(debut);
    expect(message).toMatchObject({ type: 1, texte: ENVOI_MESSAGES.aucuneLevee('2026-12-04') });
  });

  it("n'envoie rien un jour dont les levées sont toutes vides, et dit pourquoi dans les messages", async () => {
    const debut = new Date();
    await destinataires('Word');
    await uneLevee(t.base.db, { dateLevee: '2027-01-06', nom: unique('Tournée vide') });
    expect(await passer(a('2027-01-05T16:00'))).toBe('fait');
    expect(smtp.recus).toHaveLength(0);
    const [message] = await messagesEnvoi(debut);
    expect(message).toMatchObject({ type: 1, texte: ENVOI_MESSAGES.aucunDebarras('2027-01-06') });
  });

  it('écrit chaque courriel en fichier .eml sous DATA_DIR/courriels/ quand SMTP_URL manque', async () => {
    await uneJourneeDeLevees('2026-12-08');
    const [dest] = await destinataires('Pdf');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'debarras-courriels-'));
    const courrier = creerCourrier({ smtpUrl: undefined, mailFrom: EXPEDITEUR, dataDir });
    expect(await passer(a('2026-12-07T16:00'), courrier)).toBe('fait');
    const dossier = path.join(dataDir, 'courriels');
    const fichiers = readdirSync(dossier);
    expect(fichiers).toHaveLength(1);
    expect(statSync(path.join(dossier, fichiers[0]!)).mode & 0o777).toBe(0o600);
    const courriel = await simpleParser(readFileSync(path.join(dossier, fichiers[0]!)));
    expect(courriel.to && 'text' in courriel.to && courriel.to.text).toBe(dest!.email);
    expect(courriel.attachments[0]).toMatchObject({ filename: 'feuilles-de-route-2026-12-08.pdf', contentType: 'application/pdf' });
  });
});

describe('« Envoyer aux destinataires »', () => {
  const envoyer = (date: string, compte: Compte = 'admin') =>
    t.en(compte, { method: 'POST', url: `${REST}/levee/print/envoi`, payload: { date } });

  it.each(['admin', 'technique'] as const)(
    'laisse le rôle %s envoyer maintenant les feuilles du jour, même déjà envoyées',
    async (compte) => {
      const jour = compte === 'admin' ? '2026-12-09' : '2026-12-10';
      await uneJourneeDeLevees(jour);
      await destinataires('Word', 'Excel');
      const r = await envoyer(jour, compte);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ envoyes: 2, echecs: 0, message: ENVOI_MESSAGES.bilan(2, 0) });
      expect(smtp.recus).toHaveLength(2);
      expect((await envoyer(jour, compte)).json()).toMatchObject({ envoyes: 2 });
      expect(smtp.recus).toHaveLength(4);
    },
  );

  it('le refuse aux rôles lecture et gestion (403), sans rien envoyer', async () => {
    await uneJourneeDeLevees('2026-12-11');
    await destinataires('Word');
    for (const compte of ['lecture', 'gestion'] as const) {
      expect(refus(await envoyer('2026-12-11', compte))).toEqual({ statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' });
    }
    expect(smtp.recus).toHaveLength(0);
  });

  it('répond 404 un jour sans levée et 409 sans destinataire actif', async () => {
    await destinataires('Word');
    expect(refus(await envoyer('2027-02-02'))).toEqual({ statut: 404, errMsg: IMPRESSION_MESSAGES.aucuneLevee, code: 'INTROUVABLE' });
    await uneJourneeDeLevees('2027-02-03');
    await t.base.db.update(destinataire).set({ actif: 0 });
    expect(refus(await envoyer('2027-02-03'))).toEqual({
      statut: 409,
      errMsg: IMPRESSION_LIBELLES.aucunDestinataire,
      code: 'ETAT_INVALIDE',
    });
  });

  it('dit combien ont échoué quand le serveur SMTP refuse', async () => {
    await uneJourneeDeLevees('2027-02-04');
    await destinataires('Word', 'Pdf');
    smtp.refuser(true);
    expect((await envoyer('2027-02-04')).json()).toEqual({ envoyes: 0, echecs: 2, message: ENVOI_MESSAGES.bilan(0, 2) });
  });
});
