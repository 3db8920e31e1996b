import path from 'node:path';
import { DOMAINES_EVENEMENT } from '@debarras/domain';
import type { Db, Transaction } from '../../db/client.js';
import { libellesParCode } from '../commune/index.js';
import { journaliserEchec, journaliserSucces } from '../logEvenement/index.js';
import { ErreurImport, lireFichierAdresses, LIBELLES_FORMAT, type EnregistrementSource, type FichierAdresses } from './lecture.js';
import { attribuerSecteursDesPerimetres, type ColonneConservee, type PerimetreSecteur } from './repo.js';
import { enregistrer, type SaisieAdresse } from './service.js';
import { decouperVoie } from './voie.js';

/**
 * The attribute names accepted for each field, the published one first. SITG CAD_ADRESSE names
 * come first, then the spellings met in older extracts and in the city's own layers.
 */
const ALIAS_SITG = {
  idpAdr: ['IDPADR', 'IDP_ADR', 'ID_ADRESSE'],
  typeVoie: ['TYVOIE', 'TYPE_VOIE', 'TYPVOIE', 'TYPABR'],
  liant: ['LIANT', 'LIAISON'],
  nomVoie: ['NOMVOIE', 'NOM_VOIE', 'NOM_RUE', 'RUE'],
  noAdresse: ['NO_ADRESSE', 'NUMERO', 'NO_ADR', 'NUMADR', 'NO'],
  noPostal: ['NPA', 'NO_POSTAL', 'CODE_POSTAL'],
  nomNpa: ['NOM_NPA', 'LOCALITE', 'NOMNPA'],
  commune: ['COMMUNE', 'NOM_COMMUNE', 'NOM_COMM'],
  noCommune: ['NO_COMM_OFS', 'NO_COM_FED', 'NO_COMM', 'NO_COMMUNE', 'NUM_COM_OFS', 'COM_FOSNR'],
  x: ['E', 'COORD_E', 'E_MN95', 'X'],
  y: ['N', 'COORD_N', 'N_MN95', 'Y'],
} as const;

/** Columns neither source publishes; when a file has them they are imported, otherwise kept. */
const ALIAS_FACULTATIFS = { secteur: ['SECTEUR'], gestionnaire: ['GESTIONNAIRE'] } as const;

/** LV95 (EPSG:2056) over Switzerland: catches LV03 or WGS 84 coordinates before they are stored. */
const ETENDUE_LV95 = { e: [2_480_000, 2_840_000], n: [1_070_000, 1_300_000] } as const;

const ERREURS_MAX = 20;

type Champ = keyof typeof ALIAS_SITG | keyof typeof ALIAS_FACULTATIFS;

/** A record reduced to the register's fields, as text, with the column each came from (for messages). */
interface Brut {
  valeurs: Partial<Record<Champ, string>>;
  colonnes: Partial<Record<Champ, string>>;
  point?: [number, number] | undefined;
}

const texte = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const colonneParmi = (colonnes: Set<string>, alias: readonly string[]) => alias.find((a) => colonnes.has(a));

/** A SITG record: one attribute per field, the coordinates in E/N or in the point geometry. */
function lecteurSitg(fichier: FichierAdresses) {
  const colonnes = Object.fromEntries(
    Object.entries({ ...ALIAS_SITG, ...ALIAS_FACULTATIFS }).map(([champ, alias]) => [champ, colonneParmi(fichier.colonnes, alias)]),
  ) as Partial<Record<Champ, string>>;
  // a street given as one label (no type column) is split like swisstopo's
  const decouper = !colonnes.typeVoie && !colonnes.liant;
  return {
    colonnes,
    lire: (e: EnregistrementSource): Brut => {
      const valeurs = Object.fromEntries(
        Object.entries(colonnes)
          .filter(([, c]) => c)
          .map(([champ, c]) => [champ, texte(e.champs[c!])]),
      ) as Partial<Record<Champ, string>>;
      if (decouper && valeurs.nomVoie) Object.assign(valeurs, decouperVoie(valeurs.nomVoie));
      return { valeurs, colonnes, point: e.point };
    },
  };
}

