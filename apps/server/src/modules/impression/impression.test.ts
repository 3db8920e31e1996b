import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEBARRAS_MESSAGES,
  ERREURS,
  IMPRESSION_LIBELLES,
  TOURNEE_FEUILLE_LIBELLES,
  IMPRESSION_MESSAGES,
  libelleAdresse,
  PARAMETRE_CLES,
  TOURNEE_DEPOT_DEFAUT,
  type Tournee,
} from '@debarras/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { objet, parametre } from '../../db/schema.js';
import { appDeTest, dans, refus, unique, type Compte } from '../../test/app.js';
import { uneAdresse, uneLevee, unDebarras, unSecteur } from '../../test/fabriques.js';
import { enregistrer as enregistrerAdresses } from '../adresse/index.js';

const t = appDeTest();
const REST = '/webdeb/rest';
const saisieInvalide = (errMsg: string) => ({ statut: 400, errMsg, code: 'SAISIE_INVALIDE' });
const AUCUNE_LEVEE = { statut: 404, errMsg: IMPRESSION_MESSAGES.aucuneLevee, code: 'INTROUVABLE' };

const imprimer = (date: string, type: string, compte: Compte = 'lecture') =>
  t.en(compte, { url: `${REST}/levee/print/?date=${date}&type=${type}` });

let canape: number;
let matelas: number;
beforeAll(async () => {
  const [c] = await t.base.db.select().from(objet).where(eq(objet.libelle, 'Canapé'));
  const [m] = await t.base.db.select().from(objet).where(eq(objet.libelle, 'Matelas'));
  canape = c!.idObjet;
  matelas = m!.idObjet;
});

/** Register addresses in one street, numbered as given: answers their idpAdr and label by number. */
async function rue(numeros: string[]) {
  const nomVoie = unique('Tilleuls');
  const adresses = numeros.map((noAdresse) => ({
    idpAdr: unique('R').slice(0, 30),
    typeVoie: 'Rue',
    liant: 'des',
    nomVoie,
    noAdresse,
    commune: 'Genève',
    noPostal: '1203',
    nomNpa: 'Genève',
    x: 2499000,
    y: 1118000,
    noCommune: 6621,
    secteur: null,
    gestionnaire: null,
  }));
  await enregistrerAdresses(t.base.db, adresses, 'test');
  return new Map(adresses.map((a) => [a.noAdresse, { idpAdr: a.idpAdr, adresse: libelleAdresse(a) }]));
}

/**
 * A day of two levées: a sector's with three débarras in one street (entered out of order, the
 * second with excluded precisions, the third with every flag) and one deleted; a supplementary one
 * with one débarras.
 */
async function uneJournee(jour: string) {
  const db = t.base.db;
  const secteur = await unSecteur(db, { libelle: unique('Secteur Rive droite') });
  const standard = await uneLevee(db, { dateLevee: jour, idSecteur: secteur.idSecteur, nbDebarrasMax: 25 });
  const supplementaire = await uneLevee(db, { dateLevee: jour, nom: unique('Tournée du marché') });
  const numeros = await rue(['10A', '2', '10']);
  const sur = (no: string) => numeros.get(no)!;
  const dix = await unDebarras(
    db,
    { idLevee: standard.idLevee, ...sur('10'), precisionLieu: 'Cour arrière, code 4521', travaux: 'Trottoir en travaux' },
    [
      { idObjet: canape, quantite: 2, remarque: 'cuir' },
      { idObjet: matelas, quantite: 1 },
    ],
  );
  const dixA = await unDebarras(db, {
    idLevee: standard.idLevee,
    ...sur('10A'),
    precisionLieu: 'Digicode secret 9876',
    inclurePrecisionLieu: false,
    sauvage: true,
    punaises: true,
    punaisesDechets: true,
    remarqueGenerale: 'Appeler avant\nSonner deux fois',
  });
  const deux = await unDebarras(db, { idLevee: standard.idLevee, ...sur('2'), remarqueObjet: 'Au bas de l’escalier' }, [
    { idObjet: matelas, quantite: 3 },
  ]);
  const supprime = await unDebarras(db, { idLevee: standard.idLevee, ...sur('2'), statut: 'SUPPRIME' });
  const autre = await unDebarras(db, { idLevee: supplementaire.idLevee, nomPersonne: 'Marché de Plainpalais' });
  return { secteur, standard, supplementaire, ordre: [deux, dix, dixA], supprime, autre };
}

