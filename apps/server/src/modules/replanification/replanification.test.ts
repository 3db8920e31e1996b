import { randomUUID } from 'node:crypto';
import {
  DEBARRAS_MESSAGES,
  DOMAINES_EVENEMENT,
  REPLANIFICATION_MESSAGES,
  type ListeAReplanifier,
  type ReponseReplanification,
} from '@debarras/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { creerCourrier } from '../../courriel.js';
import { debarras, levee, reservationEnLigne } from '../../db/schema.js';
import { appDeTest, dans, INSTANT_DE_TEST, refus, unique, type Compte } from '../../test/app.js';
import { dernierEvenement, desLevees, uneLevee, unDebarras, unSecteur } from '../../test/fabriques.js';
import { serveurSmtpDeTest } from '../../test/smtp.js';

const smtp = serveurSmtpDeTest();
const t = appDeTest(
  {},
  { courrier: () => creerCourrier({ smtpUrl: smtp.url(), mailFrom: 'Débarras <debarras@test.local>', dataDir: '/tmp/inutilise' }) },
);
const REST = '/webdeb/rest';

beforeEach(() => {
  smtp.vider();
});

/** What the office records for a stop, as staff signed in. */
async function resultat(idLevee: number, idDebarras: number, code: string, remarque?: string) {
  const r = await t.en('gestion', {
    method: 'POST',
    url: `${REST}/levee/${idLevee}/equipe/resultats`,
    payload: [{ idClient: randomUUID(), idDebarras, resultat: code, remarque, horodatage: INSTANT_DE_TEST.toISOString() }],
  });
  expect(r.statusCode).toBe(200);
  expect(r.json()[0].statut).toBe('enregistre');
}

