import type { Destinataire } from '@debarras/domain';
import { and, eq, sql } from 'drizzle-orm';
import { tamponModification } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { envoiFeuilles } from '../../db/schema.js';

/** A claim left EN_COURS this long is taken to have died with its process, and is claimed again. */
const RECLAMATION_APRES = sql`interval '10 minutes'`;

/**
 * Claims a recipient's sending of a day, in one statement: a new row, or a failed one to retry, or
 * an abandoned claim. Answers whether this run got it: two instances never both do.
 */
export async function reclamer(tx: Tx, jour: string, d: Destinataire, par: string): Promise<boolean> {
  const lignes = await tx
    .insert(envoiFeuilles)
    .values({
      dateFeuilles: jour,
      idDestinataire: d.idDestinataire,
      email: d.email,
      type: d.type,
      statut: 'EN_COURS',
      createdBy: par,
      lastModifiedBy: par,
    })
    .onConflictDoUpdate({
      target: [envoiFeuilles.dateFeuilles, envoiFeuilles.idDestinataire],
      set: {
        statut: 'EN_COURS',
        email: d.email,
        type: d.type,
        tentatives: sql`${envoiFeuilles.tentatives} + 1`,
        erreur: null,
        ...tamponModification(envoiFeuilles, par, sql`now()`),
      },
      setWhere: sql`${envoiFeuilles.statut} = 'ECHEC' or (${envoiFeuilles.statut} = 'EN_COURS' and ${envoiFeuilles.lastModifiedDate} < now() - ${RECLAMATION_APRES})`,
    })
    .returning({ id: envoiFeuilles.idEnvoiFeuilles });
  return lignes.length > 0;
}

export async function conclure(tx: Tx, jour: string, idDestinataire: number, resultat: { erreur: string } | 'ENVOYE', par: string) {
  await tx
    .update(envoiFeuilles)
    .set({
      statut: resultat === 'ENVOYE' ? 'ENVOYE' : 'ECHEC',
      erreur: resultat === 'ENVOYE' ? null : resultat.erreur,
      ...tamponModification(envoiFeuilles, par),
    })
    .where(and(eq(envoiFeuilles.dateFeuilles, jour), eq(envoiFeuilles.idDestinataire, idDestinataire)));
}

export const envoisDuJour = (tx: Tx, jour: string) => tx.select().from(envoiFeuilles).where(eq(envoiFeuilles.dateFeuilles, jour));
