import { PARAMETRE_LIBELLES, PARAMETRE_MESSAGES, type Page, type Parametre, type parametreSaisieSchema } from '@debarras/domain';
import type { z } from 'zod';
import { insererAudite, modifierVersionne, ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { parametre } from '../../db/schema.js';
import { conflit, ErreurMetier, estViolationUnicite } from '../../http/erreurs.js';
import type { ColonneExport } from '../../http/export.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteParametres): Promise<Page<Parametre>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Parametre> =>
  repo.versParametre(ouIntrouvable(await repo.trouver(db, id), PARAMETRE_MESSAGES.introuvable));

/** The value of a key, as forms and screens read it. */
export async function valeur(db: Db, cle: string): Promise<string> {
  const ligne = await repo.trouverParCle(db, cle);
  if (!ligne) throw new ErreurMetier(404, PARAMETRE_MESSAGES.cleInconnue(cle));
  return ligne.valeur;
}

/** A whole-number parameter (a max, a horizon), or `defaut` when missing or not a number ≥ 0. */
export async function valeurEntiere(db: Tx, cle: string, defaut: number): Promise<number> {
  const n = Number((await repo.trouverParCle(db, cle))?.valeur);
  return Number.isInteger(n) && n >= 0 ? n : defaut;
}

/** Creates the parameter when it has no id, otherwise updates it if `version` is current. */
export async function enregistrer(db: Db, p: z.output<typeof parametreSaisieSchema>, par: string): Promise<Parametre> {
  if (p.idParametre === undefined) {
    if (await repo.trouverParCle(db, p.cle)) throw conflit(PARAMETRE_MESSAGES.cleExistante(p.cle));
    try {
      return repo.versParametre(await insererAudite(db, parametre, { cle: p.cle, valeur: p.valeur, description: p.description }, par));
    } catch (erreur) {
      if (estViolationUnicite(erreur)) throw conflit(PARAMETRE_MESSAGES.cleExistante(p.cle));
      throw erreur;
    }
  }
  const actuel = ouIntrouvable(await repo.trouver(db, p.idParametre), PARAMETRE_MESSAGES.introuvable);
  if (actuel.cle !== p.cle) throw new ErreurMetier(400, PARAMETRE_MESSAGES.cleNonModifiable);
  const modifie = await modifierVersionne(db, {
    table: parametre,
    cle: parametre.idParametre,
    id: p.idParametre,
    version: p.version,
    valeurs: { valeur: p.valeur, description: p.description },
    par,
    quoi: PARAMETRE_MESSAGES.introuvable,
  });
  return repo.versParametre(modifie);
}

export const COLONNES_EXPORT: ColonneExport<Parametre>[] = [
  { entete: PARAMETRE_LIBELLES.cle, valeur: (p) => p.cle, largeur: 30 },
  { entete: PARAMETRE_LIBELLES.valeur, valeur: (p) => p.valeur, largeur: 50 },
  { entete: PARAMETRE_LIBELLES.description, valeur: (p) => p.description, largeur: 60 },
  { entete: PARAMETRE_LIBELLES.lastModifiedDate, valeur: (p) => p.lastModifiedDate, type: 'dateHeure', largeur: 22 },
  { entete: PARAMETRE_LIBELLES.lastModifiedBy, valeur: (p) => p.lastModifiedBy, largeur: 16 },
];

export const lotsExport = (db: Db, q: repo.RequeteParametres) => repo.liste.lots(db, q);
