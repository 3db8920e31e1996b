import { PARAMETRE_LIBELLES, parametreListeSchema, parametreSaisieSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const MESSAGE_CLE = 'La clé du paramètre est obligatoire.';

export function routesParametre(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererParametres' } as const;

  routesListe(app, {
    chemin: '/parametre',
    permission: 'gererParametres',
    schema: parametreListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'parametres',
      feuille: PARAMETRE_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });

  r.get(
    '/parametre/getStringValue',
    {
      config: { permission: 'lireReferentiel' },
      schema: { querystring: z.object({ cle: z.string({ error: MESSAGE_CLE }).trim().min(1, MESSAGE_CLE) }) },
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