async function textePdf(contenu: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(contenu)), { mergePages: false });
  return text as string[];
}

describe('feuilles de route', () => {
  it("rend l'Excel : une feuille par levée, les débarras ACTIF dans l'ordre de la tournée, les alertes en évidence", async () => {
    const jour = dans(40);
    const j = await uneJournee(jour);
    const r = await imprimer(jour, 'Excel');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="feuilles-de-route-${jour}.xlsx"`);

    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(classeur.worksheets).toHaveLength(2);
    const [standard, supplementaire] = classeur.worksheets;
    expect(standard!.getCell('A1').value).toBe(IMPRESSION_LIBELLES.titreLevee(jour, j.secteur.libelle, 3, 25));
    expect(standard!.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 9 });
    expect(standard!.headerFooter.oddFooter).toContain('page &P / &N');
    expect(standard!.getCell('A2').value).toMatch(/^Tournée : .* km à vol d’oiseau, du dépôt au dépôt$/);
    expect(standard!.getRow(3).values).toEqual([
      undefined,
      'Ordre',
      'N°',
      'Adresse',
      'Demandeur',
      'Objets',
      'Remarques',
      'Alertes',
      'Visa / remarques équipe',
    ]);
    // the three stops share one point: the round keeps their street order
    expect(standard!.getColumn(1).values.slice(4)).toEqual(['1', '2', '3']);
    expect(standard!.getColumn(2).values.slice(4)).toEqual(j.ordre.map((d) => d.numero));
    const dixA = standard!.getRow(6);
    expect(String(dixA.getCell(3).value)).not.toContain('Digicode');
    expect(dixA.getCell(7).value).toBe('SAUVAGE\nPUNAISES\nPUNAISES DÉCHETS');
    expect(dixA.getCell(7).fill).toMatchObject({ fgColor: { argb: 'FFC00000' } });
    const dix = standard!.getRow(5);
    expect(dix.getCell(3).value).toBe(`${j.ordre[1]!.adresse}\nCour arrière, code 4521\nTravaux : Trottoir en travaux`);
    expect(dix.getCell(5).value).toBe('2 × Canapé — cuir\n1 × Matelas');
    expect(supplementaire!.getCell('A1').value).toContain(j.supplementaire.nom);
    expect(supplementaire!.getCell('B4').value).toBe(j.autre.numero);
  });

  it('rend le Word : une section par levée, en-tête daté sur chaque page, pied « page n / m », police embarquée', async () => {
    const jour = dans(41);
    const j = await uneJournee(jour);
    const r = await imprimer(jour, 'Word');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="feuilles-de-route-${jour}.docx"`);
    const zip = await JSZip.loadAsync(r.rawPayload);
    const document = await zip.file('word/document.xml')!.async('string');
    const positions = j.ordre.map((d) => document.indexOf(d.numero));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(document.indexOf(j.autre.numero)).toBeGreaterThan(positions[2]!);
    expect(document).not.toContain(j.supprime.numero);
    expect(document).not.toContain('Digicode');
    expect(document).toContain('PUNAISES DÉCHETS');
    // a remark's own line breaks stay line breaks
    expect(document).toMatch(/Appeler avant<\/w:t><\/w:r><w:r>(<w:rPr>.*?<\/w:rPr>)?<w:br\/><w:t[^>]*>Sonner deux fois/);
    expect(document.match(/<w:pgSz [^>]*w:orient="landscape"/g)).toHaveLength(2);
    const entetes = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => /^word\/header\d*\.xml$/.test(f))
        .map((f) => zip.file(f)!.async('string')),
    );
    expect(entetes.some((e) => e.includes(IMPRESSION_LIBELLES.titreLevee(jour, j.secteur.libelle, 3, 25)))).toBe(true);
    const pieds = await Promise.all(
      Object.keys(zip.files)
        .filter((f) => /^word\/footer\d*\.xml$/.test(f))
        .map((f) => zip.file(f)!.async('string')),
    );
    expect(pieds.some((p) => p.includes('PAGE') && p.includes('NUMPAGES'))).toBe(true);
    expect(Object.keys(zip.files).some((f) => f.startsWith('word/fonts/'))).toBe(true);
    // each levée opens with its round's map, a picture described for a screen reader
    expect(entetes.some((e) => e.includes('Tournée : '))).toBe(true);
    expect(Object.keys(zip.files).filter((f) => /^word\/media\/.*\.png$/.test(f))).toHaveLength(2);
    expect(document).toContain(TOURNEE_FEUILLE_LIBELLES.carte.legende);
  });

  it("rend le PDF en ligne : chaque numéro du jour, les sections dans l'ordre, sans les précisions exclues", async () => {
    const jour = dans(42);
    const j = await uneJournee(jour);
    const r = await imprimer(jour, 'Pdf');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`inline; filename="feuilles-de-route-${jour}.pdf"`);
    const pages = await textePdf(r.rawPayload);
    const tout = pages.join('\n');
    const positions = [...j.ordre, j.autre].map((d) => tout.indexOf(d.numero));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(tout).not.toContain(j.supprime.numero);
    expect(tout).not.toContain('Digicode');
    expect(tout).toContain('Cour arrière, code 4521');
    expect(tout).toContain('PUNAISES DÉCHETS');
    // each levée opens with its map on a page of its own, then its list, under its own heading; every page is numbered
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain(j.secteur.libelle);
    expect(pages[0]).toContain(TOURNEE_FEUILLE_LIBELLES.carte.legende);
    expect(pages[1]).toContain(j.secteur.libelle);
    expect(pages[1]).toContain(IMPRESSION_LIBELLES.colonnes.ordre);
    expect(pages[3]).toContain(j.supplementaire.nom!);
    expect(pages[3]).toContain('page 4 / 4');
  });

  it("imprime pour chaque arrêt la remarque du point de dépôt de l'exception et les travaux, dans les trois formats", async () => {
    const jour = dans(47);
    const db = t.base.db;
    const secteur = await unSecteur(db);
    const levee = await uneLevee(db, { dateLevee: jour, idSecteur: secteur.idSecteur });
    const adresses = await rue(['1', '3', '5', '7']);
    const sur = (no: string) => adresses.get(no)!;
    const exception = async (no: string, champs: object) => {
      const r = await t.en('admin', {
        method: 'POST',
        url: `${REST}/adresseexception`,
        payload: { idpadr: sur(no).idpAdr, remarqueInterne: 'Code 1234', ...champs },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    const depot = { xdepot: 2499004.5, ydepot: 1118002 };
    const travaux = { remarqueTravaux: 'Rue barrée : déposer au carrefour', dateDebutTravaux: jour, dateFinTravaux: jour };
    const pointTravaux = { xtravaux: 2499020, ytravaux: 1117990 };
    await exception('1', { remarquePublique: 'Devant le portail vert', ...depot });
    await exception('3', { remarquePublique: 'Sous le porche', ...depot, ...travaux, ...pointTravaux });
    await exception('5', { remarquePublique: 'Derrière la haie' });
    await exception('7', { remarquePublique: 'Remarque d’une exception levée', ...depot, statut: 'INACTIF' });
    const auDepot = { pointDepotX: depot.xdepot, pointDepotY: depot.ydepot };
    await unDebarras(db, { idLevee: levee.idLevee, ...sur('1'), ...auDepot });
    await unDebarras(db, {
      idLevee: levee.idLevee,
      ...sur('3'),
      travaux: travaux.remarqueTravaux,
      pointDepotX: pointTravaux.xtravaux,
      pointDepotY: pointTravaux.ytravaux,
    });
    await unDebarras(db, { idLevee: levee.idLevee, ...sur('5') });
    await unDebarras(db, { idLevee: levee.idLevee, ...sur('7'), ...auDepot });

    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load((await imprimer(jour, 'Excel')).rawPayload as unknown as ArrayBuffer);
    // in the round's order, which the depot and works points make their own
    const cellulesAdresse = classeur.worksheets[0]!.getColumn(3).values.slice(4);
    expect([...cellulesAdresse].sort()).toEqual([
      `${sur('1').adresse}\nPoint de dépôt : Devant le portail vert`,
      `${sur('3').adresse}\nTravaux : Rue barrée : déposer au carrefour`,
      sur('5').adresse,
      sur('7').adresse,
    ]);

    const word = await (await JSZip.loadAsync((await imprimer(jour, 'Word')).rawPayload)).file('word/document.xml')!.async('string');
    // the PDF's text as read back, its lines wrapped within the narrow column joined again
    const pdf = (await textePdf((await imprimer(jour, 'Pdf')).rawPayload)).join(' ').replace(/\s+/g, ' ');
    for (const texte of [word, pdf]) {
      expect(texte).toContain('Point de dépôt : Devant le portail vert');
      expect(texte).toContain('Travaux : Rue barrée : déposer au carrefour');
      for (const absente of ['Sous le porche', 'Derrière la haie', 'exception levée']) expect(texte).not.toContain(absente);
    }
  });

  it('refuse le Pdf tant que impression.pdf.actif ne vaut pas true', async () => {
    const jour = dans(43);
    await uneJournee(jour);
    const db = t.base.db;
    await db.update(parametre).set({ valeur: 'false' }).where(eq(parametre.cle, PARAMETRE_CLES.impressionPdfActif));
    try {
      expect(refus(await imprimer(jour, 'Pdf'))).toEqual(saisieInvalide(IMPRESSION_MESSAGES.pdfInactif));
      expect((await imprimer(jour, 'Word')).statusCode).toBe(200);
    } finally {
      await db.update(parametre).set({ valeur: 'true' }).where(eq(parametre.cle, PARAMETRE_CLES.impressionPdfActif));
    }
  });

  it("répond 404 « Aucune levée trouvée pour ce jour là » quand le jour n'a aucune levée ACTIF", async () => {
    const jour = dans(44);
    await uneLevee(t.base.db, { dateLevee: jour, statut: 'ARCHIVE' });
    for (const type of ['Word', 'Excel', 'Pdf']) expect(refus(await imprimer(jour, type))).toEqual(AUCUNE_LEVEE);
  });

  it("n'imprime aucune section pour une levée vide, même quand ses débarras ont été supprimés, dans aucun format", async () => {
    const jour = dans(48);
    await uneJournee(jour);
    const vide = await uneLevee(t.base.db, { dateLevee: jour, nom: unique('Tournée vide') });
    const videe = await uneLevee(t.base.db, { dateLevee: jour, nom: unique('Tournée vidée') });
    await unDebarras(t.base.db, { idLevee: videe.idLevee, statut: 'SUPPRIME' });
    const pages = await textePdf((await imprimer(jour, 'Pdf')).rawPayload);
    expect(pages).toHaveLength(4);
    expect(pages.join('\n')).not.toContain(vide.nom!);
    expect(pages.join('\n')).not.toContain(videe.nom!);
    const zip = await JSZip.loadAsync((await imprimer(jour, 'Word')).rawPayload);
    expect((await zip.file('word/document.xml')!.async('string')).match(/<w:pgSz /g)).toHaveLength(2);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load((await imprimer(jour, 'Excel')).rawPayload as unknown as ArrayBuffer);
    expect(classeur.worksheets).toHaveLength(2);
  });

  it('répond 404 quand les levées actives du jour sont toutes vides : aucune feuille de route à imprimer', async () => {
    const jour = dans(49);
    await uneLevee(t.base.db, { dateLevee: jour, nom: unique('Tournée vide') });
    for (const type of ['Word', 'Excel', 'Pdf']) {
      expect(refus(await imprimer(jour, type))).toEqual({ statut: 404, errMsg: IMPRESSION_MESSAGES.aucunDebarras, code: 'INTROUVABLE' });
    }
  });

  it('refuse une date ou un format invalide, et un paramètre inconnu (400)', async () => {
    expect(refus(await imprimer('2026-13-01', 'Word'))).toMatchObject({ statut: 400, code: 'SAISIE_INVALIDE' });
    expect(refus(await imprimer(dans(1), 'Html'))).toEqual(saisieInvalide(IMPRESSION_MESSAGES.formatInconnu));
    expect(refus(await t.en('lecture', { url: `${REST}/levee/print/?type=Word` }))).toEqual(
      saisieInvalide(IMPRESSION_MESSAGES.dateObligatoire),
    );
    expect(refus(await t.en('lecture', { url: `${REST}/levee/print/?date=${dans(1)}&type=Word&x=1` }))).toMatchObject({ statut: 400 });
  });

  it.each(['lecture', 'gestion', 'admin', 'technique'] as const)(
    'laisse le rôle %s imprimer les feuilles de route et un débarras',
    async (compte) => {
      const jour = dans(45);
      const l = await uneLevee(t.base.db, { dateLevee: jour });
      const d = await unDebarras(t.base.db, { idLevee: l.idLevee });
      expect((await imprimer(jour, 'Excel', compte)).statusCode).toBe(200);
      expect((await t.en(compte, { url: `${REST}/debarras/print/?id=${d.idDebarras}` })).statusCode).toBe(200);
    },
  );

  it('répond 401 sans session', async () => {
    expect((await t.app.inject({ url: `${REST}/levee/print/?date=${dans(1)}&type=Word` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${REST}/debarras/print/?id=1` })).statusCode).toBe(401);
  });
});

describe('feuilles de route dans l’ordre de la tournée', () => {
  const [DEPOT_X, DEPOT_Y] = TOURNEE_DEPOT_DEFAUT.split(',').map(Number) as [number, number];

  /**
   * A sector's levée whose stops lie at these points east of the depot, on streets A, B, C… named in the order given,
   * and one débarras whose address has left the register (no point).
   */
  async function uneLeveeEnTournee(jour: string, estDuDepot: number[]) {
    const db = t.base.db;
    const secteur = await unSecteur(db, { libelle: unique('Secteur Tournée') });
    const l = await uneLevee(db, { dateLevee: jour, idSecteur: secteur.idSecteur, nbDebarrasMax: 20 });
    const prefixe = unique('Rue');
    const arrets = [];
    for (const [rang, est] of estDuDepot.entries()) {
      const libelle = `${prefixe} ${String.fromCharCode(65 + rang)}`;
      const idpAdr = await uneAdresse(db, libelle, null, { x: DEPOT_X + est, y: DEPOT_Y });
      arrets.push(await unDebarras(db, { idLevee: l.idLevee, idpAdr, adresse: libelle }));
    }
    const perdu = await unDebarras(db, { idLevee: l.idLevee, idpAdr: unique('PERDU').slice(0, 30), adresse: `${prefixe} 0 perdue` });
    return { levee: l, arrets, perdu };
  }

  const ordreDeLaTournee = async (idLevee: number) =>
    ((await t.en('gestion', { url: `${REST}/levee/${idLevee}/tournee` })).json() as Tournee).arrets.map((a) => a.idDebarras);

  it('imprime les arrêts dans l’ordre de la tournée, numérotés, la distance en tête, le débarras sans coordonnées en dernier, dans les trois formats', async () => {
    const jour = dans(50);
    // streets A, B, C at 3, 1 and 2 km: the round drives B, C, A (or back), never the street order
    const { levee: l, arrets, perdu } = await uneLeveeEnTournee(jour, [3000, 1000, 2000]);
    const ordre = await ordreDeLaTournee(l.idLevee);
    expect([ordre, [...ordre].reverse()]).toContainEqual([arrets[1]!, arrets[2]!, arrets[0]!].map((a) => a.idDebarras));
    const numeros = [...ordre.map((id) => arrets.find((a) => a.idDebarras === id)!.numero), perdu.numero];

    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load((await imprimer(jour, 'Excel')).rawPayload as unknown as ArrayBuffer);
    const feuille = classeur.worksheets[0]!;
    expect(feuille.getColumn(1).values.slice(4)).toEqual(['1', '2', '3', '—']);
    expect(feuille.getColumn(2).values.slice(4)).toEqual(numeros);
    // 1 + 1 + 2 km out, 3 km back: 6 km
    expect(feuille.getCell('A2').value).toBe('Tournée : 6,0 km à vol d’oiseau, du dépôt au dépôt');
    expect(feuille.headerFooter.oddHeader).toContain('Tournée : 6,0 km');

    const word = await JSZip.loadAsync((await imprimer(jour, 'Word')).rawPayload);
    const document = await word.file('word/document.xml')!.async('string');
    const dansWord = numeros.map((n) => document.indexOf(n));
    expect([...dansWord].sort((a, b) => a - b)).toEqual(dansWord);
    expect(document).toContain(TOURNEE_FEUILLE_LIBELLES.carte.horsCarte(1));

    const pages = await textePdf((await imprimer(jour, 'Pdf')).rawPayload);
    expect(pages[0]).toContain('Tournée : 6,0 km à vol d’oiseau');
    expect(pages[0]).toContain(TOURNEE_FEUILLE_LIBELLES.carte.horsCarte(1));
    const liste = pages.slice(1).join('\n');
    const dansPdf = numeros.map((n) => liste.indexOf(n));
    expect(dansPdf.every((p) => p >= 0)).toBe(true);
    expect([...dansPdf].sort((a, b) => a - b)).toEqual(dansPdf);
  });

  it('suit l’ordre fixé à la main', async () => {
    const jour = dans(51);
    const { levee: l, arrets, perdu } = await uneLeveeEnTournee(jour, [1000, 2000, 3000]);
    const ordre = [arrets[2]!, arrets[0]!, arrets[1]!].map((a) => a.idDebarras);
    expect(
      (await t.en('gestion', { method: 'POST', url: `${REST}/levee/${l.idLevee}/tournee`, payload: { version: 0, ordre } })).statusCode,
    ).toBe(200);
    const classeur = new ExcelJS.Workbook();
    await classeur.xlsx.load((await imprimer(jour, 'Excel')).rawPayload as unknown as ArrayBuffer);
    expect(classeur.worksheets[0]!.getColumn(2).values.slice(4)).toEqual([arrets[2]!, arrets[0]!, arrets[1]!, perdu].map((a) => a.numero));
    // 3 km out, 2 back to A, 1 on to B, 2 back: 8 km
    expect(classeur.worksheets[0]!.getCell('A2').value).toBe('Tournée : 8,0 km à vol d’oiseau, du dépôt au dépôt');
  });

  it('imprime sans carte la levée dont aucun débarras n’a de coordonnées', async () => {
    const jour = dans(52);
    const { perdu } = await uneLeveeEnTournee(jour, []);
    const pages = await textePdf((await imprimer(jour, 'Pdf')).rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(TOURNEE_FEUILLE_LIBELLES.tourneeSansPoint);
    expect(pages[0]).toContain(perdu.numero);
    const word = await JSZip.loadAsync((await imprimer(jour, 'Word')).rawPayload);
    expect(Object.keys(word.files).some((f) => f.startsWith('word/media/'))).toBe(false);
  });

  it('n’interroge qu’une fois pour le jour le service de routage qui ne répond pas, et imprime à vol d’oiseau', async () => {
    const jour = dans(53);
    await uneLeveeEnTournee(jour, [1000, 2000]);
    await uneLeveeEnTournee(jour, [3000, 4000]);
    let demandes = 0;
    const routeur = await new Promise<Server>((ok) => {
      const s = createServer((_requete, reponse) => {
        demandes++;
        reponse.writeHead(500).end();
      });
      s.listen(0, '127.0.0.1', () => ok(s));
    });
    const db = t.base.db;
    const url = `http://127.0.0.1:${(routeur.address() as AddressInfo).port}/`;
    await db.update(parametre).set({ valeur: url }).where(eq(parametre.cle, PARAMETRE_CLES.tourneeRoutageUrl));
    try {
      const classeur = new ExcelJS.Workbook();
      await classeur.xlsx.load((await imprimer(jour, 'Excel')).rawPayload as unknown as ArrayBuffer);
      // the sections follow their sectors' names, drawn at random here
      expect(classeur.worksheets.map((f) => f.getCell('A2').value).sort()).toEqual([
        'Tournée : 4,0 km à vol d’oiseau, du dépôt au dépôt',
        'Tournée : 8,0 km à vol d’oiseau, du dépôt au dépôt',
      ]);
      expect(demandes).toBe(1);
    } finally {
      await db.update(parametre).set({ valeur: 'aucun' }).where(eq(parametre.cle, PARAMETRE_CLES.tourneeRoutageUrl));
      routeur.close();
    }
  });
});

describe("impression d'un débarras", () => {
  it('rend une page PDF avec le numéro, la levée, les objets, les indicateurs et l’audit', async () => {
    const jour = dans(46);
    const secteur = await unSecteur(t.base.db);
    const l = await uneLevee(t.base.db, { dateLevee: jour, idSecteur: secteur.idSecteur });
    const d = await unDebarras(
      t.base.db,
      { idLevee: l.idLevee, punaises: true, email: 'client@example.ch', remarqueLieu: 'Sonner deux fois' },
      [{ idObjet: canape, quantite: 2, remarque: 'cuir' }],
    );
    const r = await t.en('lecture', { url: `${REST}/debarras/print/?id=${d.idDebarras}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-disposition']).toBe(`inline; filename="debarras-${d.numero}.pdf"`);
    const pages = await textePdf(r.rawPayload);
    expect(pages).toHaveLength(1);
    const texte = pages[0]!;
    for (const attendu of [
      `Débarras n° ${d.numero}`,
      'Actif - Téléphone',
      secteur.libelle,
      'Canapé',
      'cuir',
      'client@example.ch',
      'Sonner deux fois',
      'PUNAISES',
      'Créé le',
    ])
      expect(texte).toContain(attendu);
    expect(texte).toContain('Sauvage : Non');
  });

  it('répond 404 pour un débarras inconnu, 400 sans identifiant', async () => {
    expect(refus(await t.en('lecture', { url: `${REST}/debarras/print/?id=999999` }))).toEqual({
      statut: 404,
      errMsg: ERREURS.introuvable(DEBARRAS_MESSAGES.introuvable),
      code: 'INTROUVABLE',
    });
    expect(refus(await t.en('lecture', { url: `${REST}/debarras/print/` }))).toEqual(
      saisieInvalide(IMPRESSION_MESSAGES.identifiantObligatoire),
    );
  });
});
