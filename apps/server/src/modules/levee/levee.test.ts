import { DATE_MESSAGES, ERREURS, LEVEE_MESSAGES, LISTE_MESSAGES, STATUTS_LEVEE, VERSION_MESSAGES, type Levee } from '@debarras/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, dans, JOUR_DE_TEST, refus, type Compte, unique } from '../../test/app.js';
import { desLevees, uneLevee, unSecteur, type NouvelleLevee } from '../../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const AUJOURDHUI = JOUR_DE_TEST;
const INTERDIT = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };
const SANS_SESSION = { statut: 401, errMsg: ERREURS.nonAuthentifie, code: 'NON_AUTHENTIFIE' };
const INTROUVABLE = { statut: 404, errMsg: ERREURS.introuvable(LEVEE_MESSAGES.introuvable), code: 'INTROUVABLE' };
const SANS_VERSION = { statut: 400, errMsg: VERSION_MESSAGES.obligatoire, code: 'SAISIE_INVALIDE' };
const saisieInvalide = (errMsg: string) => ({ statut: 400, errMsg, code: 'SAISIE_INVALIDE' });
const CONFLIT_VERSION =
  /^Cet enregistrement a été modifié par gestion le \d{2}\.\d{2}\.\d{4} - \d{2}:\d{2}:\d{2}\. Veuillez le recharger\.$/;

const uneSupplementaire = (dateLevee: string, champs: NouvelleLevee = {}) =>
  uneLevee(t.base.db, { dateLevee, nom: unique('Tournée'), supplementaire: 1, nbDebarrasMax: 10, ...champs });

