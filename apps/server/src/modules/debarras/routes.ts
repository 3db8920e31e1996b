import {
  DEBARRAS_LIBELLES,
  RESULTAT_LIBELLES,
  libelleSecteurLevee,
  libelleStatutDebarras,
  type DebarrasLigne,
  debarrasCibleSchema,
  debarrasLigneSchema,
  debarrasListeSchema,
  debarrasObjetSchema,
  debarrasSaisieSchema,
  debarrasSchema,
  doublonsSchema,
  rechercheRapideSchema,
  forceSchema,
  dateIso,
  journalSchema,
  liaisonSchema,
  ligneEditionObjetSchema,
  reactivationSchema,
  reponseDoublonsSchema,
  reponseLiaisonSchema,
  reponseNumeroSchema,
  schemaListe,
} from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { utilisateurDe } from '../../http/authentification.js';
import type { Contexte } from '../../contexte.js';
import type { ColonneExport } from '../../http/export.js';
import { envoyerPage, reponsePage } from '../../http/liste.js';
import { sansCorps } from '../../http/openapi.js';
import { identifiant } from '../../http/parametres.js';
import { routesListe } from '../../http/routesListe.js';
import * as service from './service.js';

const ouiNon = (v: string) => (v === 'true' || v === '1' ? 'Oui' : 'Non');
const COLONNES_EXPORT: ColonneExport<DebarrasLigne>[] = [
  { entete: DEBARRAS_LIBELLES.numero, valeur: (d) => d.numero },
  { entete: DEBARRAS_LIBELLES.dateLevee, valeur: (d) => d.levee.dateLevee, type: 'date' },
  { entete: DEBARRAS_LIBELLES.secteur, valeur: (d) => libelleSecteurLevee(d.levee), largeur: 30 },
  { entete: DEBARRAS_LIBELLES.adresse, valeur: (d) => d.adresse.adresse, largeur: 40 },
  { entete: DEBARRAS_LIBELLES.nomPersonne, valeur: (d) => d.nomPersonne, largeur: 30 },
  { entete: DEBARRAS_LIBELLES.telephone, valeur: (d) => d.telephone, largeur: 18 },
  { entete: DEBARRAS_LIBELLES.email, valeur: (d) => d.email, largeur: 30 },
  { entete: DEBARRAS_LIBELLES.statut, valeur: (d) => libelleStatutDebarras(d.statut) },
  { entete: DEBARRAS_LIBELLES.punaises, valeur: (d) => ouiNon(d.punaises) },
  { entete: DEBARRAS_LIBELLES.punaisesDechets, valeur: (d) => ouiNon(d.punaisesDechets) },
  { entete: DEBARRAS_LIBELLES.sauvage, valeur: (d) => ouiNon(d.sauvage) },
  { entete: DEBARRAS_LIBELLES.createdDate, valeur: (d) => d.createdDate, type: 'dateHeure', largeur: 20 },
  { entete: DEBARRAS_LIBELLES.createdBy, valeur: (d) => d.createdBy },
  // beyond the spec's columns, last: what the crew found (docs/regles.md « Tournée des équipes »)
  { entete: DEBARRAS_LIBELLES.resultat, valeur: (d) => (d.codeResultat ? RESULTAT_LIBELLES[d.codeResultat] : null), largeur: 20 },
];

const pageSimple = schemaListe([], {});
const edition = z.object({ id: identifiant.shape.id.optional() });
const jour = z.object({ date: dateIso().optional() });

export function routesDebarras(app: FastifyInstance, { base, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consulter = { permission: 'consulter' } as const;
  const gerer = { permission: 'gererDebarras' } as const;
  const reponseDebarras = { 200: debarrasSchema };

  routesListe(app, {
    horloge,
    chemin: '/debarras',
    permission: 'consulter',
    permissionExport: 'gererDebarras',
    schema: debarrasListeSchema,
    ligne: debarrasLigneSchema,
    lister: (q, instantane) => service.lister(base.db, q, instantane),
    exporter: {
      fichier: 'debarras',
      feuille: DEBARRAS_LIBELLES.titre,
      colonnes: COLONNES_EXPORT,
      lots: (q) => service.lotsExport(base.db, q),
    },
  });

  r.get(
    '/debarras/recherche',
    { config: consulter, schema: { querystring: rechercheRapideSchema, response: { 200: z.array(debarrasLigneSchema) } } },
    async (requete) => service.rechercheRapide(base.db, requete.query.q),
  );
  r.get(
    '/debarras/numero',
    { config: consulter, schema: { querystring: jour, response: { 200: reponseNumeroSchema } } },
    async (requete) => ({
      numero: await service.apercuNumero(base.db, requete.query.date ?? horloge.aujourdhui()),
    }),
  );
  r.get(
    '/debarras/objet/edition',
    { config: consulter, schema: { querystring: edition, response: { 200: z.array(ligneEditionObjetSchema) } } },
    async (requete) => service.lignesEdition(base.db, requete.query.id),
  );
  r.get('/debarras/:id', { config: consulter, schema: { params: identifiant, response: reponseDebarras } }, async (requete) =>
    service.detail(base.db, requete.params.id),
  );
  r.get(
    '/debarras/:id/objet',
    { config: consulter, schema: { params: identifiant, querystring: pageSimple, response: reponsePage(debarrasObjetSchema) } },
    async (requete, reponse) =>
      envoyerPage(reponse, await service.pageObjets(base.db, requete.params.id, requete.query.page, requete.query.size)),
  );
  r.get(
    '/debarras/:id/journal',
    { config: consulter, schema: { params: identifiant, response: { 200: z.array(journalSchema) } } },
    async (requete) => service.journal(base.db, requete.params.id),
  );

  r.post(
    '/debarras',
    { config: gerer, schema: { body: debarrasSaisieSchema, querystring: forceSchema, response: reponseDebarras } },
    async (requete) =>
      service.enregistrer(base.db, requete.body, utilisateurDe(requete).username, {
        force: requete.query.force,
        jour: horloge.aujourdhui(),
      }),
  );
  r.post('/debarras/supprimer', { config: gerer, schema: { body: debarrasCibleSchema, response: reponseDebarras } }, async (requete) =>
    service.supprimer(base.db, requete.body, utilisateurDe(requete).username),
  );
  r.post(
    '/debarras/reactiver',
    { config: gerer, schema: { body: debarrasCibleSchema, response: { 200: reactivationSchema } } },
    async (requete) => service.reactiver(base.db, requete.body, utilisateurDe(requete).username, horloge.aujourdhui()),
  );
  r.post(
    '/debarras/doublons',
    { config: gerer, schema: { body: doublonsSchema, response: { 200: reponseDoublonsSchema, 204: sansCorps('Aucun doublon') } } },
    async (requete, reponse) => {
      const resultat = await service.doublons(base.db, requete.body, horloge.aujourdhui());
      return resultat ?? reponse.status(204).send();
    },
  );
  r.post(
    '/debarras/link',
    { config: gerer, schema: { body: liaisonSchema, querystring: forceSchema, response: { 200: reponseLiaisonSchema } } },
    async (requete) =>
      service.lier(base.db, requete.body.idDebarras, requete.body.idLevee, utilisateurDe(requete).username, {
        force: requete.query.force,
        jour: horloge.aujourdhui(),
      }),
  );
}
