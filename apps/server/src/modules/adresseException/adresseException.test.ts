import {
  ADRESSE_EXCEPTION_FILTRE_DEFAUT,
  ADRESSE_EXCEPTION_LIBELLES,
  ADRESSE_EXCEPTION_MESSAGES,
  CARTE_MESSAGES,
  ERREURS,
  LISTE_MESSAGES,
  REMARQUE_EXCEPTION_MAX,
  STATUTS_EXCEPTION,
  VERSION_MESSAGES,
  type AdresseException,
} from '@debarras/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appDeTest, JOUR_DE_TEST, refus, unique, type Compte } from '../../test/app.js';
import { adresse as adresseTable } from '../../db/schema.js';
import { uneAdresse } from '../../test/fabriques.js';

const t = appDeTest();
const REST = '/webdeb/rest/adresseexception';
const M = ADRESSE_EXCEPTION_MESSAGES;
const INTROUVABLE = { statut: 404, errMsg: ERREURS.introuvable(M.introuvable), code: 'INTROUVABLE' };
const saisieInvalide = (errMsg: string) => ({ statut: 400, errMsg, code: 'SAISIE_INVALIDE' });

/** An address of the register under a label of its own: answers its idpAdr and label. */
async function adresse(libelle = unique('Rue des Exceptions')) {
  return { idpAdr: await uneAdresse(t.base.db, libelle), libelle };
}

const enregistrer = (payload: object, compte: Compte = 'admin') => t.en(compte, { method: 'POST', url: REST, payload });
const copier = (payload: object, compte: Compte = 'admin') => t.en(compte, { method: 'POST', url: `${REST}/clone`, payload });
const supprimer = (id: number, version?: number) =>
  t.en('admin', { method: 'DELETE', url: `${REST}/${id}${version === undefined ? '' : `?version=${version}`}` });
const lire = (url: string, compte: Compte = 'admin') => t.en(compte, { url: `${REST}${url}` });
const etendue = (idpAdrs: string[], compte: Compte = 'gestion') =>
  t.en(compte, { method: 'POST', url: `${REST}/extent`, payload: idpAdrs });

/** A depot point and works a few metres from the test register's addresses (2 500 000, 1 117 000). */
const DEPOT = {
  remarqueInterne: 'Conteneurs dans la cour',
  remarquePublique: 'Déposer devant le portail',
  xdepot: 2500003.25,
  ydepot: 1117002.5,
};
const TRAVAUX = {
  remarqueTravaux: 'Rue fermée : déposer au coin',
  dateDebutTravaux: '2026-11-10',
  dateFinTravaux: '2026-12-20',
  xtravaux: 2500010,
  ytravaux: 1116995.75,
};