const lire = (compte: Compte, chemin: string) => t.en(compte, { url: `${REST}${chemin}` });
const envoyer = (chemin: string, payload: unknown, compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}${chemin}`, payload: payload as object });
const detail = async (idLevee: number): Promise<Levee> => (await lire('gestion', `/levee/${idLevee}`)).json();

describe('droits sur les levées', () => {
  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)(
    'laisse le rôle %s consulter la liste, le détail et les prochaines levées',
    async (compte) => {
      const s = await unSecteur(t.base.db);
      const l = await uneLevee(t.base.db, { dateLevee: dans(1), idSecteur: s.idSecteur });
      for (const chemin of [
        `/levee/?secteurLibelle=${encodeURIComponent(s.libelle)}`,
        `/levee/${l.idLevee}`,
        '/levee/actif',
        `/levee/count/${dans(1)}`,
        `/levee/next/${dans(1)}`,
        `/levee/next?secteur=${encodeURIComponent(s.libelle)}`,
      ]) {
        expect((await lire(compte, chemin)).statusCode, chemin).toBe(200);
      }
    },
  );

  it("refuse au rôle lecture l'export, l'enregistrement, l'archivage, la suppression et la disponibilité (403), sans rien changer", async () => {
    const l = await uneSupplementaire(dans(3));
    const reponses = [
      await lire('lecture', '/levee/export/'),
      await envoyer('/levee', { dateLevee: dans(3), name: 'Tournée', nbDebarrasMax: 5 }, 'lecture'),
      await envoyer('/levee', { idLevee: l.idLevee, kilometrage: 12, version: 0 }, 'lecture'),
      await envoyer('/levee/archiver', { idLevee: l.idLevee, version: 0 }, 'lecture'),
      await envoyer('/levee/supprimer', { idLevee: l.idLevee, version: 0 }, 'lecture'),
      await envoyer('/levee/indisponibilite', { dateFrom: dans(1), dateTo: dans(2), newMax: 3, secteurLibelle: 'x' }, 'lecture'),
    ];
    for (const r of reponses) expect(refus(r)).toEqual(INTERDIT);
    expect(await detail(l.idLevee)).toMatchObject({ statut: 'ACTIF', kilometrage: null, version: 0 });
  });

  it('répond 401 sans session', async () => {
    expect(refus(await t.app.inject({ url: `${REST}/levee/` }))).toEqual(SANS_SESSION);
    expect(refus(await t.app.inject({ method: 'POST', url: `${REST}/levee/archiver`, payload: { idLevee: 1 } }))).toEqual(SANS_SESSION);
  });
});

describe('liste des levées', () => {
  /** Two sectors and a supplementary round sharing a prefix, so the filter isolates them. */
  async function unJeu() {
    const prefixe = unique('Liste');
    const b = await unSecteur(t.base.db, { libelle: `${prefixe} B` });
    const a = await unSecteur(t.base.db, { libelle: `${prefixe} A` });
    const [b2, a2, a1, b1] = await desLevees(
      t.base.db,
      { dateLevee: dans(2), idSecteur: b.idSecteur, kilometrage: 42.5 },
      { dateLevee: dans(2), idSecteur: a.idSecteur, nbDebarrasMax: 12, indisponibilite: 18 },
      { dateLevee: dans(1), idSecteur: a.idSecteur },
      { dateLevee: dans(1), idSecteur: b.idSecteur, statut: 'ARCHIVE' },
    );
    const c1 = await uneSupplementaire(dans(1), { nom: `${prefixe} C` });
    const d3 = await uneSupplementaire(dans(3), { nom: `${prefixe} D`, statut: 'SUPPRIME' });
    return { prefixe, a, b, a1: a1!, a2: a2!, b1: b1!, b2: b2!, c1, d3 };
  }
  const lister = async (prefixe: string, q = '') => {
    const r = await lire('lecture', `/levee/?secteurLibelle=${encodeURIComponent(prefixe)}&${q}`);
    expect(r.statusCode, r.body).toBe(200);
    return {
      total: Number(r.headers['x-total-elements']),
      ids: r.json().map((l: Levee) => l.idLevee) as number[],
      lignes: r.json() as Levee[],
    };
  };

  it("avec le filtre par défaut de l'écran (statut ACTIF), trie par date puis secteur, une levée supplémentaire sous son nom", async () => {
    const j = await unJeu();
    const actives = await lister(j.prefixe, 'statut=ACTIF&size=50');
    expect(actives.ids).toEqual([j.a1.idLevee, j.c1.idLevee, j.a2.idLevee, j.b2.idLevee]);
    expect(actives.total).toBe(4);
    expect(actives.lignes[1]).toMatchObject({
      secteur: null,
      name: `${j.prefixe} C`,
      supplementaire: 1,
      statut: 'ACTIF',
      nbDebarras: 0,
      nbReservationsEnCours: 0,
    });
    expect(actives.lignes[2]).toMatchObject({
      secteur: { id: j.a.idSecteur, libelle: j.a.libelle },
      dateLevee: dans(2),
      nbDebarrasMax: 12,
      indisponibilite: 18,
      kilometrage: null,
    });
    const toutes = await lister(j.prefixe);
    expect(toutes.ids).toEqual([j.a1.idLevee, j.b1.idLevee, j.c1.idLevee, j.a2.idLevee, j.b2.idLevee, j.d3.idLevee]);
  });

  it('filtre sur chaque colonne', async () => {
    const j = await unJeu();
    expect((await lister(j.prefixe, 'statut=ARCHIVE')).ids).toEqual([j.b1.idLevee]);
    expect((await lister(j.prefixe, 'statut=SUPPRIME')).ids).toEqual([j.d3.idLevee]);
    expect((await lister(j.prefixe, 'supplementaire=1')).ids).toEqual([j.c1.idLevee, j.d3.idLevee]);
    expect((await lister(j.prefixe, 'supplementaire=0&statut=ACTIF')).ids).toEqual([j.a1.idLevee, j.a2.idLevee, j.b2.idLevee]);
    expect((await lister(j.prefixe, `dateFrom=${dans(2)}&dateTo=${dans(2)}`)).ids).toEqual([j.a2.idLevee, j.b2.idLevee]);
    expect((await lister(j.prefixe, `dateFrom=${dans(2)}`)).ids).toEqual([j.a2.idLevee, j.b2.idLevee, j.d3.idLevee]);
    expect((await lister(j.prefixe, `dateTo=${dans(1)}`)).ids).toEqual([j.a1.idLevee, j.b1.idLevee, j.c1.idLevee]);
    expect((await lister(j.prefixe, 'nbDebarrasMax=12')).ids).toEqual([j.a2.idLevee]);
    expect((await lister(j.prefixe, 'indisponibilite=18')).ids).toEqual([j.a2.idLevee]);
    expect((await lister(j.prefixe, 'kilometrage=42.5')).ids).toEqual([j.b2.idLevee]);
    expect((await lister(`${j.prefixe} a`)).ids).toEqual([j.a1.idLevee, j.a2.idLevee]);
    expect((await lister(`${j.prefixe} c`)).ids).toEqual([j.c1.idLevee]);
    const nom = unique('Tournée Pâquis');
    const accentuee = await uneSupplementaire(dans(4), { nom });
    expect((await lister(nom.replace('Tournée Pâquis', 'TOURNEE paquis'))).ids).toEqual([accentuee.idLevee]);
  });

  it('trie sur demande, en plus de la date', async () => {
    const j = await unJeu();
    expect((await lister(j.prefixe, 'statut=ACTIF&sort=secteur.libelle,desc&sort=dateLevee,asc')).ids).toEqual([
      j.c1.idLevee,
      j.b2.idLevee,
      j.a1.idLevee,
      j.a2.idLevee,
    ]);
    expect((await lister(j.prefixe, 'statut=ACTIF&sort=nbDebarrasMax,asc')).ids[0]).toBe(j.c1.idLevee);
  });

  it('pagine par 50 avec le total dans x-total-elements', async () => {
    const s = await unSecteur(t.base.db);
    await desLevees(t.base.db, ...Array.from({ length: 55 }, (_, i) => ({ dateLevee: dans(200 + i), idSecteur: s.idSecteur })));
    const premiere = await lister(s.libelle, 'statut=ACTIF&size=50');
    expect(premiere.total).toBe(55);
    expect(premiere.lignes).toHaveLength(50);
    expect(premiere.lignes[0]!.dateLevee).toBe(dans(200));
    const seconde = await lister(s.libelle, 'statut=ACTIF&size=50&page=1');
    expect(seconde.lignes.map((l) => l.dateLevee)).toEqual([dans(250), dans(251), dans(252), dans(253), dans(254)]);
    expect(seconde.total).toBe(55);
  });

  it.each([
    ['sort=inconnu,asc', LISTE_MESSAGES.tri('inconnu,asc')],
    ['statut=FINI', LISTE_MESSAGES.filtreChoix('de statut', STATUTS_LEVEE)],
    ['supplementaire=2', LISTE_MESSAGES.filtreChoix('supplémentaire', ['0', '1'])],
    ['dateFrom=23.11.2026', LISTE_MESSAGES.filtreDate],
    ['nbDebarrasMax=beaucoup', LISTE_MESSAGES.filtreNombre],
    ['kilometrage=loin', LISTE_MESSAGES.filtreNombre],
  ])('refuse %s (400)', async (q, message) => {
    expect(refus(await lire('lecture', `/levee/?${q}`))).toEqual(saisieInvalide(message));
  });

  it('exporte les levées filtrées avec des en-têtes français et de vraies dates', async () => {
    const j = await unJeu();
    const r = await lire('gestion', `/levee/export/?secteurLibelle=${encodeURIComponent(j.prefixe)}&statut=ACTIF`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet('Levées')!;
    expect(feuille.getRow(1).values).toEqual([
      undefined,
      'Secteur',
      'Date',
      'Quantité',
      'Réservations en cours',
      'Max',
      'Indisponibilité',
      'Km',
      'Statut',
      'Supplémentaire',
    ]);
    expect(feuille.rowCount).toBe(5);
    const [a, m, jj] = dans(1).split('-').map(Number);
    expect(feuille.getRow(3).values).toEqual([
      undefined,
      `${j.prefixe} C`,
      new Date(Date.UTC(a!, m! - 1, jj!)),
      0,
      0,
      10,
      0,
      undefined,
      'Actif',
      'Oui',
    ]);
    expect(feuille.getRow(3).getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect(feuille.getRow(5).values).toEqual([undefined, j.b.libelle, expect.any(Date), 0, 0, 30, 0, 42.5, 'Actif', 'Non']);
  });
});

describe("détail d'une levée", () => {
  it('donne la levée avec son secteur, ses compteurs et son audit', async () => {
    const s = await unSecteur(t.base.db);
    const l = await uneLevee(t.base.db, { dateLevee: dans(4), idSecteur: s.idSecteur, kilometrage: 7 });
    const r = await lire('lecture', `/levee/${l.idLevee}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      idLevee: l.idLevee,
      dateLevee: dans(4),
      secteur: { id: s.idSecteur, libelle: s.libelle },
      name: null,
      statut: 'ACTIF',
      supplementaire: 0,
      nbDebarras: 0,
      nbDebarrasMax: 30,
      nbReservationsEnCours: 0,
      indisponibilite: 0,
      kilometrage: 7,
      aDesDebarras: false,
      nbResultats: 0,
      createdDate: expect.any(String),
      createdBy: 'test',
      lastModifiedDate: expect.any(String),
      lastModifiedBy: 'test',
      version: 0,
    });
  });

  it('répond 404 pour une levée inconnue et 400 pour un identifiant invalide', async () => {
    expect(refus(await lire('lecture', '/levee/987654'))).toEqual(INTROUVABLE);
    for (const id of ['abc', '0', '99999999999']) {
      expect(refus(await lire('lecture', `/levee/${id}`)), id).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
    }
  });
});

