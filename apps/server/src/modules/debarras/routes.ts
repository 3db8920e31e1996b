import {
  DEBARRAS_LIBELLES,
  debarrasCibleSchema,
  debarrasListeSchema,
  debarrasSaisieSchema,
  doublonsSchema,
  forceSchema,
  isoDate,
  liaisonSchema,
  schemaListe,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/auth.js';
import type { Contexte } from '../../http/contexte.js';
import { envoyerPage } from '../../http/liste.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const pageSimple = schemaListe([], {});
const edition = z.object({ id: identifiant.shape.id.optional() });
const jour = z.object({ date: isoDate().optional() });

export function routesDebarras(app: FastifyInstance, { base }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererDebarras' } as const;

  routesListe(app, {
    chemin: '/debarras',
    permission: 'consulter',
    permissionExport: 'gererDebarras',
    schema: debarrasListeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'debarras',
      feuille: DEBARRAS_LIBELLES.titre,
      colonnes: service.COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });

  r.get('/debarras/numero', { config: consulter, schema: { querystring: jour } }, async (requete) => ({
    numero: await service.apercuNumero(base.db, requete.query.date),
  }));
  r.get('/debarras/objet/edition', { config: consulter, schema: { querystring: edition } }, async (requete) =>
    service.lignesEdition(base.db, requete.query.id),
  );
  r.get('/debarras/:id', { config: consulter, schema: { params: identifiant } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.get('/debarras/:id/objet', { config: consulter, schema: { params: identifiant, querystring: pageSimple } }, async (requete, reponse) =>
    envoyerPage(reponse, await service.pageObjets(base.db, requete.params.id, requete.query.page, requete.query.size)),
  );
  r.get('/debarras/:id/journal', { config: consulter, schema: { params: identifiant } }, async (requete) =>
    service.journal(base.db, requete.params.id),
  );

  r.post('/debarras', { config: gerer, schema: { body: debarrasSaisieSchema, querystring: forceSchema } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username, { force: requete.query.force }),
  );
  r.post('/debarras/supprimer', { config: gerer, schema: { body: debarrasCibleSchema } }, async (requete) =>
    service.supprimer(base.db, requete.body.idDebarras, requete.body.version, utilisateurDe(requete).username),
  );
  r.post('/debarras/reactiver', { config: gerer, schema: { body: debarrasCibleSchema } }, async (requete) =>
    service.reactiver(base.db, requete.body.idDebarras, requete.body.version, utilisateurDe(requete).username),
  );
  r.post('/debarras/doublons', { config: gerer, schema: { body: doublonsSchema } }, async (requete, reponse) => {
    const resultat = await service.doublons(base.db, requete.body);
    return resultat ?? reponse.status(204).send();
  });
  r.post('/debarras/link', { config: gerer, schema: { body: liaisonSchema, querystring: forceSchema } }, async (requete) =>
    service.lier(base.db, requete.body.idDebarras, requete.body.idLevee, utilisateurDe(requete).username, { force: requete.query.force }),
  );
}
