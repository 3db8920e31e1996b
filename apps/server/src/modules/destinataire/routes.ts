import {
  DESTINATAIRE_LIBELLES,
  destinataireListeSchema,
  destinataireSaisieSchema,
  destinataireSchema,
  destinataireSuppressionSchema,
  type Destinataire,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<Destinataire>[] = [
  { entete: DESTINATAIRE_LIBELLES.destinataire, valeur: (d) => d.destinataire, largeur: 30 },
  { entete: DESTINATAIRE_LIBELLES.email, valeur: (d) => d.email, largeur: 35 },
  { entete: DESTINATAIRE_LIBELLES.description, valeur: (d) => d.description, largeur: 45 },
  { entete: DESTINATAIRE_LIBELLES.type, valeur: (d) => d.type },
  { entete: DESTINATAIRE_LIBELLES.actif, valeur: (d) => (d.actif ? 'Actif' : 'Inactif') },
];

export function routesDestinataire(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const administrer = { permission: 'administrer' } as const;
  const reponseDestinataire = { 200: destinataireSchema };

  routesListe(app, {
    horloge,
    chemin: '/destinataire',
    permission: 'administrer',
    schema: destinataireListeSchema,
    ligne: destinataireSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'destinataires',
      feuille: DESTINATAIRE_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get('/destinataire/:id', { config: administrer, schema: { params: identifiant, response: reponseDestinataire } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post(
    '/destinataire',
    { config: administrer, schema: { body: destinataireSaisieSchema, response: reponseDestinataire } },
    async (requete) => service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.delete(
    '/destinataire/:id',
    { config: administrer, schema: { params: identifiant, querystring: destinataireSuppressionSchema, response: reponseDestinataire } },
    async (requete) => service.supprimer(base.db, requete.params.id, requete.query.version),
  );
}
