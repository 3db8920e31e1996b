import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  DOMAINES_EVENEMENT,
  SIGNALEMENT_MESSAGES,
  TEXTES_EN_LIGNE,
  type ReservationEnLigne,
  type Signalement,
  type TraitementSignalement,
} from '@debarras/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { creerCourrier } from '../../courriel.js';
import { debarras, reservationEnLigne } from '../../db/schema.js';
import { appDeTest, dans, INSTANT_DE_TEST, refus, unique, type Compte } from '../../test/app.js';
import { dernierEvenement, desLevees, unDebarras, unSecteur } from '../../test/fabriques.js';
import { serveurSmtpDeTest } from '../../test/smtp.js';

const smtp = serveurSmtpDeTest();
const t = appDeTest(
  {},
  { courrier: () => creerCourrier({ smtpUrl: smtp.url(), mailFrom: 'Débarras <debarras@test.local>', dataDir: '/tmp/inutilise' }) },
);
const REST = '/webdeb/rest';
const API = '/webdeb/en-ligne/api';

beforeEach(() => {
  smtp.vider();
});

/**
 * An online booking (validated) on a sector's standard levée of that day, and the sector's next levées (tomorrow full,
 * the day after with room); answers its link's token.
 */
async function uneReservation(
  jours: number,
  { langue = 'fr', statutLevee = 'ACTIF' }: { langue?: 'fr' | 'en'; statutLevee?: string } = {},
) {
  const s = await unSecteur(t.base.db);
  const [levee, demain, apresDemain] = await desLevees(
    t.base.db,
    { idSecteur: s.idSecteur, dateLevee: dans(jours), statut: statutLevee },
    { idSecteur: s.idSecteur, dateLevee: dans(1), nbDebarrasMax: 1 },
    { idSecteur: s.idSecteur, dateLevee: dans(2), nbDebarrasMax: 5 },
  );
  await unDebarras(t.base.db, { idLevee: demain!.idLevee });
  const d = await unDebarras(t.base.db, {
    idLevee: levee!.idLevee,
    typeDemande: 'INTERNET',
    statut: statutLevee === 'ARCHIVE' ? 'ARCHIVE' : 'ACTIF',
    email: 'habitant@exemple.ch',
    nomPersonne: 'Favre',
  });
  const jeton = randomBytes(32).toString('base64url');
  await t.base.db.insert(reservationEnLigne).values({
    idDebarras: d.idDebarras,
    empreinteJeton: createHash('sha256').update(jeton).digest('hex'),
    langue,
    idSession: unique('s'),
    empreinteEmail: 'e'.repeat(64),
    creeLe: INSTANT_DE_TEST,
  });
  return { jeton, debarras: d, levee: levee!, demain: demain!, apresDemain: apresDemain! };
}

const page = async (jeton: string) => {
  const r = await t.app.inject({ url: `${API}/reservations/${jeton}?lang=fr` });
  expect(r.statusCode).toBe(200);
  return r.json() as ReservationEnLigne;
};
const signaler = (jeton: string, corps: object = { langue: 'fr' }) =>
  t.app.inject({ method: 'POST', url: `${API}/reservations/${jeton}/signalement`, payload: corps });
const signalements = async (etat = 'OUVERT', compte: Compte = 'lecture') =>
  (await t.en(compte, { url: `${REST}/signalement?etat=${etat}` })).json() as Signalement[];