async function uneException(champs: Record<string, unknown> = {}): Promise<AdresseException> {
  const { idpAdr } = await adresse();
  const r = await enregistrer({ idpadr: idpAdr, ...DEPOT, ...champs });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

describe('adresses exceptions : droits', () => {
  const interdit = { statut: 403, errMsg: ERREURS.nonAutorise, code: 'NON_AUTORISE' };
  /** The ten calls and the export, each with a body or a path that would be accepted. */
  const appels = (e: AdresseException, idpAdrLibre: string) => ({
    lecture: [
      { url: `${REST}/exists/${e.idpadr}` },
      { url: `${REST}/byidpadr/${e.idpadr}` },
      { url: `${REST}/idpadr` },
      { method: 'POST' as const, url: `${REST}/extent`, payload: [e.idpadr] },
    ],
    gestion: [
      { url: `${REST}/` },
      { url: `${REST}/export/` },
      { url: `${REST}/${e.id}` },
      { method: 'POST' as const, url: REST, payload: { ...e, remarqueInterne: 'Changée' } },
      { method: 'POST' as const, url: `${REST}/clone`, payload: [{ idpadr: idpAdrLibre, ...DEPOT }] },
      // after the update just above
      { method: 'DELETE' as const, url: `${REST}/${e.id}?version=${e.version + 1}` },
    ],
  });

  it('refuse le rôle lecture partout', async () => {
    const e = await uneException();
    const { lecture, gestion } = appels(e, (await adresse()).idpAdr);
    for (const appel of [...lecture, ...gestion]) expect(refus(await t.en('lecture', appel)), appel.url).toEqual(interdit);
  });

  it('laisse le rôle gestion lire les exceptions des cartes et du formulaire de débarras, et rien de plus', async () => {
    const e = await uneException();
    const { lecture, gestion } = appels(e, (await adresse()).idpAdr);
    for (const appel of lecture) expect((await t.en('gestion', appel)).statusCode, appel.url).toBe(200);
    for (const appel of gestion) expect(refus(await t.en('gestion', appel)), appel.url).toEqual(interdit);
    expect((await lire(`/${e.id}`)).json()).toMatchObject({ remarqueInterne: DEPOT.remarqueInterne, version: 0 });
  });

  it.each(['admin', 'technique'] as const)('laisse le rôle %s faire chaque appel', async (compte) => {
    const e = await uneException();
    const { lecture, gestion } = appels(e, (await adresse()).idpAdr);
    for (const appel of [...lecture, ...gestion]) expect((await t.en(compte, appel)).statusCode, appel.url).toBe(200);
  });

  it('répond 401 sans session', async () => {
    expect((await t.app.inject({ url: `${REST}/idpadr` })).statusCode).toBe(401);
  });
});

describe('adresses exceptions : création, modification, suppression', () => {
  it("crée l'exception d'une adresse du registre, sous le libellé du registre, puis la modifie et la supprime", async () => {
    const { idpAdr, libelle } = await adresse();
    const cree = await enregistrer({ idpadr: idpAdr, adresse: 'Libellé tapé ailleurs', ...DEPOT, ...TRAVAUX });
    expect(cree.statusCode, cree.body).toBe(200);
    const e = cree.json();
    expect(e).toMatchObject({ idpadr: idpAdr, adresse: libelle, ...DEPOT, ...TRAVAUX, statut: 'ACTIF', version: 0, createdBy: 'admin' });
    expect((await lire(`/${e.id}`)).json()).toEqual(e);

    const modifie = await enregistrer({ ...e, remarquePublique: 'Derrière la haie', statut: 'INACTIF' }, 'technique');
    expect(modifie.statusCode, modifie.body).toBe(200);
    expect(modifie.json()).toMatchObject({
      remarquePublique: 'Derrière la haie',
      statut: 'INACTIF',
      version: 1,
      lastModifiedBy: 'technique',
    });

    const supprime = await supprimer(e.id, 1);
    expect(supprime.statusCode).toBe(200);
    expect(supprime.json()).toMatchObject({ id: e.id, adresse: libelle });
    expect(refus(await lire(`/${e.id}`))).toEqual(INTROUVABLE);
    expect((await lire(`/exists/${idpAdr}`)).json()).toBe(false);
  });

  it("répond le statut ACTIF/INACTIF de l'exception, comme la spécification", async () => {
    const e = await uneException();
    const lue = (await lire(`/${e.id}`)).json();
    expect(lue).toMatchObject({ statut: 'ACTIF' });
    expect(lue).not.toHaveProperty('actif');

    const inactive = await enregistrer({ ...lue, statut: 'INACTIF' });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect(inactive.json()).toMatchObject({ statut: 'INACTIF', version: 1 });
    const liste = async (filtres: Record<string, string>) =>
      (await lire(`/?${new URLSearchParams({ idpadr: e.idpadr, ...filtres })}`)).json() as AdresseException[];
    expect(await liste(ADRESSE_EXCEPTION_FILTRE_DEFAUT)).toEqual([]);
    expect(await liste({ statut: 'INACTIF' })).toMatchObject([{ id: e.id, statut: 'INACTIF' }]);
  });

  it('vide une remarque ou un point effacé, et garde une exception sans rien que son adresse', async () => {
    const e = await uneException(TRAVAUX);
    const vide = { remarqueInterne: '', remarquePublique: null, xdepot: '', ydepot: null, remarqueTravaux: ' ' };
    const sansTravaux = { dateDebutTravaux: '', dateFinTravaux: null, xtravaux: null, ytravaux: '' };
    const r = await enregistrer({ ...e, ...vide, ...sansTravaux });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      remarqueInterne: null,
      remarquePublique: null,
      xdepot: null,
      remarqueTravaux: null,
      dateFinTravaux: null,
    });
  });

  it("refuse une adresse absente du registre : « L'adresse … n'existe pas dans le registre des adresses. »", async () => {
    expect(refus(await enregistrer({ idpadr: 'INCONNUE-42' }))).toEqual(saisieInvalide(M.adresseInconnue('INCONNUE-42')));
  });

  it("refuse une deuxième exception sur la même adresse : « L'adresse {adresse} existe déjà, veuillez la modifier. »", async () => {
    const { idpAdr, libelle } = await adresse();
    expect((await enregistrer({ idpadr: idpAdr })).statusCode).toBe(200);
    expect(refus(await enregistrer({ idpadr: idpAdr, ...DEPOT }))).toEqual({
      statut: 409,
      errMsg: M.adresseExistante(libelle),
      code: 'DOUBLON',
    });
  });

  it('donne le même refus à deux créations simultanées sur la même adresse : une seule est enregistrée', async () => {
    const { idpAdr, libelle } = await adresse();
    const reponses = await Promise.all(Array.from({ length: 4 }, () => enregistrer({ idpadr: idpAdr, ...DEPOT })));
    expect(reponses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of reponses.filter((x) => x.statusCode !== 200)) {
      expect(refus(r)).toEqual({ statut: 409, errMsg: M.adresseExistante(libelle), code: 'DOUBLON' });
    }
  });

  it("refuse de changer l'adresse d'une exception", async () => {
    const e = await uneException();
    const autre = await adresse();
    expect(refus(await enregistrer({ ...e, idpadr: autre.idpAdr }))).toEqual(saisieInvalide(M.adresseNonModifiable));
    expect((await lire(`/exists/${autre.idpAdr}`)).json()).toBe(false);
  });

  it('refuse une modification sans version (400) ou à une version périmée (409), sans rien changer', async () => {
    const e = await uneException();
    const m = (await enregistrer({ ...e, remarqueInterne: 'Première' })).json();
    expect(refus(await enregistrer({ ...m, remarqueInterne: 'Autre', version: undefined }))).toEqual(
      saisieInvalide(VERSION_MESSAGES.obligatoire),
    );
    const perimee = refus(await enregistrer({ ...e, remarqueInterne: 'Autre' }));
    expect(perimee).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect(perimee.errMsg).toMatch(/^Cet enregistrement a été modifié par admin le /);
    expect((await lire(`/${e.id}`)).json()).toMatchObject({ remarqueInterne: 'Première', version: 1 });
  });

  it('refuse une suppression sans version ou à une version périmée, sans rien supprimer', async () => {
    const e = await uneException();
    await enregistrer({ ...e, remarqueInterne: 'Changée' });
    expect(refus(await supprimer(e.id))).toEqual(saisieInvalide(VERSION_MESSAGES.obligatoire));
    expect(refus(await t.en('admin', { method: 'DELETE', url: `${REST}/${e.id}?version=` }))).toEqual(
      saisieInvalide(VERSION_MESSAGES.obligatoire),
    );
    expect(refus(await supprimer(e.id, Number.NaN))).toEqual(saisieInvalide(VERSION_MESSAGES.invalide));
    expect(refus(await supprimer(e.id, 0))).toMatchObject({ statut: 409, code: 'CONFLIT_VERSION' });
    expect((await lire(`/${e.id}`)).statusCode).toBe(200);
  });

  it("répond 404 « L'adresse exception est introuvable » à une exception inconnue", async () => {
    const e = await uneException();
    expect(refus(await lire('/2147483647'))).toEqual(INTROUVABLE);
    expect(refus(await enregistrer({ ...e, id: 2147483647 }))).toEqual(INTROUVABLE);
    expect(refus(await supprimer(2147483647, 0))).toEqual(INTROUVABLE);
    expect(refus(await lire('/abc'))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
  });
});

