import {
  champsPhotoSchema,
  EQUIPE_MESSAGES,
  envoiResultatsSchema,
  lienEquipeSchema,
  PHOTO_OCTETS_MAX,
  reponsePhotoSchema,
  reponseResultatsSchema,
  tourneeEquipeSchema,
} from '@debarras/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Contexte } from '../../contexte.js';
import { saisieInvalide } from '../../erreurs.js';
import { utilisateurDe } from '../../http/authentification.js';
import { identifiant } from '../../http/parametres.js';
import * as service from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The crew a token let in (the crews' scope only). */
    accesEquipe: service.AccesEquipe | null;
  }
}

/** A routing service that fails: said in the request's log, the round is still answered in straight lines. */
const avertir = (requete: FastifyRequest) => ({ avertir: (message: string) => requete.log.warn(message) });

/** The body of a photo: `idClient` and `idDebarras`, then the file `photo`, read whole up to the size allowed. */
async function lirePhoto(requete: FastifyRequest) {
  if (!requete.isMultipart()) throw saisieInvalide(EQUIPE_MESSAGES.photoChamps);
  let fichier;
  try {
    fichier = await requete.file();
  } catch {
    throw saisieInvalide(EQUIPE_MESSAGES.photoChamps);
  }
  if (!fichier || fichier.fieldname !== 'photo') throw saisieInvalide(EQUIPE_MESSAGES.photoManquante);
  const champ = (nom: string) => {
    const c = fichier.fields[nom];
    return c && !Array.isArray(c) && c.type === 'field' ? c.value : undefined;
  };
  const champs = champsPhotoSchema.safeParse({ idClient: champ('idClient'), idDebarras: champ('idDebarras') });
  if (!champs.success) throw saisieInvalide(EQUIPE_MESSAGES.photoChamps);
  let contenu: Buffer;
  try {
    contenu = await fichier.toBuffer();
  } catch (erreur) {
    if ((erreur as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw saisieInvalide(EQUIPE_MESSAGES.photoTropGrande);
    throw erreur;
  }
  return { ...champs.data, contenu };
}

/**
 * What the multipart parser of the scopes that take photos reads (app.ts): one photo per request, no larger than
 * stored (a bigger file is cut off at the limit and refused).
 */
export const LIMITES_PHOTO = { fileSize: PHOTO_OCTETS_MAX, files: 1, fields: 4, fieldSize: 100, parts: 5 } as const;
const reponsePhoto = { 200: reponsePhotoSchema };

/**
 * The crews' calls, under `${BASE_PATH}tournee/api` (docs/api.md « Tournée des équipes »): a levée's link token in
 * `Authorization: Bearer`, nothing else of the back-office.
 */
export function routesEquipe(app: FastifyInstance, { base, horloge }: Contexte) {
  app.decorateRequest('accesEquipe', null);
  // after the request limit (a route's own onRequest hook, which runs after a scope's), before the body is read
  app.addHook('preParsing', async (requete) => {
    const entete = requete.headers.authorization;
    const jeton = entete?.startsWith('Bearer ') ? entete.slice('Bearer '.length).trim() : undefined;
    requete.accesEquipe = await service.ouvrir(base.db, jeton, horloge.maintenant());
  });
  const acces = (requete: FastifyRequest) => requete.accesEquipe!;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/tournee', { schema: { response: { 200: tourneeEquipeSchema } } }, async (requete) =>
    service.tournee(base.db, acces(requete).idLevee, acces(requete).expireLe, avertir(requete)),
  );
  r.post('/resultats', { schema: { body: envoiResultatsSchema, response: { 200: reponseResultatsSchema } } }, async (requete) =>
    service.enregistrer(base.db, acces(requete).idLevee, requete.body, service.auteurEquipe(acces(requete)), horloge.maintenant()),
  );
  r.post('/photos', { schema: { response: reponsePhoto } }, async (requete) =>
    service.enregistrerUnePhoto(base.db, acces(requete).idLevee, await lirePhoto(requete)),
  );
}

/**
 * The same round for staff signed in (gestion, admin, technique), by the levée's id, and its link: under /rest, with
 * the back-office's session.
 */
export function routesLienEquipe(app: FastifyInstance, { base, config, horloge }: Contexte) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gerer = { permission: 'gererLevees' } as const;
  const auteur = (requete: FastifyRequest) => ({ par: utilisateurDe(requete).username, equipe: false });

  r.post(
    '/levee/:id/lien-equipe',
    { config: gerer, schema: { params: identifiant, response: { 200: lienEquipeSchema } } },
    async (requete) => service.renouveler(base.db, requete.params.id, utilisateurDe(requete).username, config.publicUrl),
  );
  r.get('/levee/:id/equipe', { config: gerer, schema: { params: identifiant, response: { 200: tourneeEquipeSchema } } }, async (requete) =>
    service.tournee(base.db, requete.params.id, null, avertir(requete)),
  );
  r.post(
    '/levee/:id/equipe/resultats',
    { config: gerer, schema: { params: identifiant, body: envoiResultatsSchema, response: { 200: reponseResultatsSchema } } },
    async (requete) => service.enregistrer(base.db, requete.params.id, requete.body, auteur(requete), horloge.maintenant()),
  );
  r.post('/levee/:id/equipe/photos', { config: gerer, schema: { params: identifiant, response: reponsePhoto } }, async (requete) =>
    service.enregistrerUnePhoto(base.db, requete.params.id, await lirePhoto(requete)),
  );
}
