import {
  DESTINATAIRE_LIBELLES,
  DESTINATAIRE_MESSAGES,
  type Destinataire,
  type destinataireSaisieSchema,
  type Page,
} from '@debarras/domain';
import type { z } from 'zod';
import { insererAudite, modifierVersionne, ouIntrouvable } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { destinataire } from '../../db/schema.js';
import { introuvable } from '../../http/erreurs.js';
import type { ColonneExport } from '../../http/export.js';
import * as repo from './repo.js';

export const lister = (db: Db, q: repo.RequeteDestinataires): Promise<Page<Destinataire>> => repo.liste.page(db, q);

export const detail = async (db: Db, id: number): Promise<Destinataire> =>
  repo.versDestinataire(ouIntrouvable(await repo.trouver(db, id), DESTINATAIRE_MESSAGES.introuvable));

export async function enregistrer(db: Db, d: z.output<typeof destinataireSaisieSchema>, par: string): Promise<Destinataire> {
  const { idDestinataire, version, ...valeurs } = d;
  if (idDestinataire === undefined) return repo.versDestinataire(await insererAudite(db, destinataire, valeurs, par));
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

/** Answers the deleted recipient, for the success message. */
export async function supprimer(db: Db, id: number): Promise<Destinataire> {
  const ligne = await repo.supprimer(db, id);
  if (!ligne) throw introuvable(DESTINATAIRE_MESSAGES.introuvable);
  return repo.versDestinataire(ligne);
}

export const COLONNES_EXPORT: ColonneExport<Destinataire>[] = [
  { entete: DESTINATAIRE_LIBELLES.destinataire, valeur: (d) => d.destinataire, largeur: 30 },
  { entete: DESTINATAIRE_LIBELLES.email, valeur: (d) => d.email, largeur: 35 },
  { entete: DESTINATAIRE_LIBELLES.description, valeur: (d) => d.description, largeur: 45 },
  { entete: DESTINATAIRE_LIBELLES.type, valeur: (d) => d.type },
  { entete: DESTINATAIRE_LIBELLES.actif, valeur: (d) => (d.actif ? 'Actif' : 'Inactif') },
];

export const lotsExport = (db: Db, q: repo.RequeteDestinataires) => repo.liste.lots(db, q);
