import {
  adresseEnLigneSchema,
  annulationEnLigneSchema,
  jetonEnLigne,
  modificationEnLigneSchema,
  reservationEnLigneSchema,
  dateEnLigneSchema,
  datesEnLigneSchema,
  estLangueEnLigne,
  langueEnLigne,
  etapeDateEnLigneSchema,
  objetEnLigneSchema,
  rechercheAdresseEnLigneSchema,
  saisieReservationEnLigneSchema,
  serviceEnLigneSchema,
  sessionEnLigne,
  signalementEnLigneSchema,
  texteEnLigne,
  type CodeErreur,
  type LangueEnLigne,
} from '@debarras/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adresseComptee } from '../../adresseClient.js';
import type { Contexte } from '../../contexte.js';
import { sansCorps } from '../../http/openapi.js';
import { limiteConfirmations } from '../../http/securite.js';
import * as service from './service.js';

/** The language a public call asks for: `lang` in its query, else `langue` in its body, else French. */
function langueDe(requete: FastifyRequest): LangueEnLigne {
  const demandee = (requete.query as { lang?: unknown } | undefined)?.lang ?? (requete.body as { langue?: unknown } | undefined)?.langue;
  return estLangueEnLigne(demandee) ? demandee : 'fr';
}

/** A refusal's text for a code whose message is not one of the online texts (a server's French message). */
const TEXTE_PAR_CODE: Partial<Record<CodeErreur, string>> = {
  SAISIE_INVALIDE: 'saisieInvalide',
  TROP_DE_REQUETES: 'tropDeRequetes',
  SURCHARGE: 'surcharge',
  INTROUVABLE: 'lienInvalide',
  CAPACITE_DEPASSEE: 'complet',
};

/** Error answers in the resident's language (docs/api.md « Réservation en ligne »). */
export function traduireEnLigne(requete: FastifyRequest, code: CodeErreur, message: string) {
  const langue = langueDe(requete);
  const traduit = texteEnLigne(langue, message);
  return traduit !== message ? traduit : texteEnLigne(langue, TEXTE_PAR_CODE[code] ?? 'erreurServeur');
}

const reponseReservation = z.object({ numero: z.string(), minutes: z.number().int() });

/**
 * The residents' calls, under `${BASE_PATH}en-ligne/api` (docs/api.md « Réservation en ligne »): no session,
 * no back-office cookie read, only addresses, objects, dates with room and the resident's own booking.
 */
export function routesEnLigne(app: FastifyInstance, { base, config, horloge, courrier }: Contexte) {
  // the links of the e-mails: never from the request's Host, anyone may send one (docs/exploitation.md « Adresse publique »)
  const envoi: service.Envoi = { courrier, liens: { pages: `${config.publicUrl}en-ligne/` } };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/service',
    { schema: { querystring: z.object({ lang: langueEnLigne }), response: { 200: serviceEnLigneSchema } } },
    async (requete) => service.service(base.db, requete.query.lang),
  );
  r.get(
    '/adresses',
    { schema: { querystring: rechercheAdresseEnLigneSchema, response: { 200: z.array(adresseEnLigneSchema) } } },
    async (requete) => service.adresses(base.db, requete.query.q, config.communeCode),
  );
  r.get('/objets', { schema: { response: { 200: z.array(objetEnLigneSchema) } } }, async () => service.objets(base.db));
  r.get('/dates', { schema: { querystring: datesEnLigneSchema, response: { 200: z.array(dateEnLigneSchema) } } }, async (requete) =>
    service.dates(base.db, requete.query.idpAdr, config.communeCode, horloge.maintenant()),
  );
  r.post(
    '/sessions/:session/date',
    {
      schema: {
        params: z.object({ session: sessionEnLigne }),
        body: etapeDateEnLigneSchema,
        response: { 204: sansCorps('Étape notée') },
      },
    },
    async (requete, reponse) => {
      await service.noterChoixDate(
        base.db,
        { idSession: requete.params.session, type: requete.body.type, langue: requete.body.langue },
        horloge.maintenant(),
      );
      return reponse.status(204).send();
    },
  );
  r.post(
    '/reservations',
    { config: { ...limiteConfirmations(config) }, schema: { body: saisieReservationEnLigneSchema, response: { 201: reponseReservation } } },
    async (requete, reponse) => {
      const reservee = await service.reserver(base.db, requete.body, {
        maintenant: horloge.maintenant(),
        jour: horloge.aujourdhui(),
        commune: config.communeCode,
        client: adresseComptee(requete.ip),
        ...envoi,
      });
      return reponse.status(201).send(reservee);
    },
  );

  const parJeton = { params: jetonEnLigne, querystring: z.object({ lang: langueEnLigne }) };
  const reponseVue = { 200: reservationEnLigneSchema };
  r.post('/validations/:jeton', { schema: { ...parJeton, response: reponseVue } }, async (requete) =>
    service.valider(base.db, requete.params.jeton, horloge.maintenant(), envoi),
  );
  r.get('/reservations/:jeton', { schema: { ...parJeton, response: reponseVue } }, async (requete) =>
    service.consulter(base.db, requete.params.jeton, horloge.maintenant()),
  );
  r.post(
    '/reservations/:jeton/signalement',
    { schema: { params: jetonEnLigne, body: signalementEnLigneSchema, response: reponseVue } },
    async (requete) => service.signalerNonLeve(base.db, requete.params.jeton, requete.body, horloge.maintenant()),
  );
  r.put(
    '/reservations/:jeton',
    { schema: { params: jetonEnLigne, body: modificationEnLigneSchema, response: reponseVue } },
    async (requete) => service.modifier(base.db, requete.params.jeton, requete.body, horloge.maintenant(), envoi),
  );
  r.delete(
    '/reservations/:jeton',
    { schema: { params: jetonEnLigne, querystring: annulationEnLigneSchema, response: reponseVue } },
    async (requete) =>
      service.annuler(
        base.db,
        requete.params.jeton,
        { idSession: requete.query.session, langue: requete.query.lang },
        horloge.maintenant(),
        envoi,
      ),
  );
}
