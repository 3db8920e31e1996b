import { readFileSync } from 'node:fs';
import {
  VERSION_APPLICATION,
  CODES_ERREUR,
  ERREURS,
  PERMISSIONS,
  ROLE_PAR_NOM_COURT,
  TOUS_LES_ROLES,
  type Permission,
} from '@debarras/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { appDeTest, refus } from '../test/app.js';
import { routesEnLigne } from '../modules/enLigne/routes.js';
import { routesEquipe } from '../modules/equipe/routes.js';
import type { Contexte } from '../contexte.js';
import { exigerReponseDeclaree } from './openapi.js';

const t = appDeTest();
/** Where docs/api.md describes the residents' calls, served outside `rest` and its OpenAPI description. */
const SECTION_PUBLIQUE = '## Réservation en ligne (public)';
const SECTION_EQUIPES = '## Tournée des équipes';
const URL_OPENAPI = '/webdeb/rest/openapi.json';

interface Reponse {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
  $ref?: string;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> };
  responses: Record<string, Reponse>;
  security?: unknown[];
  'x-permission'?: Permission;
}
interface DocumentOpenApi {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, { enum?: string[] }>; required?: string[] }>;
    responses: Record<string, Reponse>;
  };
}

async function lireDocument(): Promise<DocumentOpenApi> {
  const r = await t.en('lecture', { url: URL_OPENAPI });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** `GET /levee/{id}` and its operation, for every operation of the document. */
const operations = (d: DocumentOpenApi) =>
  Object.entries(d.paths).flatMap(([chemin, parMethode]) =>
    Object.entries(parMethode).map(([methode, operation]) => ({ route: `${methode.toUpperCase()} ${chemin}`, operation })),
  );

describe('GET /openapi.json', () => {
  it("décrit l'API, titre « Débarras » et version de l'application, à tout utilisateur connecté", async () => {
    const d = await lireDocument();
    expect(d.openapi).toMatch(/^3\.0\./);
    expect(d.info).toEqual({ title: 'Débarras', version: VERSION_APPLICATION });
    expect(d.servers).toEqual([{ url: '/webdeb/rest' }]);
  });

  it('refuse un visiteur sans session (401)', async () => {
    const r = await t.app.inject({ url: URL_OPENAPI });
    expect(refus(r)).toEqual({ statut: 401, errMsg: ERREURS.nonAuthentifie, code: 'NON_AUTHENTIFIE' });
  });

  it("ne décrit que l'API : ni les icônes ni l'application web", async () => {
    const chemins = Object.keys((await lireDocument()).paths);
    expect(chemins).toContain('/debarras/{id}');
    expect(chemins.filter((c) => c.includes('icones') || c.startsWith('/webdeb'))).toEqual([]);
  });

  it('donne à chaque route le schéma de sa réponse de succès (204 : sans corps)', async () => {
    const sansSchema = operations(await lireDocument()).flatMap(({ route, operation }) => {
      const succes = Object.entries(operation.responses).filter(([code]) => code.startsWith('2'));
      if (!succes.length) return [route];
      return succes
        .filter(([code, reponse]) => {
          const schemas = Object.values(reponse.content ?? {}).map((c) => c.schema);
          return code === '204' ? schemas.length > 0 : !schemas.length || schemas.some((s) => !s || !Object.keys(s).length);
        })
        .map(([code]) => `${route} ${code}`);
    });
    expect(sansSchema).toEqual([]);
  });

  it('décrit une fois le corps des erreurs, { errMsg, code, idRequete }, et chaque route y renvoie', async () => {
    const d = await lireDocument();
    const erreur = d.components.schemas.ReponseErreur!;
    expect(Object.keys(erreur.properties!)).toEqual(['errMsg', 'code', 'idRequete']);
    expect(erreur.required).toEqual(['errMsg', 'code']);
    expect(erreur.properties!.code!.enum).toEqual([...CODES_ERREUR]);
    expect(d.components.responses.Erreur!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ReponseErreur' });
    const sansErreur = operations(d).filter(({ operation }) => operation.responses.default?.$ref !== '#/components/responses/Erreur');
    expect(sansErreur.map((o) => o.route)).toEqual([]);
  });

  it('décrit la liste des débarras : ses lignes, le total en en-tête, et son export en classeur', async () => {
    const d = await lireDocument();
    const liste = d.paths['/debarras/']!.get!.responses['200']!;
    expect(liste.content!['application/json']!.schema).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(liste).toMatchObject({ headers: { 'x-total-elements': { schema: { type: 'integer' } } } });
    const exportation = d.paths['/debarras/export/']!.get!.responses['200']!;
    expect(Object.keys(exportation.content!)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });

  it("décrit le corps de POST /levee : le changement d'une levée ou une levée supplémentaire", async () => {
    const d = await lireDocument();
    expect(d.paths['/levee']!.post!.requestBody!.content['application/json']!.schema.anyOf).toHaveLength(2);
  });

  it('décrit les documents dans leurs formats : feuilles de route en Word, Excel ou PDF, fiche en PDF', async () => {
    const d = await lireDocument();
    expect(Object.keys(d.paths['/levee/print/']!.get!.responses['200']!.content!)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
    ]);
    expect(Object.keys(d.paths['/debarras/print/']!.get!.responses['200']!.content!)).toEqual(['application/pdf']);
  });
});

describe('schéma de réponse obligatoire', () => {
  it('refuse de démarrer avec une route qui ne déclare pas le schéma de sa réponse de succès', async () => {
    const app = Fastify();
    exigerReponseDeclaree(app);
    expect(() => app.get('/sans-schema', async () => ({}))).toThrow(
      'La route GET /sans-schema doit déclarer le schéma de sa réponse de succès.',
    );
    await app.close();
  });
});

describe('docs/api.md', () => {
  const [doc, publiques] = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8').split(SECTION_PUBLIQUE);
  const [docPublic, docEquipes] = publiques!.split(SECTION_EQUIPES);
  /** The rows of its tables: `| GET | `/levee/{id}` | accès | …`, without the query string of the path. */
  const lignesDe = (texte = '') =>
    [...texte.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`?]+)[^`]*` \| ([^|]+) \|/gm)].map((m) => ({
      route: `${m[1]} ${m[2]}`,
      acces: m[3]!.trim(),
    }));
  const lignes = lignesDe(doc);
  const nomCourt = new Map(Object.entries(ROLE_PAR_NOM_COURT).map(([nom, role]) => [role, nom]));
  /** What the doc's access column says: public, connecté (every role), or the roles of the permission. */
  const acces = (operation: Operation) => {
    const permission = operation['x-permission'];
    if (!permission) return 'public';
    const roles = PERMISSIONS[permission];
    return roles.length === TOUS_LES_ROLES.length ? 'connecté' : roles.map((r) => nomCourt.get(r)).join(', ');
  };

  it('décrit chaque route de openapi.json', async () => {
    const documentees = new Set(lignes.map((l) => l.route));
    const absentes = operations(await lireDocument()).filter(({ route }) => !documentees.has(route));
    expect(absentes.map((o) => o.route)).toEqual([]);
  });

  it("ne décrit aucune route qui n'existe pas, ni deux fois la même", async () => {
    const existantes = new Set(operations(await lireDocument()).map((o) => o.route));
    expect(lignes.filter((l) => !existantes.has(l.route)).map((l) => l.route)).toEqual([]);
    expect(lignes.length).toBe(new Set(lignes.map((l) => l.route)).size);
  });

  /** The routes a scope of its own declares, as docs/api.md writes them. */
  async function routesDeLaPortee(declarer: (app: FastifyInstance) => void) {
    const routes: string[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD') routes.push(`${String(r.method)} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    });
    declarer(app);
    await app.ready();
    await app.close();
    return routes.sort();
  }
  const routesDocumentees = (texte?: string) =>
    lignesDe(texte)
      .map((l) => l.route)
      .sort();

  it('décrit dans sa section publique chaque route de la réservation en ligne, et elles seules', async () => {
    expect(routesDocumentees(docPublic)).toEqual(await routesDeLaPortee((app) => routesEnLigne(app, { config: t.config } as Contexte)));
  });

  it('décrit dans sa section chaque route de la tournée des équipes, et elles seules', async () => {
    expect(routesDocumentees(docEquipes)).toEqual(await routesDeLaPortee((app) => routesEquipe(app, { config: t.config } as Contexte)));
  });

  it("donne pour chaque route l'accès que le serveur exige", async () => {
    const parRoute = new Map(operations(await lireDocument()).map((o) => [o.route, acces(o.operation)]));
    const fausses = lignes.filter((l) => parRoute.has(l.route) && parRoute.get(l.route) !== l.acces);
    expect(fausses.map((l) => `${l.route} : « ${l.acces} » au lieu de « ${parRoute.get(l.route)} »`)).toEqual([]);
  });
});