describe('adresses exceptions : règles de saisie', () => {
  const refusee = async (champs: Record<string, unknown>) => refus(await enregistrer({ idpadr: (await adresse()).idpAdr, ...champs }));

  it("refuse une exception sans adresse : « La saisie de l'adresse est obligatoire »", async () => {
    expect(refus(await enregistrer({ idpadr: ' ' }))).toEqual(saisieInvalide(M.adresseObligatoire));
    expect(refus(await enregistrer({ remarqueInterne: 'x' }))).toEqual(saisieInvalide(M.adresseObligatoire));
  });

  it("exige la remarque interne avec une remarque publique : « La saisie d'une remarque interne est obligatoire »", async () => {
    expect(await refusee({ remarquePublique: 'Devant le portail' })).toEqual(saisieInvalide(M.remarqueInterneObligatoire));
  });

  it("exige la remarque publique avec un point de dépôt : « La saisie d'une remarque publique est obligatoire »", async () => {
    expect(await refusee({ xdepot: DEPOT.xdepot, ydepot: DEPOT.ydepot })).toEqual(saisieInvalide(M.remarquePubliqueObligatoire));
  });

  it('exige les deux coordonnées du point de dépôt', async () => {
    expect(await refusee({ ...DEPOT, ydepot: null })).toEqual(saisieInvalide(M.pointDepotIncomplet));
  });

  it("exige la remarque travaux avec une date ou un point de travaux : « La saisie d'une remarque travaux est obligatoire »", async () => {
    expect(await refusee({ ...TRAVAUX, remarqueTravaux: '' })).toEqual(saisieInvalide(M.remarqueTravauxObligatoire));
    expect(await refusee({ dateDebutTravaux: TRAVAUX.dateDebutTravaux })).toMatchObject(saisieInvalide(M.remarqueTravauxObligatoire));
  });

  it('exige les deux dates avec un autre élément des travaux : « La saisie d’une date de début et de fin de travaux sont obligatoires »', async () => {
    expect(await refusee({ ...TRAVAUX, dateDebutTravaux: null })).toEqual(saisieInvalide(M.datesTravauxObligatoires));
    expect(await refusee({ ...TRAVAUX, dateFinTravaux: '' })).toEqual(saisieInvalide(M.datesTravauxObligatoires));
  });

  it('exige le point des travaux avec un autre élément des travaux : « La saisie des coordonées des travaux est obligatoire »', async () => {
    expect(await refusee({ ...TRAVAUX, xtravaux: null, ytravaux: null })).toEqual(saisieInvalide(M.coordonneesTravauxObligatoires));
    expect(await refusee({ ...TRAVAUX, ytravaux: null })).toEqual(saisieInvalide(M.coordonneesTravauxObligatoires));
  });

  it('refuse une fin de travaux avant leur début', async () => {
    expect(await refusee({ ...TRAVAUX, dateFinTravaux: '2026-11-09' })).toEqual(saisieInvalide(M.finTravauxAvantDebut));
  });

  it('refuse un point hors du canton', async () => {
    expect(await refusee({ ...DEPOT, xdepot: 2600000 })).toEqual(saisieInvalide(CARTE_MESSAGES.horsCanton));
    expect(await refusee({ ...TRAVAUX, ytravaux: 1000000 })).toEqual(saisieInvalide(CARTE_MESSAGES.horsCanton));
  });

  it(`refuse une remarque de plus de ${REMARQUE_EXCEPTION_MAX} caractères`, async () => {
    expect(await refusee({ ...DEPOT, remarqueInterne: 'r'.repeat(REMARQUE_EXCEPTION_MAX + 1) })).toEqual(
      saisieInvalide(M.remarqueTropLongue),
    );
  });

  it('refuse un statut autre que ACTIF ou INACTIF : « Le statut doit valoir ACTIF ou INACTIF. »', async () => {
    for (const statut of ['SUPPRIME', 'actif', 1]) expect(await refusee({ statut })).toEqual(saisieInvalide(M.statutInvalide));
  });
});

