import { RECHERCHE_ADRESSE, type Adresse } from '@debarras/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { adresse } from '../../db/schema.js';

export type LigneAdresse = typeof adresse.$inferSelect;
export type NouvelleAdresse = typeof adresse.$inferInsert;

export const versAdresse = (l: LigneAdresse): Adresse => ({
  idpAdr: l.idpAdr,
  adresse: l.adresse,
  typeVoie: l.typeVoie,
  liant: l.liant,
  nomVoie: l.nomVoie,
  noAdresse: l.noAdresse,
  commune: l.commune,
  noPostal: l.noPostal,
  nomNpa: l.nomNpa,
  x: l.x,
  y: l.y,
  noCommune: l.noCommune,
  secteur: l.secteur,
  gestionnaire: l.gestionnaire,
});

/**
 * Every word must start a word of the address: a prefix full-text query ('serv:* & 12:*') on the
 * GIN index of `recherche`. The words are already reduced to [a-z0-9], so nothing else can reach
 * the query syntax.
 */
export async function rechercher(tx: Tx, mots: string[]) {
  const requete = mots.map((m) => `${m}:*`).join(' & ');
  return tx
    .select()
    .from(adresse)
    .where(sql`to_tsvector('simple', ${adresse.recherche}) @@ to_tsquery('simple', ${requete})`)
    .orderBy(asc(adresse.triVoie), asc(adresse.liant), asc(adresse.typeVoie), asc(adresse.triNumero), asc(adresse.noAdresse))
    .limit(RECHERCHE_ADRESSE.resultatsMax);
}

export const trouver = async (tx: Tx, idpAdr: string) => (await tx.select().from(adresse).where(eq(adresse.idpAdr, idpAdr)))[0];

/** Inserts or updates by idpAdr (an import run twice changes nothing the second time). */
export async function enregistrer(tx: Tx, lignes: NouvelleAdresse[]) {
  if (!lignes.length) return;
  await tx
    .insert(adresse)
    .values(lignes)
    .onConflictDoUpdate({
      target: adresse.idpAdr,
      set: {
        adresse: sql`excluded.adresse`,
        typeVoie: sql`excluded.type_voie`,
        liant: sql`excluded.liant`,
        nomVoie: sql`excluded.nom_voie`,
        noAdresse: sql`excluded.no_adresse`,
        commune: sql`excluded.commune`,
        noPostal: sql`excluded.no_postal`,
        nomNpa: sql`excluded.nom_npa`,
        x: sql`excluded.x`,
        y: sql`excluded.y`,
        noCommune: sql`excluded.no_commune`,
        secteur: sql`excluded.secteur`,
        gestionnaire: sql`excluded.gestionnaire`,
        recherche: sql`excluded.recherche`,
        triVoie: sql`excluded.tri_voie`,
        triNumero: sql`excluded.tri_numero`,
        lastModifiedBy: sql`excluded.last_modified_by`,
        lastModifiedDate: sql`now()`,
        version: sql`${adresse.version} + 1`,
      },
    });
}