describe("ajout d'une levée supplémentaire", () => {
  it("crée une levée supplémentaire active, sans secteur, datée d'aujourd'hui ou plus tard", async () => {
    for (const dateLevee of [AUJOURDHUI, dans(5)]) {
      const r = await envoyer('/levee', { dateLevee, name: '  Tournée de Noël  ', nbDebarrasMax: 8 });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        dateLevee,
        name: 'Tournée de Noël',
        secteur: null,
        supplementaire: 1,
        statut: 'ACTIF',
        nbDebarrasMax: 8,
        indisponibilite: 0,
        kilometrage: null,
        createdBy: 'gestion',
        version: 0,
      });
      expect((await detail(r.json().idLevee)).name).toBe('Tournée de Noël');
    }
  });

  it("refuse une modification invalide par son propre message, sans jamais créer de levée, même si le corps a tout d'une supplémentaire", async () => {
    const l = (await envoyer('/levee', { dateLevee: dans(6), name: 'Modèle', nbDebarrasMax: 5 })).json<Levee>();
    const avant = (await lire('gestion', '/levee/?size=1')).headers['x-total-elements'];
    const r = await envoyer('/levee', {
      idLevee: l.idLevee,
      version: l.version,
      kilometrage: -1,
      dateLevee: dans(6),
      name: 'Copie',
      nbDebarrasMax: 5,
    });
    expect(refus(r)).toEqual(saisieInvalide(LEVEE_MESSAGES.kilometrage));
    expect((await lire('gestion', '/levee/?size=1')).headers['x-total-elements']).toBe(avant);
  });

  it.each([
    [{ name: 'Tournée', nbDebarrasMax: 5 }, LEVEE_MESSAGES.dateObligatoire],
    [{ dateLevee: '', name: 'Tournée', nbDebarrasMax: 5 }, LEVEE_MESSAGES.dateObligatoire],
    [{ dateLevee: '2026-02-30', name: 'Tournée', nbDebarrasMax: 5 }, DATE_MESSAGES.format],
    [{ dateLevee: 'DATE', nbDebarrasMax: 5 }, LEVEE_MESSAGES.nomObligatoire],
    [{ dateLevee: 'DATE', name: '   ', nbDebarrasMax: 5 }, LEVEE_MESSAGES.nomObligatoire],
    [{ dateLevee: 'DATE', name: 'x'.repeat(256), nbDebarrasMax: 5 }, LEVEE_MESSAGES.nomTropLong],
    [{ dateLevee: 'DATE', name: 'Tournée' }, LEVEE_MESSAGES.maxObligatoire],
    [{ dateLevee: 'DATE', name: 'Tournée', nbDebarrasMax: null }, LEVEE_MESSAGES.maxObligatoire],
    [{ dateLevee: 'DATE', name: 'Tournée', nbDebarrasMax: 0 }, LEVEE_MESSAGES.maxMinimum],
    [{ dateLevee: 'DATE', name: 'Tournée', nbDebarrasMax: 2.5 }, LEVEE_MESSAGES.maxMinimum],
    [{ dateLevee: 'DATE', name: 'Tournée', nbDebarrasMax: 10000 }, LEVEE_MESSAGES.maxTropGrand],
  ])('refuse %j : « %s »', async (champs, message) => {
    // tomorrow, computed when the test runs
    const payload = Object.fromEntries(Object.entries(champs).map(([cle, v]) => [cle, v === 'DATE' ? dans(1) : v]));
    expect(refus(await envoyer('/levee', payload))).toEqual(saisieInvalide(message));
  });

  it('refuse une date passée, sans rien créer', async () => {
    const nom = unique('Passée');
    const r = await envoyer('/levee', { dateLevee: dans(-1), name: nom, nbDebarrasMax: 5 });
    expect(refus(r)).toEqual(saisieInvalide(LEVEE_MESSAGES.datePassee));
    expect((await lire('gestion', `/levee/?secteurLibelle=${nom}`)).headers['x-total-elements']).toBe('0');
  });

  it("refuse un corps qui n'est pas une levée", async () => {
    for (const payload of [[], 'texte', null]) {
      const r = await t.en('gestion', {
        method: 'POST',
        url: `${REST}/levee`,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(refus(r), r.body).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
    }
  });
});

