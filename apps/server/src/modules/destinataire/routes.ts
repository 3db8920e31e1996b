import { DESTINATAIRE_LIBELLES, destinataireListeSchema, destinataireSaisieSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

export function routesDestinataire(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const administrer = { permission: 'administrer' } as const;

  routesListe(app, {
    chemin: '/destinataire',
    permission: 'administrer',
    schema: destinataireListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'destinataires',
      feuille: DESTINATAIRE_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get('/destinataire/:id', { config: administrer, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post('/destinataire', { config: administrer, schema: { body: destinataireSaisieSchema } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.delete('/destinataire/:id', { config: administrer, schema: { params: identifiant } }, async (requete) =>
    service.supprimer(base.db, requete.params.id),
  );
}
