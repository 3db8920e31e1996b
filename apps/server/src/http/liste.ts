import type { Page } from '@debarras/domain';
import type { FastifyReply } from 'fastify';

export const ENTETE_TOTAL = 'x-total-elements';

/** A page of a list: the rows as the body, the total in `x-total-elements`. */
export function envoyerPage<T>(reponse: FastifyReply, page: Page<T>) {
  return reponse.header(ENTETE_TOTAL, String(page.total)).header('access-control-expose-headers', ENTETE_TOTAL).send(page.lignes);
}
