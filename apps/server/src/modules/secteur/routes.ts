import {
  libelleRive,
  perimetreSaisieSchema,
  perimetreSecteurSchema,
  resultatPerimetreSchema,
  SECTEUR_LIBELLES,
  secteurListeSchema,
  secteurSaisieSchema,
  secteurSchema,
  type Secteur,
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

const COLONNES_EXPORT: ColonneExport<Secteur>[] = [
  { entete: SECTEUR_LIBELLES.libelle, valeur: (s) => s.libelle, largeur: 40 },
  { entete: SECTEUR_LIBELLES.rive, valeur: (s) => libelleRive(s.rive) },
  { entete: SECTEUR_LIBELLES.dateDebut, valeur: (s) => s.dateDebut, type: 'date' },
  { entete: SECTEUR_LIBELLES.dateFin, valeur: (s) => s.dateFin, type: 'date' },
  { entete: SECTEUR_LIBELLES.actif, valeur: (s) => (s.dateFin ? 'Non' : 'Oui') },
];

export function routesSecteur(app: FastifyInstance, { base, horloge, config }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const administrer = { permission: 'administrer' } as const;
  const reponseSecteur = { 200: secteurSchema };

  routesListe(app, {
    horloge,
    chemin: '/secteur',
    permission: 'administrer',
    schema: secteurListeSchema,
    ligne: secteurSchema,
    lister: (q) => service.lister(base.db, q),
    exporter: {
      fichier: 'secteurs',
      feuille: SECTEUR_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });
  r.get('/secteur/labels', { config: { permission: 'lireReferentiel' }, schema: { response: { 200: z.array(z.string()) } } }, async () =>
    service.libelles(base.db),
  );
  r.get('/secteur/perimetres', { config: administrer, schema: { response: { 200: z.array(perimetreSecteurSchema) } } }, async () =>
    service.perimetres(base.db),
  );
  r.put(
    '/secteur/:id/perimetre',
    { config: administrer, schema: { params: identifiant, body: perimetreSaisieSchema, response: { 200: resultatPerimetreSchema } } },
    async (requete) =>
      service.enregistrerPerimetre(base.db, requete.params.id, requete.body, utilisateurDe(requete).username, [config.communeCode]),
  );
  r.get('/secteur/:id', { config: administrer, schema: { params: identifiant, response: reponseSecteur } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.post('/secteur', { config: administrer, schema: { body: secteurSaisieSchema, response: reponseSecteur } }, async (requete) =>
    service.enregistrer(base.db, requete.body, utilisateurDe(requete).username),
  );
}
