import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMAINES_EVENEMENT, TYPE_EVENEMENT } from '@debarras/domain';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adresse, secteur } from '../../db/schema.js';
import { appDeTest } from '../../test/app.js';
import { dernierEvenement, unSecteur } from '../../test/fabriques.js';
import { ecrireShapefile } from './essais/shapefile.js';
import { libelles, perimetres } from '../secteur/index.js';
import { importerAdresses, lireCommunes } from './import.js';
import { decouperVoie } from './voie.js';

const t = appDeTest();
const essai = (nom: string) => fileURLToPath(new URL(`./essais/${nom}`, import.meta.url));
const SECTEUR_3 = 'Secteur 3 - Cité / Saint-Gervais / Grottes';
const SECTEUR_4 = 'Secteur 4 - Eaux-Vives / Champel';
let shapefile: string;

beforeAll(async () => {
  for (const libelle of [SECTEUR_3, SECTEUR_4]) await unSecteur(t.base.db, { libelle, dateDebut: '2012-01-01' });
  shapefile = path.join(mkdtempSync(path.join(tmpdir(), 'cad-adresse-')), 'CAD_ADRESSE');
  ecrireShapefile(
    shapefile,
    ['IDPADR', 'TYVOIE', 'LIANT', 'NOMVOIE', 'NO_ADRESSE', 'NPA', 'NOM_NPA', 'COMMUNE', 'NO_COMM_OFS', 'SECTEUR'],
    [
      { point: [2500110.5, 1117610.25], valeurs: ['100200601', 'Rue', 'de la', 'Cité', '2', 1204, 'Genève', 'Genève', 6621, SECTEUR_3] },
      { point: [2499780, 1118210], valeurs: ['100200602', 'Rue', 'des', 'Grottes', '15B', 1201, 'Genève', 'Genève', 6621, SECTEUR_3] },
      { point: [2501420, 1117310], valeurs: ['100200603', 'Rue', 'des', 'Eaux-Vives', '77', 1207, 'Genève', 'Genève', 6621, ''] },
    ],
  );
});

const importer = (chemin: string, communes?: string) =>
  importerAdresses(t.base.db, chemin, {
    par: 'cli:test',
    secteurs: { libelles, perimetres },
    communes: communes ? lireCommunes(communes) : undefined,
  });
const lire = async (...ids: string[]) => await t.base.db.select().from(adresse).where(inArray(adresse.idpAdr, ids)).orderBy(adresse.idpAdr);
const nombreAdresses = async () => (await t.base.db.select({ n: count() }).from(adresse))[0]!.n;
const dernierMessage = async () => (await dernierEvenement(t.base.db, DOMAINES_EVENEMENT.import))!;

