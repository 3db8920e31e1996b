import { ajouterMois, formatJour } from '@debarras/domain';
import type { Db } from '../db/client.js';
import { anonymiser } from '../modules/debarras/index.js';
import { moisAnonymisation } from '../modules/parametre/index.js';
import { anonymiserResultatsAvant } from '../modules/resultat/index.js';
import { anonymiserSignalementsAvant } from '../modules/signalement/index.js';

/** Who the journal of an anonymised débarras names. */
export const ANONYMISEUR = 'anonymisation';

export interface BilanAnonymisation {
  anonymises: number;
  /** Levées before this day are concerned. */
  avant: string;
  mois: number;
}

/**
 * docs/regles.md « Anonymisation »: the ARCHIVE and SUPPRIME débarras whose levée is more than
 * `anonymisation.mois` months old (strictly before today − that many months) lose the requester's
 * name, phone, e-mail and the general remarks; the crews' photos and remarks and the residents' reports' words of
 * those levées go too.
 */
export async function executerAnonymisation(db: Db, jour: string): Promise<BilanAnonymisation> {
  const mois = await moisAnonymisation(db);
  const avant = ajouterMois(jour, -mois);
  const anonymises = await anonymiser(db, avant, ANONYMISEUR);
  await db.transaction(async (tx) => {
    await anonymiserResultatsAvant(tx, avant);
    await anonymiserSignalementsAvant(tx, avant);
  });
  return { anonymises, avant, mois };
}

export const bilanAnonymisation = (b: BilanAnonymisation) =>
  `Anonymisation des débarras archivés ou supprimés dont la levée est antérieure au ${formatJour(b.avant)} (${b.mois} mois) : ${b.anonymises} débarras anonymisé(s).`;