/** A swisstopo record: the street label and 'NPA Localité' are split here. */
function lecteurSwisstopo(fichier: FichierAdresses, communes: Map<number, string>) {
  const colonnes: Partial<Record<Champ, string>> = {
    idpAdr: 'ADR_EGAID',
    nomVoie: 'STN_LABEL',
    noAdresse: 'ADR_NUMBER',
    noPostal: 'ZIP_LABEL',
    nomNpa: 'ZIP_LABEL',
    commune: fichier.colonnes.has('COM_NAME') ? 'COM_NAME' : 'COM_FOSNR',
    noCommune: 'COM_FOSNR',
    x: 'ADR_EASTING',
    y: 'ADR_NORTHING',
    secteur: colonneParmi(fichier.colonnes, ALIAS_FACULTATIFS.secteur),
    gestionnaire: colonneParmi(fichier.colonnes, ALIAS_FACULTATIFS.gestionnaire),
  };
  return {
    colonnes,
    lire: (e: EnregistrementSource): Brut => {
      const npa = /^(\d{4})\s+(.+)$/.exec(texte(e.champs.ZIP_LABEL));
      const noCommune = texte(e.champs.COM_FOSNR);
      const voie = decouperVoie(texte(e.champs.STN_LABEL));
      const valeurs: Partial<Record<Champ, string>> = {
        idpAdr: texte(e.champs.ADR_EGAID),
        typeVoie: voie.typeVoie ?? '',
        liant: voie.liant ?? '',
        nomVoie: voie.nomVoie,
        noAdresse: texte(e.champs.ADR_NUMBER),
        noPostal: npa?.[1] ?? '',
        nomNpa: npa?.[2] ?? '',
        commune: texte(e.champs.COM_NAME) || communes.get(Number(noCommune)) || npa?.[2] || '',
        noCommune,
        x: texte(e.champs.ADR_EASTING),
        y: texte(e.champs.ADR_NORTHING),
      };
      if (colonnes.secteur) valeurs.secteur = texte(e.champs.SECTEUR);
      if (colonnes.gestionnaire) valeurs.gestionnaire = texte(e.champs.GESTIONNAIRE);
      return { valeurs, colonnes };
    },
  };
}

const COLONNES_SWISSTOPO = ['ADR_EGAID', 'STN_LABEL', 'ADR_NUMBER', 'ZIP_LABEL', 'COM_FOSNR', 'ADR_EASTING', 'ADR_NORTHING'];

/** Columns without which no row could be read: one message for the file rather than one per row. */
function colonnesManquantes(fichier: FichierAdresses): string[] {
  if (fichier.format === 'swisstopo-csv') {
    return COLONNES_SWISSTOPO.filter((c) => !fichier.colonnes.has(c)).map((c) => `Colonne ${c} absente.`);
  }
  const exigees = ['idpAdr', 'nomVoie', 'noPostal', 'nomNpa', 'noCommune'] as const;
  const manquantes = exigees.filter((champ) => !colonneParmi(fichier.colonnes, ALIAS_SITG[champ])).map((champ) => ALIAS_SITG[champ]);
  const sansCoordonnees =
    !colonneParmi(fichier.colonnes, ALIAS_SITG.x) && fichier.format !== 'sitg-shapefile' && fichier.format !== 'sitg-geojson';
  return [...manquantes, ...(sansCoordonnees ? [ALIAS_SITG.x, ALIAS_SITG.y] : [])].map(
    (alias) => `Colonne ${alias[0]} absente (noms acceptés : ${alias.join(', ')}).`,
  );
}

interface Contexte {
  communes: Map<number, string>;
  secteurs: Set<string>;
}