describe('import des adresses', () => {
  it('lit la couche SITG en CSV : IDPADR sans espaces, voie découpée, coordonnées MN95, message de réussite', async () => {
    const bilan = await importer(essai('sitg.csv'));
    expect(bilan).toMatchObject({ format: 'SITG CAD_ADRESSE (CSV)', lues: 4, inserees: 4, modifiees: 0, inchangees: 0 });
    const [servette, carlVogt, ecole, grandRue] = await lire('100200301', '100200302', '100200303', '100200304');
    expect(servette).toMatchObject({
      adresse: 'Rue de la Servette 12',
      typeVoie: 'Rue',
      liant: 'de la',
      nomVoie: 'Servette',
      noAdresse: '12',
      noPostal: '1202',
      nomNpa: 'Genève',
      commune: 'Genève',
      noCommune: 6621,
      x: 2499075.32,
      y: 1118940.11,
      secteur: null,
      createdBy: 'cli:test',
    });
    expect(carlVogt).toMatchObject({ adresse: 'Boulevard Carl-Vogt 50', liant: null });
    expect(ecole?.adresse).toBe("Rue de l'École-de-Médecine 3");
    expect(grandRue).toMatchObject({ adresse: 'Grand-Rue 8', typeVoie: null });
    expect(await dernierMessage()).toMatchObject({
      type: TYPE_EVENEMENT.OK,
      texte: 'Import des adresses « sitg.csv » (SITG CAD_ADRESSE (CSV)) : 4 adresses, 4 nouvelles, 0 modifiées, 0 inchangées.',
    });
    const r = await t.en('gestion', { url: `/webdeb/rest/adresse/?q=${encodeURIComponent('serv 12')}` });
    expect(r.json().map((a: { idpAdr: string }) => a.idpAdr)).toEqual(['100200301']);
  });

  it('ne change rien la deuxième fois, pas même la version', async () => {
    const avant = await lire('100200301');
    expect(await importer(essai('sitg.csv'))).toMatchObject({ lues: 4, inserees: 0, modifiees: 0, inchangees: 4 });
    expect(await lire('100200301')).toEqual(avant);
  });

  it('lit le shapefile SITG (.shp + .dbf en UTF-8) : coordonnées du point, secteur de la colonne SECTEUR', async () => {
    expect(await importer(`${shapefile}.shp`)).toMatchObject({ format: 'SITG CAD_ADRESSE (shapefile)', lues: 3, inserees: 3 });
    const [cite, grottes, eauxVives] = await lire('100200601', '100200602', '100200603');
    expect(cite).toMatchObject({ adresse: 'Rue de la Cité 2', x: 2500110.5, y: 1117610.25, noPostal: '1204', secteur: SECTEUR_3 });
    expect(grottes).toMatchObject({ adresse: 'Rue des Grottes 15B', triNumero: 15, secteur: SECTEUR_3 });
    expect(eauxVives).toMatchObject({ adresse: 'Rue des Eaux-Vives 77', secteur: null });
  });

  it("garde le secteur d'une adresse connue quand le fichier n'a pas de colonne SECTEUR", async () => {
    await t.base.db.update(adresse).set({ secteur: SECTEUR_4 }).where(eq(adresse.idpAdr, '100200301'));
    expect(await importer(essai('sitg.csv'))).toMatchObject({ inserees: 0, modifiees: 0, inchangees: 4 });
    expect((await lire('100200301'))[0]?.secteur).toBe(SECTEUR_4);
  });

  it('lit la couche SITG en GeoJSON, quelle que soit la casse des attributs', async () => {
    expect(await importer(essai('sitg.geojson'))).toMatchObject({ format: 'SITG CAD_ADRESSE (GeoJSON)', lues: 2, inserees: 2 });
    expect((await lire('100200501'))[0]).toMatchObject({ adresse: 'Avenue de Champel 4A', noPostal: '1206', x: 2500510.25, y: 1116040.5 });
  });

  it('lit le répertoire swisstopo (CSV avec BOM) : type et liant tirés de STN_LABEL, NPA et localité de ZIP_LABEL', async () => {
    const bilan = await importer(essai('swisstopo.csv'), '6601-6645');
    expect(bilan).toMatchObject({ format: 'swisstopo, répertoire des adresses de bâtiments (CSV)', lues: 4, inserees: 4 });
    const [servette, aire, quai, crets] = await lire('101834567', '101834568', '101834569', '101834570');
    expect(servette).toMatchObject({
      typeVoie: 'Rue',
      liant: 'de la',
      nomVoie: 'Servette',
      noAdresse: '14',
      noPostal: '1202',
      nomNpa: 'Genève',
      commune: 'Genève',
      noCommune: 6621,
    });
    expect(aire).toMatchObject({ adresse: "Avenue d'Aïre 5", liant: "d'", noPostal: '1203', x: 2497350.4, y: 1118390.2 });
    expect(quai).toMatchObject({ typeVoie: 'Quai', liant: null, nomVoie: 'Gustave-Ador' });
    expect(crets).toMatchObject({ typeVoie: 'Chemin', liant: 'des', nomVoie: 'Crêts-de-Champel' });
    expect(await lire('190000001')).toEqual([]);
  });

  it('refuse tout le fichier quand une ligne est invalide, en nommant la ligne, et le journalise', async () => {
    const avant = await nombreAdresses();
    await expect(importer(essai('sitg-invalide.csv'))).rejects.toThrow(
      "Fichier refusé, rien n'a été importé :\n  Ligne 4 : NPA doit être un numéro postal à 4 chiffres (« 12O6 »).",
    );
    expect(await nombreAdresses()).toBe(avant);
    expect(await lire('100200401')).toEqual([]);
    expect(await dernierMessage()).toMatchObject({
      type: TYPE_EVENEMENT.KO,
      texte: expect.stringContaining('Import des adresses « sitg-invalide.csv » refusé : Fichier refusé'),
    });
  });

  it('refuse un format inconnu et un fichier sans les colonnes attendues', async () => {
    await expect(importer(essai('shapefile.ts'))).rejects.toThrow('Format non reconnu pour « shapefile.ts »');
    await expect(importer(essai('sitg-invalide.csv').replace('sitg-invalide.csv', 'absent.csv'))).rejects.toThrow('Fichier introuvable');
  });
});

