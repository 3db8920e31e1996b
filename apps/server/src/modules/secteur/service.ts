import {
  SECTEUR_MESSAGES,
  type Page,
  type perimetreSaisieSchema,
  type PerimetreSecteur,
  type ResultatPerimetre,
  type Secteur,
  type secteurSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { doublon, estViolationUnicite, saisieInvalide } from '../../erreurs.js';
import { attribuerPerimetre, nombreSansSecteur } from '../adresse/index.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteSecteurs): Promise<Page<Secteur>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Secteur> =>
  repo.versSecteur(ouIntrouvable(await repo.trouver(db, id), SECTEUR_MESSAGES.introuvable));

export const libelles = (db: Db) => repo.libelles(db);

/**
 * Creates a sector, or updates its bank and end date: its label and start of activity are fixed
 * once created (levées and history refer to them).
 */
export async function enregistrer(db: Db, s: z.output<typeof secteurSaisieSchema>, par: string): Promise<Secteur> {
  if (s.idSecteur === undefined) {
    if (await repo.trouverParLibelle(db, s.libelle)) throw doublon(SECTEUR_MESSAGES.libelleExistant(s.libelle));
    try {
      const { idSecteur: _, version: __, ...valeurs } = s;
      return repo.versSecteur(await repo.ecritures.inserer(db, valeurs, par));
    } catch (erreur) {
      if (estViolationUnicite(erreur)) throw doublon(SECTEUR_MESSAGES.libelleExistant(s.libelle));
      throw erreur;
    }
  }
  const actuel = ouIntrouvable(await repo.trouver(db, s.idSecteur), SECTEUR_MESSAGES.introuvable);
  if (actuel.libelle !== s.libelle) throw saisieInvalide(SECTEUR_MESSAGES.libelleNonModifiable);
  if (actuel.dateDebut !== s.dateDebut) throw saisieInvalide(SECTEUR_MESSAGES.dateDebutNonModifiable);
  return repo.versSecteur(await repo.ecritures.modifier(db, s.idSecteur, s.version, { rive: s.rive, dateFin: s.dateFin }, par));
}

export const lotsExport = (db: Db, q: repo.RequeteSecteurs) => repo.liste.lots(db, q);

/** Every sector's perimeter, null while none was drawn (`GET /secteur/perimetres`). */
export const perimetres = async (db: Db): Promise<PerimetreSecteur[]> =>
  (await repo.avecPerimetre(db)).map((s) => ({ ...s, perimetre: s.perimetre ? repo.depuisPolygone(s.perimetre) : null }));

/** The stored perimeters, for the address module's assignments: the ones created first win where two overlap. */
export const perimetresPolygones = async (tx: Tx) => (await repo.perimetres(tx)).map(({ libelle, polygone }) => ({ libelle, polygone }));

/**
 * Saves a sector's perimeter and, in the same transaction, gives the sector to the addresses inside
 * it and takes it from those it no longer holds (docs/regles.md « Périmètres des secteurs »);
 * `communes` are the served communes whose addresses still without a sector are counted.
 */
export async function enregistrerPerimetre(
  db: Db,
  id: number,
  saisie: z.output<typeof perimetreSaisieSchema>,
  par: string,
  communes: readonly number[],
): Promise<ResultatPerimetre> {
  return db.transaction(async (tx) => {
    const polygone = repo.versPolygone(saisie.perimetre);
    const modifie = await repo.ecritures.modifier(tx, id, saisie.version, { perimetre: polygone }, par);
    const autres = (await repo.perimetres(tx)).filter((p) => p.idSecteur !== id);
    const adressesModifiees = await attribuerPerimetre(tx, { libelle: modifie.libelle, polygone }, autres, par);
    return { secteur: repo.versSecteur(modifie), adressesModifiees, adressesSansSecteur: await nombreSansSecteur(tx, communes) };
  });
}
