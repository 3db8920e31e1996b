import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { creerCourrier, type Courrier } from './courriel.js';
import type { Base } from './db/client.js';
import { horlogeSysteme, type Horloge } from './horloge.js';
import { installerAuthentification } from './http/authentification.js';
import { refuserCaracteresDeControle } from './http/caracteres.js';
import { serialiseursJournal } from './http/journal.js';
import { installerEntetesDeSecurite, limiterLesRequetes } from './http/securite.js';
import type { Contexte } from './contexte.js';
import { creerTaches, type Taches } from './jobs/taches.js';
import { installerGestionErreurs, repondreCheminInvalide, repondreRequeteIllisible, repondreRouteInconnue } from './http/erreurs.js';
import { servirIcones } from './http/icones.js';
import { decrireApi, exigerReponseDeclaree, routeOpenApi } from './http/openapi.js';
import { bornerLaCharge, creerBorneDeCharge } from './http/charge.js';
import { installerMetriques } from './http/metriques.js';
import { routesSante, type EtatServeur } from './http/sante.js';
import { servirApplicationWeb } from './http/web.js';
import { sansBarreFinale } from './http/routesListe.js';
import { routesAdresse } from './modules/adresse/routes.js';
import { routesAdresseException } from './modules/adresseException/routes.js';
import { routesCarte } from './modules/carte/routes.js';
import { routesCommune } from './modules/commune/routes.js';
import { routesEnLigne, traduireEnLigne } from './modules/enLigne/routes.js';
import { LIMITES_PHOTO, routesEquipe, routesLienEquipe } from './modules/equipe/routes.js';
import { routesDebarras } from './modules/debarras/routes.js';
import { routesDestinataire } from './modules/destinataire/routes.js';
import { routesImpression } from './modules/impression/routes.js';
import { routesLevee } from './modules/levee/routes.js';
import { routesTournee } from './modules/tournee/routes.js';
import { routesLogEvenement } from './modules/logEvenement/routes.js';
import { routesObjet } from './modules/objet/routes.js';
import { routesParametre } from './modules/parametre/routes.js';
import { routesReservation } from './modules/reservation/routes.js';
import { routesReplanification } from './modules/replanification/routes.js';
import { routesCapacite } from './modules/capacite/routes.js';
import { routesStatistiques } from './modules/statistiques/routes.js';
import { routesResultat } from './modules/resultat/routes.js';
import { routesSignalement } from './modules/signalement/routes.js';
import { routesSecteur } from './modules/secteur/routes.js';
import { routesRecurrence } from './modules/recurrence/routes.js';
import { routesSession } from './modules/session/routes.js';
import { routesTache } from './modules/tache/routes.js';

export interface OptionsApp {
  config: Config;
  base: Base;
  /** The built web app; by default apps/web/dist. */
  dossierWeb?: string;
  /** Fixed in tests; the system's by default. */
  horloge?: Horloge;
  /** SMTP_URL's server, or .eml files under DATA_DIR, by default. */
  courrier?: Courrier;
  /** The scheduled jobs main.ts also runs on their schedule; built on the above by default. */
  taches?: Taches;
  /** Where the log goes; standard output by default (tests read it). */
  journal?: { write(ligne: string): void };
  /** Whether the server is stopping (main.ts sets it on SIGTERM): `sante/pret` says so. */
  etat?: EtatServeur;
}

const proxiesDeConfiance = (sauts: number) => (_adresse: string, rang: number) => rang < sauts;

/** An id a proxy may pass on: short, of the characters ids are made of, never a line break or a quote for the log. */
const ID_REQUETE_LISIBLE = /^[\w.:-]{1,128}$/;

/**
 * Each request's id (docs/exploitation.md « Identifiant de requête »): the `X-Request-Id` of the proxy in front when
 * one is declared (TRUST_PROXY), so that its log and ours share it; else a new UUID. A client's own header is not
 * trusted without a proxy: it could make two requests' logs look like one.
 */
const identifiantDeRequete = (trustProxy: Config['trustProxy']) => (requete: IncomingMessage) => {
  const recu = requete.headers['x-request-id'];
  return trustProxy !== false && typeof recu === 'string' && ID_REQUETE_LISIBLE.test(recu) ? recu : randomUUID();
};

