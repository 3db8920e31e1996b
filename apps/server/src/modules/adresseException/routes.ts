import {
  ADRESSE_EXCEPTION_LIBELLES,
  adresseExceptionCopieSchema,
  adresseExceptionEtendueSchema,
  adresseExceptionListeSchema,
  adresseExceptionSaisieSchema,
  adresseExceptionSchema,
  adresseExceptionSuppressionSchema,
  libelleStatutException,
  type AdresseException,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const L = ADRESSE_EXCEPTION_LIBELLES;
const COLONNES_EXPORT: ColonneExport<AdresseException>[] = [
  { entete: L.idpadr, valeur: (e) => e.idpadr, largeur: 14 },
  { entete: L.adresse, valeur: (e) => e.adresse, largeur: 40 },
  { entete: L.remarqueInterne, valeur: (e) => e.remarqueInterne, largeur: 40 },
  { entete: L.remarquePublique, valeur: (e) => e.remarquePublique, largeur: 40 },
  { entete: L.remarqueTravaux, valeur: (e) => e.remarqueTravaux, largeur: 40 },
  { entete: L.dateDebutTravaux, valeur: (e) => e.dateDebutTravaux, type: 'date' },
  { entete: L.dateFinTravaux, valeur: (e) => e.dateFinTravaux, type: 'date' },
  { entete: L.statut, valeur: (e) => libelleStatutException(e.statut) },
];

/** An idpadr in the path: the register's ids are at most 30 characters. */
const idpadr = z.string().trim().min(1).max(30);

export function routesAdresseException(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererExceptions' } as const;
  // the débarras form and the maps read the exceptions (docs/regles.md « Rôles et permissions »)
  const consulter = { permission: 'consulterCarteExceptions' } as const;
  const reponseException = { 200: adresseExceptionSchema };
  const reponseExceptions = { 200: z.array(adresseExceptionSchema) };

  routesListe(app, {
    horloge,
    chemin: '/adresseexception',
    permission: 'gererExceptions',
    schema: adresseExceptionListeSchema,
    ligne: adresseExceptionSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'adresses-exceptions',
      feuille: L.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get(
    '/adresseexception/exists/:idpadr',
    { config: consulter, schema: { params: z.object({ idpadr }), response: { 200: z.boolean() } } },
    async (requete) => service.existe(base.db, requete.params.idpadr),
  );
  r.get(
    '/adresseexception/byidpadr/:idpAdr',
    { config: consulter, schema: { params: z.object({ idpAdr: idpadr }), response: { 200: adresseExceptionSchema.nullable() } } },
    async (requete) => service.parIdpadr(base.db, requete.params.idpAdr),
  );
  r.get('/adresseexception/idpadr', { config: consulter, schema: { response: { 200: z.array(z.string()) } } }, async () =>
    service.idpadrActifs(base.db),
  );
  r.post(
    '/adresseexception/extent',
    { config: consulter, schema: { body: adresseExceptionEtendueSchema, response: reponseExceptions } },
    async (requete) => service.etendue(base.db, requete.body),
  );
  r.post(
    '/adresseexception/clone',
    { config: gerer, schema: { body: adresseExceptionCopieSchema, response: reponseExceptions } },
    async (requete) => service.copier(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.get('/adresseexception/:id', { config: gerer, schema: { params: identifiant, response: reponseException } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post(
    '/adresseexception',
    { config: gerer, schema: { body: adresseExceptionSaisieSchema, response: reponseException } },
    async (requete) => service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.delete(
    '/adresseexception/:id',
    { config: gerer, schema: { params: identifiant, querystring: adresseExceptionSuppressionSchema, response: reponseException } },
    async (requete) => service.supprimer(base.db, requete.params.id, requete.query.version),
  );
}
