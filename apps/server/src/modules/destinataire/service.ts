import { DESTINATAIRE_MESSAGES, type Destinataire, type destinataireSaisieSchema, type Page } from '@debarras/domain';
import type { z } from 'zod';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteDestinataires): Promise<Page<Destinataire>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Destinataire> =>
  repo.versDestinataire(ouIntrouvable(await repo.trouver(db, id), DESTINATAIRE_MESSAGES.introuvable));

export async function enregistrer(db: Db, d: z.output<typeof destinataireSaisieSchema>, par: string): Promise<Destinataire> {
  if (d.idDestinataire === undefined) {
    const { idDestinataire: _, version: __, ...valeurs } = d;
    return repo.versDestinataire(await repo.ecritures.inserer(db, valeurs, par));
  }
  const { idDestinataire, version, ...valeurs } = d;
  return repo.versDestinataire(await repo.ecritures.modifier(db, idDestinataire, version, valeurs, par));
}

/** Deletes the recipient at the version the user read; answers it, for the success message. */
export async function supprimer(db: Db, id: number, version: number): Promise<Destinataire> {
  return repo.versDestinataire(await repo.ecritures.supprimer(db, id, version));
}

export const lotsExport = (db: Db, q: repo.RequeteDestinataires) => repo.liste.lots(db, q);
