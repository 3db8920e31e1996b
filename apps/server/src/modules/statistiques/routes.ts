import { periodeStatistiquesSchema, STATISTIQUES_LIBELLES, statistiquesSchema, type PeriodeStatistiques } from '@debarras/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexte } from '../../contexte.js';
import { TYPE_XLSX } from '../../http/export.js';
import * as service from './service.js';

/** A workbook is sent as bytes: described, never serialized. */
const envoyerClasseur = (reponse: FastifyReply, { du, au }: PeriodeStatistiques, contenu: Buffer) =>
  reponse
    .header('content-type', TYPE_XLSX)
    .header('content-disposition', `attachment; filename="${STATISTIQUES_LIBELLES.nomFichier(du, au)}"`)
    .header('cache-control', 'no-store')
    .send(contenu);

/** « Statistiques » (docs/regles.md « Statistiques »): read, and exported one sheet per figure, by gestion, admin, technique. */
export function routesStatistiques(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'consulterStatistiques' } as const;
  r.get(
    '/statistiques',
    { config, schema: { querystring: periodeStatistiquesSchema, response: { 200: statistiquesSchema } } },
    async (requete) => service.statistiques(base.db, requete.query),
  );
  r.get(
    '/statistiques/export',
    {
      config,
      schema: {
        querystring: periodeStatistiquesSchema,
        response: { 200: { description: 'Classeur Excel', content: { [TYPE_XLSX]: { schema: z.file() } } } },
      },
    },
    async (requete, reponse) => envoyerClasseur(reponse, requete.query, await service.classeur(base.db, requete.query)),
  );
}
