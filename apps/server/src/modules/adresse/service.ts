import { ADRESSE_MESSAGES, libelleAdresse, motsRecherche, normaliserRecherche, type Adresse } from '@debarras/domain';
import { ouIntrouvable } from '../../db/audit.js';
import type { Db, Tx } from '../../db/client.js';
import * as repo from './repo.js';

/** An address as an import or the demo set provides it, before its derived columns. */
export type SaisieAdresse = Omit<Adresse, 'adresse'>;

const TAILLE_LOT = 1000;

/** The label and the search and sort columns, derived once when the address is stored. */
export function preparer(a: SaisieAdresse, par: string): repo.NouvelleAdresse {
  const adresse = libelleAdresse(a);
  return {
    ...a,
    adresse,
    // the postal code stays out: "servette 12" must not match every address in 1202
    recherche: normaliserRecherche(`${adresse} ${a.nomNpa}`),
    triVoie: normaliserRecherche(a.nomVoie),
    triNumero: a.noAdresse ? Number.parseInt(a.noAdresse, 10) || null : null,
    createdBy: par,
    lastModifiedBy: par,
  };
}

/** Stores addresses in batches, inserting new idpAdr and updating known ones. */
export async function enregistrer(tx: Tx, adresses: SaisieAdresse[], par: string) {
  for (let i = 0; i < adresses.length; i += TAILLE_LOT) {
    await repo.enregistrer(tx, adresses.slice(i, i + TAILLE_LOT).map((a) => preparer(a, par)));
  }
}

/** The type-ahead of every address picker: at most 200 addresses, in street then number order. */
export async function rechercher(db: Db, q: string): Promise<Adresse[]> {
  const mots = motsRecherche(q);
  if (!mots.length) return [];
  return (await repo.rechercher(db, mots)).map(repo.versAdresse);
}

export const detail = async (db: Db, idpAdr: string): Promise<Adresse> =>
  repo.versAdresse(ouIntrouvable(await repo.trouver(db, idpAdr), ADRESSE_MESSAGES.introuvable));
