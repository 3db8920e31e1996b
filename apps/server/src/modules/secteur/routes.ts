import { SECTEUR_LIBELLES, secteurListeSchema, secteurSaisieSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

export function routesSecteur(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const administrer = { permission: 'administrer' } as const;

  routesListe(app, {
    chemin: '/secteur',
    permission: 'administrer',
    schema: secteurListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'secteurs',
      feuille: SECTEUR_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get('/secteur/labels', { config: { permission: 'lireReferentiel' } }, async () => service.libelles(base.db));
  r.get('/secteur/:id', { config: administrer, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post('/secteur', { config: administrer, schema: { body: secteurSaisieSchema } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
}
