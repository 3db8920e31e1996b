import { parametreListeSchema, parametreSaisieSchema, PARAMETRE_LIBELLES } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { envoyerExport } from '../../http/export.js';
import { envoyerPage } from '../../http/liste.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

export function routesParametre(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererParametres' } as const;

  r.get('/parametre/', { config: gerer, schema: { querystring: parametreListeSchema } }, async (requete, reponse) =>
    envoyerPage(reponse, await service.lister(base.db, requete.query)),
  );

  r.get('/parametre/export/', { config: gerer, schema: { querystring: parametreListeSchema } }, async (requete, reponse) =>
    envoyerExport(reponse, {
      fichier: 'parametres',
      feuille: PARAMETRE_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: service.lotsExport(base.db, requete.query),
    }),
  );

  r.get(
    '/parametre/getStringValue',
    {
      config: { permission: 'lireReferentiel' },
      schema: { querystring: z.object({ cle: z.string({ error: 'La clé du paramètre est obligatoire.' }).trim().min(1, 'La clé du paramètre est obligatoire.') }) },
    },
    async (requete, reponse) => reponse.type('text/plain; charset=utf-8').send(await service.valeur(base.db, requete.query.cle)),
  );

  r.get('/parametre/:id', { config: gerer, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );

  r.post('/parametre', { config: gerer, schema: { body: parametreSaisieSchema } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
}