describe('adresses exceptions : copie', () => {
  const copie = (idpAdr: string, champs: Record<string, unknown> = {}) => ({ idpadr: idpAdr, x: 2500000, y: 1117000, ...DEPOT, ...champs });

  it("copie l'exception sur chaque adresse choisie, sous le libellé du registre, dans l'ordre choisi", async () => {
    const [a, b] = [await adresse(), await adresse()];
    const r = await copier([copie(b.idpAdr, { adresse: 'tapée' }), copie(a.idpAdr, TRAVAUX)]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject([
      { idpadr: b.idpAdr, adresse: b.libelle, ...DEPOT, remarqueTravaux: null, version: 0 },
      { idpadr: a.idpAdr, adresse: a.libelle, ...TRAVAUX },
    ]);
    expect((await lire(`/byidpadr/${a.idpAdr}`)).json()).toMatchObject({ adresse: a.libelle, ...TRAVAUX });
  });

  it("refuse toute la copie quand une adresse a déjà une exception : « L'adresse {adresse} existe déjà, veuillez la modifier. », rien n'est créé", async () => {
    const [a, prise, c] = [await adresse(), await adresse(), await adresse()];
    await enregistrer({ idpadr: prise.idpAdr });
    expect(refus(await copier([copie(a.idpAdr), copie(prise.idpAdr), copie(c.idpAdr)]))).toEqual({
      statut: 409,
      errMsg: M.adresseExistante(prise.libelle),
      code: 'DOUBLON',
    });
    for (const libre of [a, c]) expect((await lire(`/exists/${libre.idpAdr}`)).json()).toBe(false);
  });

  it("refuse toute la copie quand une adresse est choisie deux fois : « L'adresse {adresse} est choisie deux fois. »", async () => {
    const [a, b] = [await adresse(), await adresse()];
    expect(refus(await copier([copie(a.idpAdr), copie(b.idpAdr), copie(a.idpAdr)]))).toEqual(saisieInvalide(M.copieEnDouble(a.libelle)));
    expect((await lire(`/exists/${b.idpAdr}`)).json()).toBe(false);
  });

  it("refuse toute la copie quand une adresse est d'un autre gestionnaire que carte.gestionnaire", async () => {
    const [a, b] = [await adresse(), await adresse()];
    await t.base.db.update(adresseTable).set({ gestionnaire: 'ETAT DE GENEVE' }).where(eq(adresseTable.idpAdr, b.idpAdr));
    expect(refus(await copier([copie(a.idpAdr), copie(b.idpAdr)]))).toEqual(
      saisieInvalide(M.autreGestionnaire(b.libelle, 'VILLE DE GENEVE')),
    );
    expect((await lire(`/exists/${a.idpAdr}`)).json()).toBe(false);
  });

  it('refuse toute la copie quand une adresse est absente du registre', async () => {
    const a = await adresse();
    expect(refus(await copier([copie(a.idpAdr), copie('INCONNUE-43')]))).toEqual(saisieInvalide(M.adresseInconnue('INCONNUE-43')));
    expect((await lire(`/exists/${a.idpAdr}`)).json()).toBe(false);
  });

  it('refuse une copie sans adresse : « Choisissez au moins une adresse sur la carte. »', async () => {
    expect(refus(await copier([]))).toEqual(saisieInvalide(M.aucuneAdresseCopie));
    expect(refus(await copier({}))).toEqual(saisieInvalide(M.aucuneAdresseCopie));
  });

  it('applique à chaque copie les règles de saisie', async () => {
    const a = await adresse();
    expect(refus(await copier([copie(a.idpAdr, { remarquePublique: null })]))).toEqual(saisieInvalide(M.remarquePubliqueObligatoire));
    expect((await lire(`/exists/${a.idpAdr}`)).json()).toBe(false);
  });
});

describe('adresses exceptions : lectures des cartes et du formulaire de débarras', () => {
  it("répond l'exception d'une adresse, active ou non, ou null", async () => {
    const e = await uneException({ statut: 'INACTIF' });
    expect((await lire(`/byidpadr/${e.idpadr}`, 'gestion')).json()).toEqual(e);
    const sans = await lire(`/byidpadr/${(await adresse()).idpAdr}`, 'gestion');
    expect(sans.statusCode).toBe(200);
    expect(sans.headers['content-type']).toMatch(/^application\/json/);
    expect(sans.body).toBe('null');
  });

  it('dit si une adresse a une exception, active ou non', async () => {
    const e = await uneException({ statut: 'INACTIF' });
    const reponse = await lire(`/exists/${e.idpadr}`, 'gestion');
    expect(reponse.headers['content-type']).toMatch(/^application\/json/);
    expect(reponse.body).toBe('true');
    expect((await lire(`/exists/${(await adresse()).idpAdr}`, 'gestion')).body).toBe('false');
  });

  it('liste les adresses ayant une exception active', async () => {
    const [active, inactive] = [await uneException(), await uneException({ statut: 'INACTIF' })];
    const idpadrs: string[] = (await lire('/idpadr', 'gestion')).json();
    expect(idpadrs).toContain(active.idpadr);
    expect(idpadrs).not.toContain(inactive.idpadr);
    expect([...idpadrs].sort()).toEqual(idpadrs);
  });

  it('répond les exceptions actives des adresses demandées, et elles seules', async () => {
    const [a, b, inactive, ailleurs] = [
      await uneException(TRAVAUX),
      await uneException(),
      await uneException({ statut: 'INACTIF' }),
      await uneException(),
    ];
    const sans = await adresse();
    const r = await etendue([b.idpadr, a.idpadr, inactive.idpadr, sans.idpAdr, a.idpadr]);
    expect(r.statusCode, r.body).toBe(200);
    const trouvees: AdresseException[] = r.json();
    expect(trouvees.map((e) => e.idpadr).sort()).toEqual([a.idpadr, b.idpadr].sort());
    expect(trouvees.find((e) => e.idpadr === a.idpadr)).toEqual(a);
    expect(trouvees.map((e) => e.idpadr)).not.toContain(ailleurs.idpadr);
    expect((await etendue([])).json()).toEqual([]);
  });

  it('refuse plus de 5000 adresses à la fois', async () => {
    const trop = Array.from({ length: 5001 }, (_, i) => `A${i}`);
    expect(refus(await etendue(trop))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
  });
});

describe('adresses exceptions : liste et export', () => {
  it('filtre par statut, adresse et remarques (sans casse ni accents) et trie par adresse, total en en-tête', async () => {
    const prefixe = unique('Chemin Liste');
    const creer = async (suffixe: string, champs: Record<string, unknown> = {}) => {
      const { idpAdr } = await adresse(`${prefixe} ${suffixe}`);
      return (await enregistrer({ idpadr: idpAdr, ...champs })).json() as AdresseException;
    };
    await creer('B', { remarqueInterne: 'Concierge Müller' });
    await creer('A', TRAVAUX);
    await creer('C', { statut: 'INACTIF' });
    const adresses = async (q: string) => {
      const r = await lire(`/?adresse=${encodeURIComponent(prefixe)}&${q}`);
      expect(r.statusCode, r.body).toBe(200);
      return { lettres: r.json().map((e: AdresseException) => e.adresse.slice(-1)), total: r.headers['x-total-elements'] };
    };
    expect(await adresses('statut=ACTIF')).toEqual({ lettres: ['A', 'B'], total: '2' });
    expect(await adresses('')).toEqual({ lettres: ['A', 'B', 'C'], total: '3' });
    expect((await adresses('statut=INACTIF')).lettres).toEqual(['C']);
    expect((await adresses('sort=statut,desc&sort=adresse,asc')).lettres).toEqual(['C', 'A', 'B']);
    expect((await adresses('sort=adresse,desc')).lettres).toEqual(['C', 'B', 'A']);
    expect((await adresses('remarqueInterne=MULLER')).lettres).toEqual(['B']);
    expect((await adresses('remarqueTravaux=fermee')).lettres).toEqual(['A']);
    expect((await adresses('sort=dateFinTravaux,asc&size=1')).total).toBe('3');
    expect(refus(await lire('/?statut=1'))).toEqual(saisieInvalide(LISTE_MESSAGES.filtreChoix('de statut', STATUTS_EXCEPTION)));
    expect(refus(await lire('/?actif=1'))).toEqual(saisieInvalide(LISTE_MESSAGES.filtreInconnu('actif')));
  });

  it('exporte les exceptions filtrées en .xlsx : les colonnes de la liste, en-têtes français, dates et statut lisibles', async () => {
    const prefixe = unique('Avenue Export');
    const a = await adresse(`${prefixe} A`);
    const b = await adresse(`${prefixe} B`);
    await enregistrer({ idpadr: b.idpAdr, statut: 'INACTIF' });
    await enregistrer({ idpadr: a.idpAdr, ...DEPOT, ...TRAVAUX });
    const r = await lire(`/export/?adresse=${encodeURIComponent(prefixe)}`, 'technique');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="adresses-exceptions_${JOUR_DE_TEST}.xlsx"`);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.getWorksheet(ADRESSE_EXCEPTION_LIBELLES.titre)!;
    const L = ADRESSE_EXCEPTION_LIBELLES;
    expect(feuille.getRow(1).values).toEqual([
      undefined,
      L.idpadr,
      L.adresse,
      L.remarqueInterne,
      L.remarquePublique,
      L.remarqueTravaux,
      L.dateDebutTravaux,
      L.dateFinTravaux,
      L.statut,
    ]);
    expect(feuille.rowCount).toBe(3);
    expect(feuille.getRow(2).values).toEqual([
      undefined,
      a.idpAdr,
      a.libelle,
      DEPOT.remarqueInterne,
      DEPOT.remarquePublique,
      TRAVAUX.remarqueTravaux,
      new Date(Date.UTC(2026, 10, 10)),
      new Date(Date.UTC(2026, 11, 20)),
      'Actif',
    ]);
    expect(feuille.getRow(2).getCell(6).numFmt).toBe('dd.mm.yyyy');
    expect(feuille.getRow(3).values).toEqual([undefined, b.idpAdr, b.libelle, ...Array<undefined>(5).fill(undefined), 'Inactif']);
  });
});