const liste = async (compte: Compte = 'lecture') => {
  const r = await t.en(compte, { url: `${REST}/replanification` });
  expect(r.statusCode).toBe(200);
  return r.json() as ListeAReplanifier;
};
const replanifier = (corps: object, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}/replanification`, payload: corps });
const replanifies = async (corps: object) => {
  const r = await replanifier(corps);
  expect(r.statusCode).toBe(200);
  return r.json() as ReponseReplanification;
};
const leveeDe = async (idDebarras: number) =>
  (await t.base.db.select({ idLevee: debarras.idLevee }).from(debarras).where(eq(debarras.idDebarras, idDebarras)))[0]!.idLevee;

/** A sector whose standard levée of today took two débarras, and its next levées (tomorrow full, then 1 place, then 5). */
async function unSecteurCollecte() {
  const s = await unSecteur(t.base.db);
  const [aujourdhui, demain, apresDemain, ensuite] = await desLevees(
    t.base.db,
    { idSecteur: s.idSecteur, dateLevee: dans(0), nbDebarrasMax: 10 },
    { idSecteur: s.idSecteur, dateLevee: dans(1), nbDebarrasMax: 1 },
    { idSecteur: s.idSecteur, dateLevee: dans(2), nbDebarrasMax: 1 },
    { idSecteur: s.idSecteur, dateLevee: dans(5), nbDebarrasMax: 5 },
  );
  await unDebarras(t.base.db, { idLevee: demain!.idLevee });
  const absent = await unDebarras(t.base.db, { idLevee: aujourdhui!.idLevee, email: 'favre@exemple.ch', nomPersonne: 'Favre' });
  const inaccessible = await unDebarras(t.base.db, { idLevee: aujourdhui!.idLevee, email: null });
  const leve = await unDebarras(t.base.db, { idLevee: aujourdhui!.idLevee });
  await resultat(aujourdhui!.idLevee, absent.idDebarras, 'ABSENT', 'Rien devant l’immeuble');
  await resultat(aujourdhui!.idLevee, inaccessible.idDebarras, 'INACCESSIBLE');
  await resultat(aujourdhui!.idLevee, leve.idDebarras, 'LEVE');
  return { secteur: s, aujourdhui: aujourdhui!, demain: demain!, apresDemain: apresDemain!, ensuite: ensuite!, absent, inaccessible, leve };
}

describe('« À replanifier »', () => {
  it('liste les débarras non levés et ceux dont la levée est passée sans résultat, pour chaque rôle', async () => {
    const c = await unSecteurCollecte();
    const hier = await uneLevee(t.base.db, { dateLevee: dans(-1) });
    const sansResultat = await unDebarras(t.base.db, { idLevee: hier.idLevee });
    const aVenir = await unDebarras(t.base.db, { idLevee: c.ensuite.idLevee });
    for (const compte of ['lecture', 'gestion', 'admin', 'technique'] as const) {
      const { lignes } = await liste(compte);
      const ids = lignes.map((l) => l.idDebarras);
      expect(ids).toEqual(expect.arrayContaining([c.absent.idDebarras, c.inaccessible.idDebarras, sansResultat.idDebarras]));
      expect(ids).not.toContain(c.leve.idDebarras);
      expect(ids).not.toContain(aVenir.idDebarras);
    }
    const { lignes } = await liste();
    expect(lignes.find((l) => l.idDebarras === c.absent.idDebarras)).toMatchObject({
      motif: 'ABSENT',
      remarque: 'Rien devant l’immeuble',
      email: true,
      dateLevee: dans(0),
    });
    expect(lignes.find((l) => l.idDebarras === sansResultat.idDebarras)).toMatchObject({ motif: 'AUCUN', remarque: null, email: false });
  });

  it('refuse la replanification au rôle lecture', async () => {
    const c = await unSecteurCollecte();
    expect(refus(await replanifier({ idDebarras: [c.absent.idDebarras] }, 'lecture'))).toMatchObject({ statut: 403 });
    expect(await leveeDe(c.absent.idDebarras)).toBe(c.aujourdhui.idLevee);
  });

  it('place chacun sur la prochaine levée de son secteur qui a de la place, sans jamais dépasser son maximum', async () => {
    const c = await unSecteurCollecte();
    const r = await replanifies({ idDebarras: [c.inaccessible.idDebarras, c.absent.idDebarras] });
    expect(r.nonDeplaces).toEqual([]);
    // tomorrow is full; the day after has one place, the next one takes the second
    expect(r.deplaces.map((d) => d.dateLevee).sort()).toEqual([dans(2), dans(5)]);
    expect(r.deplaces.every((d) => d.courriel === 'non_demande')).toBe(true);
    const places = async (idLevee: number) => (await t.en('lecture', { url: `${REST}/levee/${idLevee}` })).json().nbDebarras;
    expect(await places(c.demain.idLevee)).toBe(1);
    expect(await places(c.apresDemain.idLevee)).toBe(1);
    expect(await places(c.ensuite.idLevee)).toBe(1);
    // off the list; the detail shows no result on the new levée, and what was found stays with the old one
    const ids = (await liste()).lignes.map((l) => l.idDebarras);
    expect(ids).not.toContain(c.absent.idDebarras);
    const detail = (await t.en('lecture', { url: `${REST}/debarras/${c.absent.idDebarras}` })).json();
    expect(detail.resultat).toBeNull();
    const anciens = (await t.en('lecture', { url: `${REST}/levee/${c.aujourdhui.idLevee}/resultats` })).json() as unknown[];
    expect(anciens).toEqual(expect.arrayContaining([expect.objectContaining({ idDebarras: c.absent.idDebarras, code: 'ABSENT' })]));
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.tournee))?.texte).toMatch(
      /^Débarras n° .+ : non levé le 18\.11\.2026, replanifié au /,
    );
  });

  it("dit ceux qu'aucune levée du secteur ne peut prendre, et laisse ceux qui ne sont pas à replanifier", async () => {
    const c = await unSecteurCollecte();
    // the later levées fill up: one place left in all
    await unDebarras(t.base.db, { idLevee: c.apresDemain.idLevee });
    for (let i = 0; i < 4; i++) await unDebarras(t.base.db, { idLevee: c.ensuite.idLevee });
    const r = await replanifies({ idDebarras: [c.absent.idDebarras, c.inaccessible.idDebarras, c.leve.idDebarras] });
    expect(r.deplaces).toHaveLength(1);
    expect(r.deplaces[0]!.dateLevee).toBe(dans(5));
    const numero = (d: { numero: string }) => d.numero;
    const restes = [c.absent, c.inaccessible].find((d) => d.idDebarras !== r.deplaces[0]!.idDebarras)!;
    expect(r.nonDeplaces).toEqual(
      expect.arrayContaining([
        { idDebarras: restes.idDebarras, numero: numero(restes), message: REPLANIFICATION_MESSAGES.aucunePlace(restes.numero) },
        { idDebarras: c.leve.idDebarras, numero: numero(c.leve), message: REPLANIFICATION_MESSAGES.pasAReplanifier(c.leve.numero) },
      ]),
    );
    expect(await leveeDe(c.leve.idDebarras)).toBe(c.aujourdhui.idLevee);
  });

  it('refuse en entier une levée choisie qui ne peut pas les prendre tous, ou passée', async () => {
    const c = await unSecteurCollecte();
    expect(
      refus(await replanifier({ idDebarras: [c.absent.idDebarras, c.inaccessible.idDebarras], idLevee: c.apresDemain.idLevee })),
    ).toEqual({
      statut: 409,
      code: 'CAPACITE_DEPASSEE',
      errMsg: REPLANIFICATION_MESSAGES.pasDePlace(1),
    });
    expect(await leveeDe(c.absent.idDebarras)).toBe(c.aujourdhui.idLevee);
    expect(await leveeDe(c.inaccessible.idDebarras)).toBe(c.aujourdhui.idLevee);
    expect(refus(await replanifier({ idDebarras: [c.absent.idDebarras], idLevee: c.aujourdhui.idLevee }))).toMatchObject({
      statut: 400,
      errMsg: REPLANIFICATION_MESSAGES.leveePassee,
    });
    const archivee = await uneLevee(t.base.db, { dateLevee: dans(3), statut: 'ARCHIVE' });
    expect(refus(await replanifier({ idDebarras: [c.absent.idDebarras], idLevee: archivee.idLevee }))).toMatchObject({
      statut: 400,
      errMsg: DEBARRAS_MESSAGES.leveeNonActive,
    });
    const r = await replanifies({ idDebarras: [c.absent.idDebarras, c.inaccessible.idDebarras], idLevee: c.ensuite.idLevee });
    expect(r.deplaces.map((d) => d.idLevee)).toEqual([c.ensuite.idLevee, c.ensuite.idLevee]);
  });

  it('ne replace jamais un débarras sur la levée qu’il quitte, même si elle a encore de la place', async () => {
    const c = await unSecteurCollecte();
    const surApresDemain = await unDebarras(t.base.db, { idLevee: c.ensuite.idLevee });
    await resultat(c.ensuite.idLevee, surApresDemain.idDebarras, 'REFUSE');
    const r = await replanifies({ idDebarras: [surApresDemain.idDebarras] });
    expect(r.deplaces.map((d) => d.dateLevee)).toEqual([dans(2)]);
  });

  it('refuse une sélection vide ou trop longue', async () => {
    expect(refus(await replanifier({ idDebarras: [] }))).toMatchObject({ statut: 400, errMsg: REPLANIFICATION_MESSAGES.selectionVide });
    const trop = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(refus(await replanifier({ idDebarras: trop }))).toMatchObject({
      statut: 400,
      errMsg: REPLANIFICATION_MESSAGES.selectionTropLongue,
    });
  });

  it('prévient le demandeur par e-mail, dans la langue de sa réservation en ligne, quand il a une adresse', async () => {
    const c = await unSecteurCollecte();
    await t.base.db.insert(reservationEnLigne).values({
      idDebarras: c.absent.idDebarras,
      empreinteJeton: unique('j').padEnd(64, '0').slice(0, 64),
      langue: 'en',
      idSession: unique('s'),
      empreinteEmail: 'e'.repeat(64),
      creeLe: INSTANT_DE_TEST,
    });
    const r = await replanifies({ idDebarras: [c.absent.idDebarras, c.inaccessible.idDebarras], courriel: true });
    const statut = (id: number) => r.deplaces.find((d) => d.idDebarras === id)!.courriel;
    expect(statut(c.absent.idDebarras)).toBe('envoye');
    expect(statut(c.inaccessible.idDebarras)).toBe('sans_adresse');
    await expect.poll(() => smtp.recus.length).toBe(1);
    const [courriel] = smtp.recus;
    expect(courriel!.subject).toBe(`Collection no. ${c.absent.numero}: your items were not collected`);
    expect(courriel!.text).toContain('were not collected on Wednesday 18 November 2026: the crew found no items to collect.');
    // the numbers decide which goes first: Friday's one place, then Monday
    const nouvelle = r.deplaces.find((d) => d.idDebarras === c.absent.idDebarras)!.dateLevee;
    expect(courriel!.text).toContain(`They will be collected on ${nouvelle === dans(2) ? 'Friday 20' : 'Monday 23'} November 2026.`);
    expect((await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.courriels))?.texte).toContain(
      `du débarras ${c.absent.numero} envoyé à l'habitant, en anglais`,
    );
  });
});

// PGlite runs one transaction at a time: only a PostgreSQL server can hold a levée in another request meanwhile.
describe.runIf(inject('modeleBase').moteur === 'postgresql')('« À replanifier » en concurrence', () => {
  it('passe une levée qu’une autre requête tient, plutôt que de l’attendre en tenant les débarras', async () => {
    const c = await unSecteurCollecte();
    let liberer!: () => void;
    const tenue = new Promise<void>((r) => (liberer = r));
    let signaler!: () => void;
    const verrouillee = new Promise<void>((r) => (signaler = r));
    const autre = t.base.db.transaction(async (tx) => {
      await tx.select().from(levee).where(eq(levee.idLevee, c.apresDemain.idLevee)).for('update');
      signaler();
      await tenue;
    });
    await verrouillee;
    const r = await replanifies({ idDebarras: [c.absent.idDebarras] });
    liberer();
    await autre;
    expect(r.deplaces.map((d) => d.dateLevee)).toEqual([dans(5)]);
  });
});