export async function construireApp({
  config,
  base,
  dossierWeb,
  horloge = horlogeSysteme,
  courrier = creerCourrier(config),
  taches = creerTaches({ base, courrier, horloge, dossierSauvegardes: config.sauvegardeDir, publicUrl: config.publicUrl }),
  journal,
  etat = { arretEnCours: false },
}: OptionsApp) {
  const cheminsDeListe = new Set<string>();
  const app = Fastify({
    logger: { level: config.logLevel, serializers: serialiseursJournal, ...(journal ? { stream: journal } : {}) },
    // n hops: the n nearest addresses are proxies, the one before them the client
    trustProxy: typeof config.trustProxy === 'number' ? proxiesDeConfiance(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: false },
    genReqId: identifiantDeRequete(config.trustProxy),
    // a stop serves what still comes on a connection busy when it began (Fastify then closes that connection):
    // `sante/pret` says ARRET_EN_COURS and a request already sent is answered, never with Fastify's bare 503
    // (docs/exploitation.md « Arrêt et redémarrage »)
    return503OnClosing: false,
    // a list answers with or without its final slash (http/routesListe.ts)
    rewriteUrl(requete) {
      return sansBarreFinale(cheminsDeListe, requete.method, requete.url ?? '/');
    },
    // Node's parser refusals (headers too large, a bad character in one) in the API's form too
    clientErrorHandler: repondreRequeteIllisible,
    // the router's own refusals (a malformed or overlong path) in the API's form, in the residents' language on their side
    frameworkErrors: (_erreur, requete, reponse) =>
      repondreCheminInvalide(
        reponse,
        requete.url.startsWith(`${config.basePath}en-ligne/`) ? traduireEnLigne(requete, 'SAISIE_INVALIDE', 'saisieInvalide') : undefined,
      ),
  });
  app.decorate('cheminsDeListe', cheminsDeListe);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Brotli, else gzip, for any answer the client accepts compressed (JSON lists and details, the HTML
  // page). Office documents and PDF are compressed already: their types are not compressible and pass
  // as they are; the built web files come pre-compressed (http/web.ts).
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody);
  installerGestionErreurs(app);
  installerEntetesDeSecurite(app);
  // every answer gives its id back, the one its log lines carry
  app.addHook('onRequest', async (requete, reponse) => {
    reponse.header('x-request-id', requete.id);
  });
  installerMetriques(app, config, base);

  // a failed e-mail is logged with the requests, at error level: the jobs sharing this Courrier (main.ts) too
  courrier.journal ??= app.log;
  const ctx: Contexte = { base, config, horloge, courrier, taches };
  const prefixeApi = `${config.basePath}rest`;
  // one count for the three scopes: they share the database
  const charge = creerBorneDeCharge(config, base);
  await decrireApi(app, prefixeApi);
  await app.register(
    async (api) => {
      // the API's calls only: the app's files are served from memory and cost next to nothing
      bornerLaCharge(api, charge);
      await limiterLesRequetes(api, config, base, 'rest');
      // the crews' photos, sent by staff from the crews' page signed in (modules/equipe)
      await api.register(multipart, { limits: LIMITES_PHOTO });
      installerAuthentification(api, ctx);
      refuserCaracteresDeControle(api);
      exigerReponseDeclaree(api);
      api.setNotFoundHandler((_requete, reponse) => repondreRouteInconnue(reponse));
      const modules = [
        routesSession,
        routesCommune,
        routesParametre,
        routesSecteur,
        routesObjet,
        routesDestinataire,
        routesLogEvenement,
        routesReservation,
        routesAdresse,
        routesCarte,
        routesAdresseException,
        routesLevee,
        routesCapacite,
        routesStatistiques,
        routesTournee,
        routesLienEquipe,
        routesResultat,
        routesReplanification,
        routesSignalement,
        routesDebarras,
        routesImpression,
        routesRecurrence,
        routesTache,
      ];
      for (const routes of modules) routes(api, ctx);
      routeOpenApi(api);
    },
    { prefix: prefixeApi },
  );

  // The residents' booking: a scope of its own, without the back-office's session, cookie or routes
  // (docs/architecture.md « Réservation en ligne »).
  await app.register(
    async (api) => {
      bornerLaCharge(api, charge, traduireEnLigne);
      await limiterLesRequetes(api, config, base, 'en-ligne');
      installerGestionErreurs(api, traduireEnLigne);
      refuserCaracteresDeControle(api);
      exigerReponseDeclaree(api);
      api.setNotFoundHandler((requete, reponse) => repondreRouteInconnue(reponse, traduireEnLigne(requete, 'INTROUVABLE', 'lienInvalide')));
      routesEnLigne(api, ctx);
    },
    { prefix: `${config.basePath}en-ligne/api` },
  );

  // The crews' round on a phone: a scope of its own, a levée's link token in place of a session
  // (docs/architecture.md « Tournée des équipes »).
  await app.register(
    async (api) => {
      bornerLaCharge(api, charge);
      await limiterLesRequetes(api, config, base, 'tournee');
      await api.register(multipart, { limits: LIMITES_PHOTO });
      installerGestionErreurs(api);
      refuserCaracteresDeControle(api);
      exigerReponseDeclaree(api);
      api.setNotFoundHandler((_requete, reponse) => repondreRouteInconnue(reponse));
      routesEquipe(api, ctx);
    },
    { prefix: `${config.basePath}tournee/api` },
  );

  routesSante(app, base, config.basePath, etat);
  servirIcones(app, config.basePath);
  await servirApplicationWeb(app, config, dossierWeb);
  return app;
}
