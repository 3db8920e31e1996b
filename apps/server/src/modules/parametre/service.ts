import {
  ERREURS, formatDateHeure, PARAMETRE_LIBELLES, PARAMETRE_MESSAGES, type Page, type Parametre,
  type parametreSaisieSchema,
} from '@debarras/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflit, ErreurMetier, estViolationUnicite, introuvable } from '../../http/erreurs.js';
import { parLots, type ColonneExport } from '../../http/export.js';
import * as repo from './repo.js';

const versParametre = (l: repo.LigneParametre): Parametre => ({
  idParametre: l.idParametre,
  cle: l.cle,
  valeur: l.valeur,
  description: l.description,
  createdDate: l.createdDate.toISOString(),
  createdBy: l.createdBy,
  lastModifiedDate: l.lastModifiedDate.toISOString(),
  lastModifiedBy: l.lastModifiedBy,
  version: l.version,
});

export async function lister(db: Db, q: repo.RequeteParametres): Promise<Page<Parametre>> {
  const [lignes, total] = await Promise.all([repo.lister(db, q), repo.compter(db, q)]);
  return { lignes: lignes.map(versParametre), total };
}

export async function detail(db: Db, id: number): Promise<Parametre> {
  const ligne = await repo.trouver(db, id);
  if (!ligne) throw introuvable(PARAMETRE_MESSAGES.introuvable);
  return versParametre(ligne);
}

/** The value of a key, as forms and screens read it. */
export async function valeur(db: Db, cle: string): Promise<string> {
  const ligne = await repo.trouverParCle(db, cle);
  if (!ligne) throw new ErreurMetier(404, PARAMETRE_MESSAGES.cleInconnue(cle));
  return ligne.valeur;
}

/** Creates the parameter when it has no id, otherwise updates it if `version` is current. */
export async function enregistrer(db: Db, p: z.output<typeof parametreSaisieSchema>, par: string): Promise<Parametre> {
  if (p.idParametre === undefined) {
    if (await repo.trouverParCle(db, p.cle)) throw conflit(PARAMETRE_MESSAGES.cleExistante(p.cle));
    try {
      return versParametre(await repo.inserer(db, { cle: p.cle, valeur: p.valeur, description: p.description }, par));
    } catch (erreur) {
      if (estViolationUnicite(erreur)) throw conflit(PARAMETRE_MESSAGES.cleExistante(p.cle));
      throw erreur;
    }
  }
  const actuel = await repo.trouver(db, p.idParametre);
  if (!actuel) throw introuvable(PARAMETRE_MESSAGES.introuvable);
  if (actuel.cle !== p.cle) throw new ErreurMetier(400, PARAMETRE_MESSAGES.cleNonModifiable);
  const modifie =
    p.version !== undefined &&
    (await repo.mettreAJour(db, p.idParametre, p.version, { valeur: p.valeur, description: p.description }, par));
  if (!modifie) {
    const recent = (await repo.trouver(db, p.idParametre)) ?? actuel;
    throw conflit(ERREURS.conflitVersion(recent.lastModifiedBy, formatDateHeure(recent.lastModifiedDate)));
  }
  return versParametre(modifie);
}

export const COLONNES_EXPORT: ColonneExport<Parametre>[] = [
  { entete: PARAMETRE_LIBELLES.cle, valeur: (p) => p.cle, largeur: 30 },
  { entete: PARAMETRE_LIBELLES.valeur, valeur: (p) => p.valeur, largeur: 50 },
  { entete: PARAMETRE_LIBELLES.description, valeur: (p) => p.description, largeur: 60 },
  { entete: PARAMETRE_LIBELLES.lastModifiedDate, valeur: (p) => p.lastModifiedDate, type: 'dateHeure', largeur: 22 },
  { entete: PARAMETRE_LIBELLES.lastModifiedBy, valeur: (p) => p.lastModifiedBy, largeur: 16 },
];

export const lotsExport = (db: Db, q: repo.RequeteParametres) =>
  parLots(async (page, taille) => (await repo.lister(db, q, page, taille)).map(versParametre));
