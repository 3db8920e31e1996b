import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { session } from '../../db/schema.js';

/**
 * Ends every session of a user, for good: a password change or a disable calls it in its own
 * transaction (docs/regles.md « Sécurité »). Apart from the service and the repo, which use the user
 * module: that module can call this one through index.ts without an import cycle.
 */
export const fermerSessionsDe = (tx: Tx, idUtilisateur: number) => tx.delete(session).where(eq(session.idUtilisateur, idUtilisateur));