/** Checks one record and builds the address, or says what is wrong with it. */
function valider({ valeurs, colonnes, point }: Brut, contexte: Contexte): SaisieAdresse | string[] {
  const erreurs: string[] = [];
  const nom = (champ: Champ) => colonnes[champ] ?? ALIAS_SITG[champ as keyof typeof ALIAS_SITG]?.[0] ?? champ.toUpperCase();
  const exige = (champ: Champ, longueurMax: number) => {
    const v = valeurs[champ] ?? '';
    if (!v) erreurs.push(`${nom(champ)} est vide`);
    else if (v.length > longueurMax) erreurs.push(`${nom(champ)} dépasse ${longueurMax} caractères`);
    return v;
  };
  const facultatif = (champ: Champ, longueurMax: number) => {
    const v = valeurs[champ] ?? '';
    if (v.length > longueurMax) erreurs.push(`${nom(champ)} dépasse ${longueurMax} caractères`);
    return v || null;
  };
  const coordonnee = (champ: 'x' | 'y', depuisPoint: number | undefined, [min, max]: readonly [number, number]) => {
    const brut = valeurs[champ];
    const v = brut ? Number(brut.replace(',', '.')) : depuisPoint;
    if (v === undefined || brut === '') erreurs.push(`${nom(champ)} est vide`);
    else if (!Number.isFinite(v)) erreurs.push(`${nom(champ)} n'est pas un nombre (« ${brut} »)`);
    else if (v < min || v > max) erreurs.push(`${nom(champ)} = ${v} hors de la Suisse en MN95 (EPSG:2056)`);
    return v ?? 0;
  };

  const idpAdr = exige('idpAdr', 30);
  const nomVoie = exige('nomVoie', 150);
  const noPostal = exige('noPostal', 10);
  if (noPostal && !/^\d{4}$/.test(noPostal)) erreurs.push(`${nom('noPostal')} doit être un numéro postal à 4 chiffres (« ${noPostal} »)`);
  const nomNpa = exige('nomNpa', 100);
  const noCommuneTexte = exige('noCommune', 10);
  const noCommune = Number(noCommuneTexte);
  if (noCommuneTexte && !Number.isInteger(noCommune)) erreurs.push(`${nom('noCommune')} doit être un numéro OFS (« ${noCommuneTexte} »)`);
  const communeNom = valeurs.commune || contexte.communes.get(noCommune) || '';
  if (!communeNom) erreurs.push(`${nom('commune')} est vide`);
  const secteurNom = facultatif('secteur', 255);
  if (secteurNom && !contexte.secteurs.has(secteurNom)) erreurs.push(`le secteur « ${secteurNom} » n'existe pas`);
  const adresse: SaisieAdresse = {
    idpAdr,
    typeVoie: facultatif('typeVoie', 50),
    liant: facultatif('liant', 20)?.replace(/[’ʼ]/g, "'") ?? null,
    nomVoie,
    noAdresse: facultatif('noAdresse', 20),
    commune: communeNom,
    noPostal,
    nomNpa,
    x: coordonnee('x', point?.[0], ETENDUE_LV95.e),
    y: coordonnee('y', point?.[1], ETENDUE_LV95.n),
    noCommune,
    secteur: secteurNom,
    gestionnaire: facultatif('gestionnaire', 100),
  };
  return erreurs.length ? erreurs : adresse;
}

/** '6621' or '6601-6645,6608' → the OFS numbers an import keeps. */
export function lireCommunes(texte: string): Set<number> {
  const codes = new Set<number>();
  for (const morceau of texte
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)) {
    const [debut, fin = debut] = morceau.split('-').map((n) => Number(n.trim()));
    if (!Number.isInteger(debut) || !Number.isInteger(fin) || fin! < debut!)
      throw new ErreurImport(`Liste de communes invalide : « ${morceau} ».`);
    for (let c = debut!; c <= fin!; c++) codes.add(c);
  }
  return codes;
}

/**
 * What the import needs of the sectors, given by its caller (the sectors' module): the labels a file's SECTEUR column
 * may hold, and the perimeters that give a sector to a file without one. The address module does not depend on the
 * sectors', which depends on it (a perimeter drawn assigns the addresses inside it).
 */
export interface SecteursPourImport {
  libelles: (db: Db) => Promise<string[]>;
  perimetres: (tx: Transaction) => Promise<PerimetreSecteur[]>;
}

export interface OptionsImport {
  par: string;
  secteurs: SecteursPourImport;
  /** Only the addresses of these communes (OFS numbers): swisstopo's file covers all of Switzerland. */
  communes?: Set<number> | undefined;
  /** Called with a short French line at each step. */
  annoncer?: (message: string) => void;
}

export interface BilanImport {
  format: string;
  lues: number;
  inserees: number;
  modifiees: number;
  inchangees: number;
  /** Addresses whose sector the perimeters gave, when the file has no SECTEUR column. */
  secteursDesPerimetres: number;
}

/**
 * Reads and checks every row first, then stores them all in one transaction: a file with one bad
 * row imports nothing, and the error names the row. The outcome is written to the messages.
 */
