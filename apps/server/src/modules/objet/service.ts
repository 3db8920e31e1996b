import { aLaPermission, OBJET_LIBELLES, OBJET_MESSAGES, type Objet, type objetSaisieSchema, type Page } from '@debarras/domain';
import type { z } from 'zod';
import { insererAudite, modifierVersionne, ouIntrouvable } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { objet } from '../../db/schema.js';
import type { UtilisateurConnecte } from '../../http/contexte.js';
import { ErreurMetier } from '../../http/erreurs.js';
import type { ColonneExport } from '../../http/export.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteObjets): Promise<Page<Objet>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Objet> =>
  repo.versObjet(ouIntrouvable(await repo.trouver(db, id), OBJET_MESSAGES.introuvable));

/**
 * Every administrator edits the catalogue, but adding an object and changing what the online
 * booking shows of it (its label and image) belong to the technical role (spec §6).
 */
export async function enregistrer(db: Db, o: z.output<typeof objetSaisieSchema>, utilisateur: UtilisateurConnecte): Promise<Objet> {
  const technique = aLaPermission(utilisateur.roles, 'gererCatalogueEnLigne');
  const { idObjet, version, ...valeurs } = o;
  if (idObjet === undefined) {
    if (!technique) throw new ErreurMetier(403, OBJET_MESSAGES.reserveTechnique);
    return repo.versObjet(await insererAudite(db, objet, valeurs, utilisateur.username));
  }
  const actuel = ouIntrouvable(await repo.trouver(db, idObjet), OBJET_MESSAGES.introuvable);
  if (!technique && (actuel.libelleExt !== valeurs.libelleExt || actuel.url !== valeurs.url)) {
    throw new ErreurMetier(403, OBJET_MESSAGES.reserveTechnique);
  }
  return repo.versObjet(
    await modifierVersionne(db, {
      table: objet,
      cle: objet.idObjet,
      id: idObjet,
      version,
      valeurs,
      par: utilisateur.username,
      quoi: OBJET_MESSAGES.introuvable,
    }),
  );
}

export const COLONNES_EXPORT: ColonneExport<Objet>[] = [
  { entete: OBJET_LIBELLES.libelle, valeur: (o) => o.libelle, largeur: 35 },
  { entete: OBJET_LIBELLES.libelleExt, valeur: (o) => o.libelleExt, largeur: 35 },
  { entete: OBJET_LIBELLES.type, valeur: (o) => o.type },
  { entete: OBJET_LIBELLES.url, valeur: (o) => o.url, largeur: 30 },
  { entete: OBJET_LIBELLES.urlInterdit, valeur: (o) => o.urlInterdit, largeur: 50 },
  { entete: OBJET_LIBELLES.ordre, valeur: (o) => o.ordre, type: 'nombre' },
  { entete: OBJET_LIBELLES.actif, valeur: (o) => (o.actif ? 'Actif' : 'Inactif') },
];

export const lotsExport = (db: Db, q: repo.RequeteObjets) => repo.liste.lots(db, q);
