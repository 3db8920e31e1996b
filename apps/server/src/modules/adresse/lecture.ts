import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CodeErreur } from '@debarras/domain';
import { parse } from 'csv-parse/sync';
import * as shapefile from 'shapefile';
import { ErreurApplication } from '../../erreurs.js';

/** The address files a Swiss city can get: the SITG CAD_ADRESSE layer (three encodings) and swisstopo's register. */
export type FormatAdresses = 'sitg-shapefile' | 'sitg-geojson' | 'sitg-csv' | 'swisstopo-csv';

export const LIBELLES_FORMAT: Record<FormatAdresses, string> = {
  'sitg-shapefile': 'SITG CAD_ADRESSE (shapefile)',
  'sitg-geojson': 'SITG CAD_ADRESSE (GeoJSON)',
  'sitg-csv': 'SITG CAD_ADRESSE (CSV)',
  'swisstopo-csv': 'swisstopo, répertoire des adresses de bâtiments (CSV)',
};

/**
 * One record of the file as read, before any interpretation: its attributes (names upper-cased),
 * the point geometry if the format has one, and the line it is reported under in errors (the CSV
 * file's line, the record's rank in a shapefile or GeoJSON).
 */
export interface EnregistrementSource {
  ligne: number;
  champs: Record<string, unknown>;
  point?: [number, number] | undefined;
}

export interface FichierAdresses {
  format: FormatAdresses;
  /** The attribute names present in the file, upper-cased. */
  colonnes: Set<string>;
  enregistrements: EnregistrementSource[];
}

/** A refused address file: by default, its content is invalid; nothing was imported. */
export class ErreurImport extends ErreurApplication {
  constructor(message: string, code: CodeErreur = 'SAISIE_INVALIDE') {
    super(code, message);
  }
}

const enMajuscules = (champs: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(Object.entries(champs ?? {}).map(([cle, valeur]) => [cle.trim().toUpperCase(), valeur]));

const pointDe = (geometrie: { type: string; coordinates?: unknown } | null | undefined): [number, number] | undefined => {
  if (geometrie?.type === 'Point') return geometrie.coordinates as [number, number];
  if (geometrie?.type === 'MultiPoint') return (geometrie.coordinates as [number, number][])[0];
  return undefined;
};

function fichierCompagnon(chemin: string, extension: string) {
  const base = chemin.slice(0, -path.extname(chemin).length);
  return [extension, extension.toUpperCase()].map((e) => `${base}${e}`).find((c) => existsSync(c));
}

/** A shapefile's .dbf is Windows-1252 unless its .cpg says otherwise (SITG exports say UTF-8). */
function encodageDbf(chemin: string) {
  const cpg = fichierCompagnon(chemin, '.cpg');
  const declare = cpg ? readFileSync(cpg, 'utf8').trim().toLowerCase() : '';
  return /utf-?8/.test(declare) ? 'utf-8' : 'windows-1252';
}

async function lireShapefile(chemin: string): Promise<FichierAdresses> {
  const dbf = fichierCompagnon(chemin, '.dbf');
  if (!dbf)
    throw new ErreurImport(
      `Le fichier ${path.basename(chemin, path.extname(chemin))}.dbf (attributs du shapefile) est introuvable à côté de ${path.basename(chemin)}.`,
    );
  const shp = fichierCompagnon(chemin, '.shp');
  const options = { encoding: encodageDbf(dbf) };
  const enregistrements: EnregistrementSource[] = [];
  if (shp) {
    const source = await shapefile.open(shp, dbf, options);
    for (let r = await source.read(); !r.done; r = await source.read()) {
      enregistrements.push({
        ligne: enregistrements.length + 1,
        champs: enMajuscules(r.value.properties),
        point: pointDe(r.value.geometry),
      });
    }
  } else {
    const source = await shapefile.openDbf(dbf, options);
    for (let r = await source.read(); !r.done; r = await source.read()) {
      enregistrements.push({ ligne: enregistrements.length + 1, champs: enMajuscules(r.value) });
    }
  }
  return { format: 'sitg-shapefile', colonnes: new Set(Object.keys(enregistrements[0]?.champs ?? {})), enregistrements };
}

async function lireGeojson(chemin: string): Promise<FichierAdresses> {
  let collection: {
    type?: string;
    features?: Array<{ properties?: Record<string, unknown>; geometry?: { type: string; coordinates?: unknown } }>;
  };
  try {
    collection = JSON.parse(await readFile(chemin, 'utf8'));
  } catch (erreur) {
    throw new ErreurImport(`Le fichier GeoJSON est illisible : ${(erreur as Error).message}`);
  }
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new ErreurImport('Le fichier GeoJSON doit contenir une FeatureCollection.');
  }
  const enregistrements = collection.features.map((f, i) => ({
    ligne: i + 1,
    champs: enMajuscules(f.properties),
    point: pointDe(f.geometry),
  }));
  return { format: 'sitg-geojson', colonnes: new Set(enregistrements.flatMap((e) => Object.keys(e.champs))), enregistrements };
}

/** Both CSV formats: the separator is the one the header line uses; a UTF-8 BOM is dropped. */
async function lireCsv(chemin: string): Promise<FichierAdresses> {
  const texte = (await readFile(chemin, 'utf8')).replace(/^\uFEFF/, '');
  const entete = texte.slice(0, texte.search(/\r?\n|$/));
  const separateur = [';', '\t', ','].reduce((meilleur, s) => (entete.split(s).length > entete.split(meilleur).length ? s : meilleur));
  let lignes: Array<{ record: string[]; info: { lines: number } }>;
  try {
    lignes = parse(texte, {
      delimiter: separateur,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof lignes;
  } catch (erreur) {
    throw new ErreurImport(`Le fichier CSV est illisible : ${(erreur as Error).message}`);
  }
  const [titres, ...donnees] = lignes;
  const noms = (titres?.record ?? []).map((n) => n.toUpperCase());
  const enregistrements = donnees.map(({ record, info }) => ({
    ligne: info.lines,
    champs: Object.fromEntries(noms.map((nom, i) => [nom, record[i] ?? ''])),
  }));
  const format = noms.includes('STN_LABEL') ? 'swisstopo-csv' : 'sitg-csv';
  return { format, colonnes: new Set(noms), enregistrements };
}

/** Reads an address file, choosing the reader from the extension (and, for CSV, from the header). */
export async function lireFichierAdresses(chemin: string): Promise<FichierAdresses> {
  if (!existsSync(chemin)) throw new ErreurImport(`Fichier introuvable : ${chemin}`, 'INTROUVABLE');
  const extension = path.extname(chemin).toLowerCase();
  if (extension === '.shp' || extension === '.dbf') return lireShapefile(chemin);
  if (extension === '.geojson' || extension === '.json') return lireGeojson(chemin);
  if (extension === '.csv' || extension === '.txt') return lireCsv(chemin);
  throw new ErreurImport(
    `Format non reconnu pour « ${path.basename(chemin)} » : fichiers acceptés .shp (avec .dbf), .geojson, .json ou .csv.`,
  );
}
