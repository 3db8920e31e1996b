import type { Page } from '@debarras/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

export const ENTETE_TOTAL = 'x-total-elements';

/** A page of a list: the rows as the body, the total in `x-total-elements`. */
export function envoyerPage<T>(reponse: FastifyReply, page: Page<T>) {
  return reponse.header(ENTETE_TOTAL, String(page.total)).header('access-control-expose-headers', ENTETE_TOTAL).send(page.lignes);
}

/** The answer `envoyerPage` sends, for the route's schema: its rows are checked, its header described. */
export const reponsePage = <T>(ligne: z.ZodType<T>) => ({
  200: z.array(ligne).meta({
    description: 'Une page de lignes',
    headers: { [ENTETE_TOTAL]: { type: 'integer', description: 'Le nombre de lignes de toutes les pages' } },
  }),
});
