import { aLaPermission, OBJET_MESSAGES, type Objet, type objetSaisieSchema, type Page } from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { nonAutorise } from '../../erreurs.js';
import type { UtilisateurConnecte } from '../session/index.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteObjets): Promise<Page<Objet>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Objet> =>
  repo.versObjet(ouIntrouvable(await repo.trouver(db, id), OBJET_MESSAGES.introuvable));

/**
 * Every administrator edits the catalogue, but adding an object and changing what the online
 * booking shows of it (its labels, French and English, and its image) belong to the technical role (docs/regles.md « Rôles et permissions »).
 */
export async function enregistrer(db: Db, o: z.output<typeof objetSaisieSchema>, utilisateur: UtilisateurConnecte): Promise<Objet> {
  const technique = aLaPermission(utilisateur.roles, 'gererCatalogueEnLigne');
  if (o.idObjet === undefined) {
    if (!technique) throw nonAutorise(OBJET_MESSAGES.reserveTechnique);
    const { idObjet: _, version: __, ...valeurs } = o;
    return repo.versObjet(await repo.ecritures.inserer(db, valeurs, utilisateur.username));
  }
  const { idObjet, version, ...valeurs } = o;
  const actuel = ouIntrouvable(await repo.trouver(db, idObjet), OBJET_MESSAGES.introuvable);
  const libellesOuImageChanges =
    actuel.libelleExt !== valeurs.libelleExt || (actuel.libelleExtEn ?? null) !== valeurs.libelleExtEn || actuel.url !== valeurs.url;
  if (!technique && libellesOuImageChanges) {
    throw nonAutorise(OBJET_MESSAGES.reserveTechnique);
  }
  return repo.versObjet(await repo.ecritures.modifier(db, idObjet, version, valeurs, utilisateur.username));
}

export const lotsExport = (db: Db, q: repo.RequeteObjets) => repo.liste.lots(db, q);
