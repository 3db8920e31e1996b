import { DEBARRAS_MESSAGES } from '@debarras/domain';
import { confirmer } from './confirmation';
import { ErreurHttp } from './http';

/**
 * A call that may take a levée over its max (DESIGN.md "Capacity"): sent without `force`; when
 * the server answers with the capacity message, staff are asked, and on 'Oui' it is sent again
 * with `force`. Answers null when they decline.
 */
export async function avecConfirmationCapacite<T>(envoyer: (force: boolean) => Promise<T>): Promise<T | null> {
  try {
    return await envoyer(false);
  } catch (e) {
    if (!(e instanceof ErreurHttp && e.status === 409 && e.message === DEBARRAS_MESSAGES.capacite)) throw e;
    if (!(await confirmer({ titre: DEBARRAS_MESSAGES.capacite }))) return null;
    return envoyer(true);
  }
}