describe('enregistrement du détail', () => {
  const modifier = (l: { idLevee: number; version: number }, champs: object) =>
    envoyer('/levee', { idLevee: l.idLevee, version: l.version, ...champs });

  it("enregistre le kilométrage d'une levée standard active, puis l'efface", async () => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(6), idSecteur: (await unSecteur(t.base.db)).idSecteur });
    const r = await modifier(l, { kilometrage: 23.4, nbDebarrasMax: 30 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ kilometrage: 23.4, nbDebarrasMax: 30, lastModifiedBy: 'gestion', version: 1 });
    const efface = await modifier(r.json(), { kilometrage: null });
    expect(efface.json()).toMatchObject({ kilometrage: null, version: 2 });
    expect((await detail(l.idLevee)).kilometrage).toBeNull();
  });

  it("n'écrit rien quand rien ne change : ni nouvelle version, ni auteur", async () => {
    const l = await uneSupplementaire(dans(6), { kilometrage: 15, nbDebarrasMax: 10 });
    const r = await modifier(l, { kilometrage: 15, nbDebarrasMax: 10 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ kilometrage: 15, version: 0, lastModifiedBy: 'test' });
    expect(await detail(l.idLevee)).toMatchObject({ version: 0, lastModifiedBy: 'test' });
  });

  it("garde le kilométrage quand il n'est pas envoyé", async () => {
    const l = await uneSupplementaire(dans(6), { kilometrage: 15 });
    const r = await modifier(l, { nbDebarrasMax: 4 });
    expect(r.json()).toMatchObject({ kilometrage: 15, nbDebarrasMax: 4 });
  });

  it("change le maximum d'une levée supplémentaire active", async () => {
    const l = await uneSupplementaire(dans(6));
    const r = await modifier(l, { nbDebarrasMax: 25, kilometrage: 0 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ nbDebarrasMax: 25, kilometrage: 0, version: 1 });
  });

  it("refuse de changer le maximum d'une levée standard", async () => {
    const l = await uneLevee(t.base.db, { dateLevee: dans(6), idSecteur: (await unSecteur(t.base.db)).idSecteur });
    expect(refus(await modifier(l, { nbDebarrasMax: 12, kilometrage: 3 }))).toEqual(saisieInvalide(LEVEE_MESSAGES.maxStandard));
    expect(await detail(l.idLevee)).toMatchObject({ nbDebarrasMax: 30, kilometrage: null, version: 0 });
  });

  it.each([
    [{ kilometrage: -1 }, LEVEE_MESSAGES.kilometrage],
    [{ kilometrage: 'loin' }, LEVEE_MESSAGES.kilometrage],
    [{ nbDebarrasMax: 0 }, LEVEE_MESSAGES.maxMinimum],
    [{ nbDebarrasMax: 10000 }, LEVEE_MESSAGES.maxTropGrand],
    [{ idLevee: 'abc' }, "L'identifiant de la levée est obligatoire."],
    [{ idLevee: 99999999999 }, "L'identifiant de la levée doit être un nombre entier positif."],
    [{ version: 99999999999 }, VERSION_MESSAGES.invalide],
    [{ version: undefined }, VERSION_MESSAGES.obligatoire],
  ])('refuse %j : « %s », sans rien changer', async (champs, message) => {
    const l = await uneSupplementaire(dans(6));
    expect(refus(await modifier(l, { kilometrage: 5, ...champs }))).toEqual(saisieInvalide(message));
    expect(await detail(l.idLevee)).toMatchObject({ kilometrage: null, version: 0 });
  });

  it.each(['ARCHIVE', 'SUPPRIME'] as const)("refuse d'enregistrer une levée %s (409 ETAT_INVALIDE)", async (statut) => {
    const l = await uneSupplementaire(dans(-2), { statut });
    expect(refus(await modifier(l, { kilometrage: 10 }))).toEqual({ statut: 409, errMsg: LEVEE_MESSAGES.nonActive, code: 'ETAT_INVALIDE' });
  });

  it('refuse une version périmée (409) et une levée inconnue (404)', async () => {
    const l = await uneSupplementaire(dans(6));
    expect((await modifier(l, { kilometrage: 1 })).statusCode).toBe(200);
    const perimee = refus(await modifier(l, { kilometrage: 2 }));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(CONFLIT_VERSION);
    expect((await detail(l.idLevee)).kilometrage).toBe(1);
    expect(refus(await modifier({ idLevee: 987654, version: 0 }, { kilometrage: 2 }))).toEqual(INTROUVABLE);
  });
});

