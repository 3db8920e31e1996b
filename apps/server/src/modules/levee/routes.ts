import {
  indisponibiliteSchema,
  dateIso,
  LEVEE_LIBELLES,
  leveeCibleSchema,
  leveeListeSchema,
  leveeEnregistrementSchema,
  leveeSchema,
  leveesProchainesSchema,
  libelleSecteurLevee,
  reponseIndisponibiliteSchema,
  STATUT_LEVEE_LIBELLES,
  type Levee,
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

const COLONNES_EXPORT: ColonneExport<Levee>[] = [
  { entete: LEVEE_LIBELLES.secteur, valeur: libelleSecteurLevee, largeur: 45 },
  { entete: LEVEE_LIBELLES.dateLevee, valeur: (l) => l.dateLevee, type: 'date' },
  { entete: LEVEE_LIBELLES.quantite, valeur: (l) => l.nbDebarras, type: 'nombre' },
  { entete: 'Réservations en cours', valeur: (l) => l.nbReservationsEnCours, type: 'nombre' },
  { entete: LEVEE_LIBELLES.nbDebarrasMax, valeur: (l) => l.nbDebarrasMax, type: 'nombre' },
  { entete: LEVEE_LIBELLES.indisponibilite, valeur: (l) => l.indisponibilite, type: 'nombre' },
  { entete: LEVEE_LIBELLES.kilometrage, valeur: (l) => l.kilometrage, type: 'nombre' },
  { entete: LEVEE_LIBELLES.statut, valeur: (l) => STATUT_LEVEE_LIBELLES[l.statut] },
  { entete: LEVEE_LIBELLES.supplementaire, valeur: (l) => (l.supplementaire ? 'Oui' : 'Non') },
];

const jour = z.object({ date: dateIso() });

export function routesLevee(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererLevees' } as const;
  const reponseLevee = { 200: leveeSchema };
  const reponseLevees = { 200: z.array(leveeSchema) };

  routesListe(app, {
    horloge,
    chemin: '/levee',
    permission: 'consulter',
    permissionExport: 'gererLevees',
    schema: leveeListeSchema,
    ligne: leveeSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: { fichier: 'levees', feuille: LEVEE_LIBELLES.titre, colonnes: COLONNES_EXPORT, lots: (q) => service.lotsExport(base.db, q) },
  });

  r.get('/levee/actif', { config: consulter, schema: { response: reponseLevees } }, async () =>
    service.actives(base.db, horloge.aujourdhui()),
  );
  r.get('/levee/count/:date', { config: consulter, schema: { params: jour, response: { 200: z.number().int() } } }, async (requete) =>
    service.compterLe(base.db, requete.params.date),
  );
  // Fastify sends a string payload as it is: the date (or null) is serialized, and checked, by the route's schema first
  r.get(
    '/levee/next/:date',
    { config: consulter, schema: { params: jour, response: { 200: dateIso().nullable() } } },
    async (requete, reponse) => {
      const date = await service.prochaineDate(base.db, requete.params.date);
      return reponse.type('application/json').send(reponse.serialize(date) as string);
    },
  );
  r.get('/levee/next', { config: consulter, schema: { querystring: leveesProchainesSchema, response: reponseLevees } }, async (requete) =>
    service.prochainesDuSecteur(base.db, requete.query.secteur, requete.query.sauvageurgent === 'true', horloge.aujourdhui()),
  );
  r.get('/levee/debarras/:id', { config: consulter, schema: { params: identifiant, response: reponseLevee } }, async (requete) =>
    service.duDebarras(base.db, requete.params.id),
  );
  r.get('/levee/:id', { config: consulter, schema: { params: identifiant, response: reponseLevee } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );

  // One route for both: with idLevee it saves the detail, without it adds a supplementary round.
  r.post('/levee', { config: gerer, schema: { body: leveeEnregistrementSchema, response: reponseLevee } }, async (requete) => {
    const par = utilisateurDe(requete).username;
    const corps = requete.body;
    return corps.idLevee !== undefined
      ? service.modifier(base.db, corps, par)
      : service.creerSupplementaire(base.db, corps, par, horloge.aujourdhui());
  });
  r.post('/levee/archiver', { config: gerer, schema: { body: leveeCibleSchema, response: reponseLevee } }, async (requete) =>
    service.archiver(base.db, requete.body, utilisateurDe(requete).username, horloge.aujourdhui()),
  );
  r.post('/levee/supprimer', { config: gerer, schema: { body: leveeCibleSchema, response: reponseLevee } }, async (requete) =>
    service.supprimer(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.post(
    '/levee/indisponibilite',
    { config: gerer, schema: { body: indisponibiliteSchema, response: { 200: reponseIndisponibiliteSchema } } },
    async (requete) => service.changerDisponibilite(base.db, requete.body, utilisateurDe(requete).username, horloge.aujourdhui()),
  );
}
