import { DESTINATAIRE_MESSAGES, type Destinataire, type destinataireSaisieSchema, type Page } from '@debarras/domain';
import type { z } from 'zod';
import { insererAudite, modifierVersionne, ouIntrouvable, supprimerVersionne } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { destinataire } from '../../db/schema.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteDestinataires): Promise<Page<Destinataire>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Destinataire> =>
  repo.versDestinataire(ouIntrouvable(await repo.trouver(db, id), DESTINATAIRE_MESSAGES.introuvable));

export async function enregistrer(db: Db, d: z.output<typeof destinataireSaisieSchema>, par: string): Promise<Destinataire> {
  if (d.idDestinataire === undefined) {
    const { idDestinataire: _, version: __, ...valeurs } = d;
    return repo.versDestinataire(await insererAudite(db, destinataire, valeurs, par));
  }
  const { idDestinataire, version, ...valeurs } = d;
  return repo.versDestinataire(
    await modifierVersionne(db, {
      table: destinataire,
      cle: destinataire.idDestinataire,
      id: idDestinataire,
      version,
      valeurs,
      par,
      quoi: DESTINATAIRE_MESSAGES.introuvable,
    }),
  );
}

/** Deletes the recipient at the version the user read; answers it, for the success message. */
export async function supprimer(db: Db, id: number, version: number): Promise<Destinataire> {
  const supprime = await supprimerVersionne(db, {
    table: destinataire,
    cle: destinataire.idDestinataire,
    id,
    version,
    quoi: DESTINATAIRE_MESSAGES.introuvable,
  });
  return repo.versDestinataire(supprime);
}

export const lotsExport = (db: Db, q: repo.RequeteDestinataires) => repo.liste.lots(db, q);