describe('archivage', () => {
  const archiver = (l: { idLevee: number; version?: number }) => envoyer('/levee/archiver', { idLevee: l.idLevee, version: l.version });

  it("archive une levée active d'aujourd'hui ou passée", async () => {
    const s = await unSecteur(t.base.db);
    for (const dateLevee of [AUJOURDHUI, dans(-3)]) {
      const l = await uneLevee(t.base.db, { dateLevee, idSecteur: s.idSecteur });
      const r = await archiver(l);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ idLevee: l.idLevee, statut: 'ARCHIVE', lastModifiedBy: 'gestion', version: 1 });
      expect((await detail(l.idLevee)).statut).toBe('ARCHIVE');
    }
  });

  it("refuse d'archiver une levée future, ou qui n'est pas active (409)", async () => {
    const future = await uneLevee(t.base.db, { dateLevee: dans(1), idSecteur: (await unSecteur(t.base.db)).idSecteur });
    const archivee = await uneSupplementaire(dans(-1), { statut: 'ARCHIVE' });
    const supprimee = await uneSupplementaire(dans(-1), { statut: 'SUPPRIME' });
    for (const l of [future, archivee, supprimee]) {
      expect(refus(await archiver(l))).toEqual({ statut: 409, errMsg: LEVEE_MESSAGES.archivageImpossible, code: 'ETAT_INVALIDE' });
      expect((await detail(l.idLevee)).statut).toBe(l.statut);
    }
  });

  it('refuse une version absente (400) ou périmée (409 CONFLIT_VERSION), sans rien archiver', async () => {
    const l = await uneSupplementaire(AUJOURDHUI);
    const modifiee: Levee = (await envoyer('/levee', { idLevee: l.idLevee, version: l.version, kilometrage: 4 })).json();
    expect(refus(await archiver({ idLevee: l.idLevee }))).toEqual(SANS_VERSION);
    const perimee = refus(await archiver(l));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(CONFLIT_VERSION);
    expect(await detail(l.idLevee)).toMatchObject({ statut: 'ACTIF', version: 1 });
    expect((await archiver(modifiee)).json()).toMatchObject({ statut: 'ARCHIVE', version: 2 });
  });

  it('répond 404 pour une levée inconnue et 400 sans identifiant', async () => {
    expect(refus(await archiver({ idLevee: 987654, version: 0 }))).toEqual(INTROUVABLE);
    expect(refus(await envoyer('/levee/archiver', {}))).toEqual(saisieInvalide(LEVEE_MESSAGES.identifiantObligatoire));
  });
});