describe('secteurs donnés par les périmètres à l’import', () => {
  const carre = (x: number, y: number) =>
    `((${x - 100},${y - 100}),(${x + 100},${y - 100}),(${x + 100},${y + 100}),(${x - 100},${y + 100}))`;

  beforeAll(async () => {
    await t.base.db
      .update(secteur)
      .set({ perimetre: carre(2500100, 1117100) })
      .where(eq(secteur.libelle, SECTEUR_3));
    await t.base.db
      .update(secteur)
      .set({ perimetre: carre(2501420, 1117310) })
      .where(eq(secteur.libelle, SECTEUR_4));
  });

  it("donne le secteur du périmètre qui contient l'adresse quand le fichier n'a pas de colonne SECTEUR ; hors de tout périmètre, aucun", async () => {
    const csv = path.join(mkdtempSync(path.join(tmpdir(), 'perimetres-')), 'adresses.csv');
    writeFileSync(
      csv,
      [
        'IDPADR;TYVOIE;LIANT;NOMVOIE;NO_ADRESSE;NPA;NOM_NPA;COMMUNE;NO_COMM_OFS;E;N',
        '100200701;Rue;de la;Corraterie;10;1204;Genève;Genève;6621;2500150;1117050',
        '100200702;Quai;;Gustave-Ador;2;1207;Genève;Genève;6621;2502500;1118500',
      ].join('\n'),
    );
    expect(await importer(csv)).toMatchObject({ inserees: 2, secteursDesPerimetres: 1 });
    const [dedans, dehors] = await lire('100200701', '100200702');
    expect(dedans?.secteur).toBe(SECTEUR_3);
    expect(dehors?.secteur).toBeNull();
    expect((await dernierMessage()).texte).toBe(
      'Import des adresses « adresses.csv » (SITG CAD_ADRESSE (CSV)) : 2 adresses, 2 nouvelles, 0 modifiées, 0 inchangées, 1 secteurs attribués par les périmètres.',
    );
    expect(await importer(csv)).toMatchObject({ inserees: 0, modifiees: 0, inchangees: 2, secteursDesPerimetres: 0 });
  });

  it('laisse le secteur de la colonne SECTEUR, même vide, quand le fichier en a une', async () => {
    expect(await importer(`${shapefile}.shp`)).toMatchObject({ secteursDesPerimetres: 0 });
    expect((await lire('100200603'))[0]?.secteur).toBeNull();
  });
});

describe("découpage d'un libellé de voie", () => {
  it('sépare le type, le liant et le nom comme le SITG', () => {
    expect(decouperVoie('Rue de la Servette')).toEqual({ typeVoie: 'Rue', liant: 'de la', nomVoie: 'Servette' });
    expect(decouperVoie('Rue de l’École-de-Médecine')).toEqual({ typeVoie: 'Rue', liant: "de l'", nomVoie: 'École-de-Médecine' });
    expect(decouperVoie('Quai du Mont-Blanc')).toEqual({ typeVoie: 'Quai', liant: 'du', nomVoie: 'Mont-Blanc' });
    expect(decouperVoie('Rue De-Candolle')).toEqual({ typeVoie: 'Rue', liant: null, nomVoie: 'De-Candolle' });
    expect(decouperVoie('Rond-point de Plainpalais')).toEqual({ typeVoie: 'Rond-point', liant: 'de', nomVoie: 'Plainpalais' });
    expect(decouperVoie('Grand-Rue')).toEqual({ typeVoie: null, liant: null, nomVoie: 'Grand-Rue' });
    expect(decouperVoie('Place Neuve')).toEqual({ typeVoie: 'Place', liant: null, nomVoie: 'Neuve' });
  });
});