const leSignalement = async (idDebarras: number) => (await signalements()).find((s) => s.idDebarras === idDebarras)!;
const traiter = (id: number, action: 'replanifier' | 'clore', corps: object, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}/signalement/${id}/${action}`, payload: corps });

describe('le signalement « Mes objets n’ont pas été levés »', () => {
  it('est possible deux jours ouvrables après la levée, une seule fois, et le service le voit', async () => {
    // Wednesday 18.11: the levée of Monday 16.11 is two working days back, reportable until Thursday 19.11
    const { jeton, debarras: d } = await uneReservation(-2);
    expect((await page(jeton)).signalement).toEqual({ etat: 'aucun', possibleJusquAu: dans(1) });
    const r = await signaler(jeton, { langue: 'fr', remarque: 'Le canapé est toujours devant la porte' });
    expect(r.statusCode).toBe(200);
    expect((r.json() as ReservationEnLigne).signalement).toEqual({ etat: 'ouvert', possibleJusquAu: null });
    expect(refus(await signaler(jeton))).toEqual({
      statut: 409,
      code: 'ETAT_INVALIDE',
      errMsg: TEXTES_EN_LIGNE.fr.signalementDejaFait,
    });
    expect(await leSignalement(d.idDebarras)).toMatchObject({
      numero: d.numero,
      dateLevee: dans(-2),
      remarque: 'Le canapé est toujours devant la porte',
      etat: 'OUVERT',
      resultat: null,
    });
    expect(((await t.en('lecture', { url: `${REST}/signalement/compte` })).json() as { ouverts: number }).ouverts).toBeGreaterThanOrEqual(
      1,
    );
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toBe(
      `Débarras n° ${d.numero} : signalement de l’habitant, objets non levés le 16.11.2026.`,
    );
  });

  it('est refusé quatre jours ouvrables après la levée, et avant elle, dans la langue de la page', async () => {
    // Thursday 12.11 → Friday, Monday, Tuesday, Wednesday: the fourth working day
    const tard = await uneReservation(-6);
    expect((await page(tard.jeton)).signalement).toEqual({ etat: 'aucun', possibleJusquAu: null });
    expect(refus(await signaler(tard.jeton, { langue: 'en' }))).toEqual({
      statut: 409,
      code: 'ETAT_INVALIDE',
      errMsg: TEXTES_EN_LIGNE.en.signalementHorsDelai,
    });
    const tot = await uneReservation(3);
    expect(refus(await signaler(tot.jeton))).toMatchObject({ statut: 409, errMsg: TEXTES_EN_LIGNE.fr.signalementHorsDelai });
  });

  it('montre sur la page ce que l’équipe a trouvé : « non levé » et son motif', async () => {
    const { jeton, debarras: d, levee } = await uneReservation(0);
    expect((await page(jeton)).suivi).toEqual({ etat: 'aucun', le: null, motif: null });
    const r = await t.en('gestion', {
      method: 'POST',
      url: `${REST}/levee/${levee.idLevee}/equipe/resultats`,
      payload: [{ idClient: randomUUID(), idDebarras: d.idDebarras, resultat: 'INACCESSIBLE', horodatage: INSTANT_DE_TEST.toISOString() }],
    });
    expect(r.statusCode).toBe(200);
    expect((await page(jeton)).suivi).toEqual({ etat: 'nonLevee', le: dans(0), motif: 'INACCESSIBLE' });
  });
});

describe('le traitement des signalements', () => {
  it('refuse au rôle lecture de les traiter', async () => {
    const { jeton, debarras: d } = await uneReservation(-1);
    await signaler(jeton);
    const s = await leSignalement(d.idDebarras);
    expect(refus(await traiter(s.idSignalement, 'clore', { reponse: 'Vu' }, 'lecture'))).toMatchObject({ statut: 403 });
    expect(refus(await traiter(s.idSignalement, 'replanifier', {}, 'lecture'))).toMatchObject({ statut: 403 });
  });

  it('clôt avec une réponse envoyée à l’habitant dans sa langue, une seule fois', async () => {
    const { jeton, debarras: d } = await uneReservation(-1, { langue: 'en' });
    await signaler(jeton, { langue: 'en' });
    const s = await leSignalement(d.idDebarras);
    expect(refus(await traiter(s.idSignalement, 'clore', { reponse: '  ' }))).toMatchObject({
      statut: 400,
      errMsg: SIGNALEMENT_MESSAGES.reponseObligatoire,
    });
    const r = await traiter(s.idSignalement, 'clore', { reponse: 'The crew found nothing at the door.' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ courriel: 'envoye', signalement: { etat: 'RESOLU', resolution: 'CLOS', resoluPar: 'gestion' } });
    await expect.poll(() => smtp.recus.length).toBe(1);
    expect(smtp.recus[0]!.subject).toBe(`Collection no. ${d.numero}: answer to your report`);
    expect(smtp.recus[0]!.text).toContain('The crew found nothing at the door.');
    expect(refus(await traiter(s.idSignalement, 'clore', { reponse: 'Encore' }))).toMatchObject({
      statut: 409,
      errMsg: SIGNALEMENT_MESSAGES.dejaTraite,
    });
    expect((await page(jeton)).signalement.etat).toBe('traite');
  });

  it('replanifie un débarras d’une levée archivée sur la prochaine levée du secteur qui a de la place, et le dit à l’habitant', async () => {
    const { jeton, debarras: d, apresDemain } = await uneReservation(-1, { statutLevee: 'ARCHIVE' });
    expect((await page(jeton)).etat).toBe('passee');
    await signaler(jeton);
    const s = await leSignalement(d.idDebarras);
    const r = await traiter(s.idSignalement, 'replanifier', {});
    expect(r.statusCode).toBe(200);
    const traitement = r.json() as TraitementSignalement;
    // tomorrow is full: the day after
    expect(traitement).toMatchObject({ courriel: 'envoye', signalement: { resolution: 'REPLANIFIE', nouvelleDate: dans(2) } });
    const [ligne] = await t.base.db.select().from(debarras).where(eq(debarras.idDebarras, d.idDebarras));
    expect(ligne).toMatchObject({ idLevee: apresDemain.idLevee, statut: 'ACTIF' });
    await expect.poll(() => smtp.recus.length).toBe(1);
    expect(smtp.recus[0]!.subject).toBe(`Levée n° ${d.numero} : nouvelle date`);
    expect(smtp.recus[0]!.text).toContain('seront levés le vendredi 20 novembre 2026');
    const vue = await page(jeton);
    expect(vue).toMatchObject({ date: dans(2), etat: 'validee', signalement: { etat: 'traite' } });
    expect((await signalements('RESOLU')).some((x) => x.idSignalement === s.idSignalement)).toBe(true);
  });

  it('ne dépasse jamais le maximum : sans place dans le secteur, le signalement reste ouvert et le bureau le sait', async () => {
    const { jeton, debarras: d, apresDemain } = await uneReservation(-1);
    for (let i = 0; i < 5; i++) await unDebarras(t.base.db, { idLevee: apresDemain.idLevee });
    await signaler(jeton);
    const s = await leSignalement(d.idDebarras);
    expect(refus(await traiter(s.idSignalement, 'replanifier', {}))).toMatchObject({ statut: 409, code: 'ETAT_INVALIDE' });
    expect((await leSignalement(d.idDebarras)).etat).toBe('OUVERT');
    expect(smtp.recus).toHaveLength(0);
  });
});