describe('suppression', () => {
  const supprimer = (l: { idLevee: number; version?: number }) => envoyer('/levee/supprimer', { idLevee: l.idLevee, version: l.version });

  it('supprime une levée supplémentaire active', async () => {
    const l = await uneSupplementaire(dans(2));
    const r = await supprimer(l);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ statut: 'SUPPRIME', version: 1 });
    expect((await detail(l.idLevee)).statut).toBe('SUPPRIME');
  });

  it("refuse de supprimer une levée standard, ou une supplémentaire qui n'est plus active (409)", async () => {
    const standard = await uneLevee(t.base.db, { dateLevee: dans(2), idSecteur: (await unSecteur(t.base.db)).idSecteur });
    const archivee = await uneSupplementaire(dans(-2), { statut: 'ARCHIVE' });
    for (const l of [standard, archivee]) {
      expect(refus(await supprimer(l))).toEqual({ statut: 409, errMsg: LEVEE_MESSAGES.suppressionImpossible, code: 'ETAT_INVALIDE' });
      expect((await detail(l.idLevee)).statut).toBe(l.statut);
    }
    expect(refus(await supprimer({ idLevee: 987654, version: 0 }))).toEqual(INTROUVABLE);
  });

  it('refuse une version absente (400) ou périmée (409 CONFLIT_VERSION), sans rien supprimer', async () => {
    const l = await uneSupplementaire(dans(2));
    await envoyer('/levee', { idLevee: l.idLevee, version: l.version, kilometrage: 4 });
    expect(refus(await supprimer({ idLevee: l.idLevee }))).toEqual(SANS_VERSION);
    expect(refus(await supprimer(l))).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(await detail(l.idLevee)).toMatchObject({ statut: 'ACTIF', version: 1 });
  });
});

describe('levées actives, nombre et prochaine date', () => {
  it("/levee/actif donne les levées actives d'aujourd'hui et après, par date", async () => {
    const s = await unSecteur(t.base.db);
    const [hier, auj, demain, archivee] = await desLevees(
      t.base.db,
      { dateLevee: dans(-1), idSecteur: s.idSecteur },
      { dateLevee: AUJOURDHUI, idSecteur: s.idSecteur },
      { dateLevee: dans(1), idSecteur: s.idSecteur },
      { dateLevee: dans(2), idSecteur: s.idSecteur, statut: 'ARCHIVE' },
    );
    const r = await lire('lecture', '/levee/actif');
    expect(r.statusCode).toBe(200);
    const levees: Levee[] = r.json();
    const ids = levees.map((l) => l.idLevee);
    expect(ids).toContain(auj!.idLevee);
    expect(ids.indexOf(auj!.idLevee)).toBeLessThan(ids.indexOf(demain!.idLevee));
    expect(ids).not.toContain(hier!.idLevee);
    expect(ids).not.toContain(archivee!.idLevee);
    expect(levees.every((l) => l.statut === 'ACTIF' && l.dateLevee >= AUJOURDHUI)).toBe(true);
    expect(levees.map((l) => l.dateLevee)).toEqual(levees.map((l) => l.dateLevee).sort());
  });

  it('/levee/count/{date} compte les levées actives du jour', async () => {
    const jour = dans(400);
    const s = await unSecteur(t.base.db);
    await desLevees(
      t.base.db,
      { dateLevee: jour, idSecteur: s.idSecteur },
      { dateLevee: jour, idSecteur: (await unSecteur(t.base.db)).idSecteur, statut: 'ARCHIVE' },
      { dateLevee: jour, nom: 'Supplément', supplementaire: 1 },
      { dateLevee: dans(401), idSecteur: s.idSecteur },
    );
    const r = await lire('lecture', `/levee/count/${jour}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toBe(2);
    expect((await lire('lecture', `/levee/count/${dans(402)}`)).json()).toBe(0);
    expect(refus(await lire('lecture', '/levee/count/2026-02-30'))).toEqual(saisieInvalide(DATE_MESSAGES.format));
  });

  it("/levee/next/{date} donne la prochaine date d'une levée active, ce jour compris", async () => {
    const s = await unSecteur(t.base.db);
    await desLevees(
      t.base.db,
      { dateLevee: dans(500), idSecteur: s.idSecteur, statut: 'SUPPRIME' },
      { dateLevee: dans(503), idSecteur: s.idSecteur },
    );
    for (const depuis of [dans(500), dans(503)]) {
      const r = await lire('lecture', `/levee/next/${depuis}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      expect(r.json()).toBe(dans(503));
    }
    const aucune = await lire('lecture', `/levee/next/${dans(504)}`);
    expect(aucune.statusCode).toBe(200);
    expect(aucune.json()).toBeNull();
    expect(refus(await lire('lecture', '/levee/next/demain'))).toEqual(saisieInvalide(DATE_MESSAGES.format));
  });
});

