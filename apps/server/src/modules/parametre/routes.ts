import {
  PARAMETRE_LIBELLES,
  parametreListeSchema,
  parametreSaisieSchema,
  parametreSchema,
  valeurParametreRequeteSchema,
  type Parametre,
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

const COLONNES_EXPORT: ColonneExport<Parametre>[] = [
  { entete: PARAMETRE_LIBELLES.cle, valeur: (p) => p.cle, largeur: 30 },
  { entete: PARAMETRE_LIBELLES.valeur, valeur: (p) => p.valeur, largeur: 50 },
  { entete: PARAMETRE_LIBELLES.description, valeur: (p) => p.description, largeur: 60 },
  { entete: PARAMETRE_LIBELLES.lastModifiedDate, valeur: (p) => p.lastModifiedDate, type: 'dateHeure', largeur: 22 },
  { entete: PARAMETRE_LIBELLES.lastModifiedBy, valeur: (p) => p.lastModifiedBy, largeur: 16 },
];

export function routesParametre(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererParametres' } as const;
  const reponseParametre = { 200: parametreSchema };

  routesListe(app, {
    horloge,
    chemin: '/parametre',
    permission: 'gererParametres',
    schema: parametreListeSchema,
    ligne: parametreSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'parametres',
      feuille: PARAMETRE_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });

  r.get(
    '/parametre/getStringValue',
    {
      config: { permission: 'lireReferentiel' },
      schema: {
        querystring: valeurParametreRequeteSchema,
        response: { 200: { description: 'La valeur du paramètre', content: { 'text/plain': { schema: z.string() } } } },
      },
    },
    async (requete, reponse) => reponse.type('text/plain; charset=utf-8').send(await service.valeur(base.db, requete.query.cle)),
  );
  r.get('/parametre/:id', { config: gerer, schema: { params: identifiant, response: reponseParametre } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post('/parametre', { config: gerer, schema: { body: parametreSaisieSchema, response: reponseParametre } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
}
