import { SECTEUR_MESSAGES, type Page, type Secteur, type secteurSaisieSchema } from '@debarras/domain';
import type { z } from 'zod';
import { insererAudite, modifierVersionne, ouIntrouvable } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { secteur } from '../../db/schema.js';
import { doublon, estViolationUnicite, saisieInvalide } from '../../erreurs.js';
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
      return repo.versSecteur(await insererAudite(db, secteur, valeurs, par));
    } catch (erreur) {
      if (estViolationUnicite(erreur)) throw doublon(SECTEUR_MESSAGES.libelleExistant(s.libelle));
      throw erreur;
    }
  }
  const actuel = ouIntrouvable(await repo.trouver(db, s.idSecteur), SECTEUR_MESSAGES.introuvable);
  if (actuel.libelle !== s.libelle) throw saisieInvalide(SECTEUR_MESSAGES.libelleNonModifiable);
  if (actuel.dateDebut !== s.dateDebut) throw saisieInvalide(SECTEUR_MESSAGES.dateDebutNonModifiable);
  return repo.versSecteur(
    await modifierVersionne(db, {
      table: secteur,
      cle: secteur.idSecteur,
      id: s.idSecteur,
      version: s.version,
      valeurs: { rive: s.rive, dateFin: s.dateFin },
      par,
      quoi: SECTEUR_MESSAGES.introuvable,
    }),
  );
}

export const lotsExport = (db: Db, q: repo.RequeteSecteurs) => repo.liste.lots(db, q);