describe("prochaines levées d'un secteur", () => {
  const prochaines = async (q: string) => {
    const r = await lire('gestion', `/levee/next?${q}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Levee[];
  };

  it("donne ses levées actives et les supplémentaires dès demain, dès aujourd'hui pour un sauvage urgent", async () => {
    const s = await unSecteur(t.base.db);
    const autre = await unSecteur(t.base.db);
    const [auj, demain, apresDemain, archivee, ailleurs] = await desLevees(
      t.base.db,
      { dateLevee: AUJOURDHUI, idSecteur: s.idSecteur },
      { dateLevee: dans(1), idSecteur: s.idSecteur },
      { dateLevee: dans(2), idSecteur: s.idSecteur },
      { dateLevee: dans(3), idSecteur: s.idSecteur, statut: 'ARCHIVE' },
      { dateLevee: dans(1), idSecteur: autre.idSecteur },
    );
    const supplementaire = await uneSupplementaire(dans(1));
    const q = `secteur=${encodeURIComponent(s.libelle)}`;
    const normales = await prochaines(q);
    const ids = normales.map((l) => l.idLevee);
    expect(ids.filter((id) => [auj, demain, apresDemain, archivee, ailleurs].some((l) => l!.idLevee === id))).toEqual([
      demain!.idLevee,
      apresDemain!.idLevee,
    ]);
    expect(ids).toContain(supplementaire.idLevee);
    expect(
      normales.every((l) => l.statut === 'ACTIF' && l.dateLevee >= dans(1) && (l.supplementaire === 1 || l.secteur?.id === s.idSecteur)),
    ).toBe(true);
    expect(normales.map((l) => l.dateLevee)).toEqual(normales.map((l) => l.dateLevee).sort());
    expect(normales.find((l) => l.idLevee === demain!.idLevee)).toMatchObject({
      nbDebarras: 0,
      nbDebarrasMax: 30,
      nbReservationsEnCours: 0,
    });
    expect((await prochaines(`${q}&sauvageurgent=false`)).map((l) => l.idLevee)).toEqual(ids);
    const urgentes = (await prochaines(`${q}&sauvageurgent=true`)).map((l) => l.idLevee);
    expect(urgentes[0]).toBe(auj!.idLevee);
    expect(urgentes).toContain(demain!.idLevee);
  });

  it('en donne 30 au plus, sans tenir compte de la casse du libellé', async () => {
    const s = await unSecteur(t.base.db);
    await desLevees(t.base.db, ...Array.from({ length: 35 }, (_, i) => ({ dateLevee: dans(1 + i), idSecteur: s.idSecteur })));
    const levees = await prochaines(`secteur=${encodeURIComponent(s.libelle.toUpperCase())}`);
    expect(levees).toHaveLength(30);
    expect(levees.map((l) => l.dateLevee)).toEqual(levees.map((l) => l.dateLevee).sort());
  });

  it('refuse un secteur inconnu ou absent (400)', async () => {
    expect(refus(await lire('gestion', '/levee/next?secteur=Nulle%20part'))).toEqual(
      saisieInvalide(LEVEE_MESSAGES.secteurInconnu('Nulle part')),
    );
    expect(refus(await lire('gestion', '/levee/next'))).toEqual(saisieInvalide(LEVEE_MESSAGES.secteurRechercheObligatoire));
    expect(refus(await lire('gestion', '/levee/next?secteur=x&sauvageurgent=oui'))).toEqual(saisieInvalide(LEVEE_MESSAGES.sauvageUrgent));
  });
});

describe("modification d'une disponibilité", () => {
  const disponibilite = (payload: object, compte: Compte = 'gestion') => envoyer('/levee/indisponibilite', payload, compte);

  it("donne le nouveau maximum et l'indisponibilité à chaque levée standard active du secteur entre les dates", async () => {
    const s = await unSecteur(t.base.db);
    const autre = await unSecteur(t.base.db);
    const [debut, milieu, fin, archivee, apres, ailleurs] = await desLevees(
      t.base.db,
      { dateLevee: dans(10), idSecteur: s.idSecteur },
      { dateLevee: dans(11), idSecteur: s.idSecteur, nbDebarrasMax: 12, indisponibilite: 18 },
      { dateLevee: dans(12), idSecteur: s.idSecteur },
      { dateLevee: dans(13), idSecteur: s.idSecteur, statut: 'ARCHIVE' },
      { dateLevee: dans(14), idSecteur: s.idSecteur },
      { dateLevee: dans(11), idSecteur: autre.idSecteur },
    );
    const supplementaire = await uneSupplementaire(dans(11), { idSecteur: s.idSecteur });
    const r = await disponibilite({ dateFrom: dans(10), dateTo: dans(13), newMax: 20, secteurLibelle: s.libelle.toUpperCase() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ statut: '0', message: LEVEE_MESSAGES.leveesModifiees(3), depassements: [] });
    for (const l of [debut, milieu, fin]) {
      expect(await detail(l!.idLevee)).toMatchObject({ nbDebarrasMax: 20, indisponibilite: 10, lastModifiedBy: 'gestion', version: 1 });
    }
    for (const l of [archivee, apres, ailleurs])
      expect(await detail(l!.idLevee)).toMatchObject({ nbDebarrasMax: 30, indisponibilite: 0, version: 0 });
    expect(await detail(supplementaire.idLevee)).toMatchObject({ nbDebarrasMax: 10, version: 0 });

    const plus = await disponibilite({ dateFrom: dans(11), dateTo: dans(11), newMax: 40, secteurLibelle: s.libelle });
    expect(plus.json()).toMatchObject({ statut: '0', message: LEVEE_MESSAGES.leveesModifiees(1) });
    expect(await detail(milieu!.idLevee)).toMatchObject({ nbDebarrasMax: 40, indisponibilite: 0 });
    await disponibilite({ dateFrom: dans(12), dateTo: dans(12), newMax: 0, secteurLibelle: s.libelle });
    expect(await detail(fin!.idLevee)).toMatchObject({ nbDebarrasMax: 0, indisponibilite: 30 });
  });

  it("accepte aujourd'hui comme début et répond 0 levée quand aucune ne correspond", async () => {
    const s = await unSecteur(t.base.db);
    const r = await disponibilite({ dateFrom: AUJOURDHUI, dateTo: AUJOURDHUI, newMax: 5, secteurLibelle: s.libelle });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ statut: '0', message: LEVEE_MESSAGES.leveesModifiees(0), depassements: [] });
  });

  const valide = { dateFrom: dans(1), dateTo: dans(2), newMax: 5, secteurLibelle: 'Secteur' };
  it.each([
    [{ ...valide, dateFrom: undefined }, LEVEE_MESSAGES.dateDebutObligatoire],
    [{ ...valide, dateFrom: '' }, LEVEE_MESSAGES.dateDebutObligatoire],
    [{ ...valide, dateTo: undefined }, LEVEE_MESSAGES.dateFinObligatoire],
    [{ ...valide, dateTo: '' }, LEVEE_MESSAGES.dateFinObligatoire],
    [{ ...valide, newMax: undefined }, LEVEE_MESSAGES.nouveauMaxObligatoire],
    [{ ...valide, newMax: null }, LEVEE_MESSAGES.nouveauMaxObligatoire],
    [{ ...valide, newMax: -1 }, LEVEE_MESSAGES.nouveauMaxMinimum],
    [{ ...valide, newMax: 1.5 }, LEVEE_MESSAGES.nouveauMaxMinimum],
    [{ ...valide, newMax: 10000 }, LEVEE_MESSAGES.nouveauMaxTropGrand],
    [{ ...valide, secteurLibelle: undefined }, LEVEE_MESSAGES.secteurObligatoire],
    [{ ...valide, secteurLibelle: ' ' }, LEVEE_MESSAGES.secteurObligatoire],
    [{ ...valide, dateFrom: dans(3) }, LEVEE_MESSAGES.finAvantDebut],
    [{ ...valide, dateFrom: dans(-1) }, LEVEE_MESSAGES.debutAvantAujourdhui],
    [{ ...valide, secteurLibelle: 'Nulle part' }, LEVEE_MESSAGES.secteurInconnu('Nulle part')],
  ])('refuse %j : « %s »', async (payload, message) => {
    expect(refus(await disponibilite(payload))).toEqual(saisieInvalide(message));
  });

  it('ne change rien quand le début est passé, même si la période couvre des levées futures', async () => {
    const s = await unSecteur(t.base.db);
    const l = await uneLevee(t.base.db, { dateLevee: dans(1), idSecteur: s.idSecteur });
    const r = await disponibilite({ dateFrom: dans(-1), dateTo: dans(1), newMax: 3, secteurLibelle: s.libelle });
    expect(refus(r)).toEqual(saisieInvalide(LEVEE_MESSAGES.debutAvantAujourdhui));
    expect(await detail(l.idLevee)).toMatchObject({ nbDebarrasMax: 30, version: 0 });
  });
});
