import { OBJET_LIBELLES, objetListeSchema, objetSaisieSchema } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

/** The catalogue is read by every form (reference data); only administrators change it. */
export function routesObjet(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  routesListe(app, {
    chemin: '/objet',
    permission: 'lireReferentiel',
    permissionExport: 'administrer',
    schema: objetListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'objets',
      feuille: OBJET_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get('/objet/:id', { config: { permission: 'lireReferentiel' }, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post('/objet', { config: { permission: 'administrer' }, schema: { body: objetSaisieSchema } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete)),
  );
}
