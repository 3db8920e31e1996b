import { DEBARRAS_MESSAGES } from '@debarras/domain';
import { confirmer } from './confirmation';
import { ErreurHttp } from './http';

/** The refusal staff may override: a levée would go over its max (docs/regles.md "Capacité"). */
export const estCapaciteDepassee = (e: unknown) => e instanceof ErreurHttp && e.code === 'CAPACITE_DEPASSEE';

/**
 * A call that may take a levée over its max: sent without `force`; when the server answers
 * `CAPACITE_DEPASSEE`, staff are asked, and on 'Oui' it is sent again with `force`. Answers null
 * when they decline. The mutation carries `meta: META_CAPACITE` so that the refusal it overrides
 * is not notified as an error (lib/requetes.ts).
 */
export async function avecConfirmationCapacite<T>(envoyer: (force: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await envoyer(false);
  } catch (e) {
    if (!estCapaciteDepassee(e)) throw e;
    if (!(await confirmer({ titre: DEBARRAS_MESSAGES.capacite }))) return null;
    return envoyer(true);
  }
}

/** Marks a mutation whose capacity refusal is answered by the confirmation above, not notified. */
export const META_CAPACITE = { capaciteConfirmable: true } as const;
