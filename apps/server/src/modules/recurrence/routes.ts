import {
  libelleRecurrence,
  RECURRENCE_LIBELLES as L,
  recurrenceApercuSchema,
  recurrenceEnregistreeSchema,
  recurrenceEnregistrementSchema,
  recurrenceLigneSchema,
  recurrenceListeSchema,
  recurrenceSaisieSchema,
  recurrenceSchema,
  recurrenceSuppressionSchema,
  STATUTS_ACTIF,
  type RecurrenceLigne,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const COLONNES_EXPORT: ColonneExport<RecurrenceLigne>[] = [
  { entete: L.adresse, valeur: (r) => r.adresse.adresse, largeur: 40 },
  { entete: L.recurrence, valeur: (r) => libelleRecurrence(r.recurrence), largeur: 30 },
  { entete: L.dateDebut, valeur: (r) => r.dateDebut, type: 'date' },
  { entete: L.dateFin, valeur: (r) => r.dateFin, type: 'date' },
  { entete: L.remarque, valeur: (r) => r.remarque, largeur: 40 },
  { entete: L.remarqueObjet, valeur: (r) => r.remarqueObjet, largeur: 40 },
  { entete: L.statut, valeur: (r) => STATUTS_ACTIF.find((s) => s.valeur === (r.isActif ? 1 : 0))!.libelle },
];

export function routesRecurrence(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererRecurrences' } as const;

  routesListe(app, {
    horloge,
    chemin: '/recurrence',
    permission: 'gererRecurrences',
    schema: recurrenceListeSchema,
    ligne: recurrenceLigneSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: { fichier: 'recurrences', feuille: L.titre, colonnes: COLONNES_EXPORT, lots: (q) => service.lotsExport(base.db, q) },
  });
  r.get('/recurrence/:id', { config: gerer, schema: { params: identifiant, response: { 200: recurrenceSchema } } }, async (requete) =>
    service.detail(base.db, requete.params.id, horloge.aujourdhui()),
  );
  r.post(
    '/recurrence',
    {
      config: gerer,
      schema: { body: recurrenceSaisieSchema, querystring: recurrenceEnregistrementSchema, response: { 200: recurrenceEnregistreeSchema } },
    },
    async (requete) =>
      service.enregistrer(base.db, requete.body, utilisateurDe(requete).username, horloge.aujourdhui(), requete.query.appliquerAuxDebarras),
  );
  r.post(
    '/recurrence/apercu',
    { config: gerer, schema: { body: recurrenceSaisieSchema, response: { 200: recurrenceApercuSchema } } },
    async (requete) => service.apercu(base.db, requete.body, horloge.aujourdhui()),
  );
  r.delete(
    '/recurrence/:id',
    { config: gerer, schema: { params: identifiant, querystring: recurrenceSuppressionSchema, response: { 200: recurrenceSchema } } },
    async (requete) => service.supprimer(base.db, requete.params.id, requete.query.version),
  );
}