export async function importerAdresses(db: Db, chemin: string, options: OptionsImport): Promise<BilanImport> {
  const annoncer = options.annoncer ?? (() => undefined);
  const nomFichier = path.basename(chemin);
  try {
    const fichier = await lireFichierAdresses(chemin);
    annoncer(`${nomFichier} : ${LIBELLES_FORMAT[fichier.format]}, ${fichier.enregistrements.length} lignes.`);
    const manquantes = colonnesManquantes(fichier);
    if (manquantes.length) throw new ErreurImport(`Fichier refusé, rien n'a été importé :\n  ${manquantes.join('\n  ')}`);

    const contexte: Contexte = {
      communes: await libellesParCode(db),
      secteurs: new Set(await options.secteurs.libelles(db)),
    };
    const { colonnes, lire } = fichier.format === 'swisstopo-csv' ? lecteurSwisstopo(fichier, contexte.communes) : lecteurSitg(fichier);
    const adresses: SaisieAdresse[] = [];
    const erreurs: string[] = [];
    const lignesParId = new Map<string, number>();
    for (const enregistrement of fichier.enregistrements) {
      const resultat = valider(lire(enregistrement), contexte);
      if (Array.isArray(resultat)) {
        erreurs.push(`Ligne ${enregistrement.ligne} : ${resultat.join(' ; ')}.`);
      } else if (!options.communes || options.communes.has(resultat.noCommune)) {
        const dejaVue = lignesParId.get(resultat.idpAdr);
        if (dejaVue) erreurs.push(`Ligne ${enregistrement.ligne} : l'adresse ${resultat.idpAdr} figure déjà à la ligne ${dejaVue}.`);
        lignesParId.set(resultat.idpAdr, enregistrement.ligne);
        adresses.push(resultat);
      }
      if (erreurs.length >= ERREURS_MAX) break;
    }
    if (erreurs.length) {
      const suite = erreurs.length >= ERREURS_MAX ? `\n  (arrêt après ${ERREURS_MAX} erreurs)` : '';
      throw new ErreurImport(`Fichier refusé, rien n'a été importé :\n  ${erreurs.join('\n  ')}${suite}`);
    }
    annoncer(`${adresses.length} adresses valides${options.communes ? ' dans les communes demandées' : ''} ; enregistrement…`);

    const conservees: ColonneConservee[] = (['secteur', 'gestionnaire'] as const).filter((c) => !colonnes[c]);
    const { secteursDesPerimetres, ...bilan } = await db.transaction(async (tx) => {
      const enregistrees = await enregistrer(tx, adresses, options.par, {
        conservees,
        progression: (faites) => annoncer(`  ${faites} / ${adresses.length} (${Math.round((100 * faites) / adresses.length)} %)`),
      });
      // an official file carries no collection sector: the sectors' perimeters give it (docs/regles.md « Périmètres des secteurs »)
      const attribues = colonnes.secteur
        ? 0
        : await attribuerSecteursDesPerimetres(
            tx,
            adresses.map((a) => a.idpAdr),
            await options.secteurs.perimetres(tx),
            options.par,
          );
      if (attribues) annoncer(`${attribues} adresses ont reçu le secteur du périmètre qui les contient.`);
      return { ...enregistrees, secteursDesPerimetres: attribues };
    });
    const resultat: BilanImport = {
      format: LIBELLES_FORMAT[fichier.format],
      lues: adresses.length,
      ...bilan,
      inchangees: adresses.length - bilan.inserees - bilan.modifiees,
      secteursDesPerimetres,
    };
    const parPerimetres = secteursDesPerimetres ? `, ${secteursDesPerimetres} secteurs attribués par les périmètres` : '';
    await journaliserSucces(
      db,
      DOMAINES_EVENEMENT.import,
      `Import des adresses « ${nomFichier} » (${resultat.format}) : ${resultat.lues} adresses, ${resultat.inserees} nouvelles, ${resultat.modifiees} modifiées, ${resultat.inchangees} inchangées${parPerimetres}.`,
    );
    return resultat;
  } catch (erreur) {
    const message = erreur instanceof Error ? erreur.message : String(erreur);
    await journaliserEchec(db, DOMAINES_EVENEMENT.import, `Import des adresses « ${nomFichier} » refusé : ${message}`.slice(0, 4000));
    throw erreur;
  }
}
