import { COMMUNE_NON_DEFINIE, type Commune } from '@debarras/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Contexte } from '../../http/contexte.js';
import { commune } from '../../db/schema.js';

/** The municipality the installation serves (COMMUNE_CODE), shown in the title before sign-in too. */
export function routesCommune(app: FastifyInstance, { base, config }: Contexte) {
  app.get('/commune', { config: { public: true } }, async (): Promise<Commune> => {
    const [ligne] = await base.db.select().from(commune).where(eq(commune.code, config.communeCode));
    return { label: ligne?.libelle ?? COMMUNE_NON_DEFINIE, exists: Boolean(ligne), code: config.communeCode };
  });
}
