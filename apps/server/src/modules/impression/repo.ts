import type { Destinataire } from '@debarras/domain';
import { and, eq, sql } from 'drizzle-orm';
import { tamponModification } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { envoiFeuilles } from '../../db/schema.js';

/** A claim left EN_COURS this long is taken to have died with its process, and is claimed again. */
const RECLAMATION_APRES = sql`interval '10 minutes'`;

/** A recipient's sending of a day, seen by a run: claimed by it, sent already, or in another run's hands. */
export type Reclamation = 'reclame' | 'envoye' | 'enCours';

/**
 * Claims a recipient's sending of a day, in one statement: a new row, or a failed one to retry, or
 * an abandoned claim. Two instances never both get it; the other learns whether it is sent or still
 * being sent (then to be looked at again: the run holding it may die).
 */
export async function reclamer(tx: Tx, jour: string, d: Destinataire, par: string): Promise<Reclamation> {
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
  if (lignes.length > 0) return 'reclame';
  const [existant] = await tx
    .select({ statut: envoiFeuilles.statut })
    .from(envoiFeuilles)
    .where(and(eq(envoiFeuilles.dateFeuilles, jour), eq(envoiFeuilles.idDestinataire, d.idDestinataire)));
  return existant?.statut === 'ENVOYE' ? 'envoye' : 'enCours';
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
