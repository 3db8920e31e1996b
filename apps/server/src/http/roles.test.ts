import { readFileSync } from 'node:fs';
import { ERREURS, type ReponseErreur } from '@debarras/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appDeTest, MOT_DE_PASSE_TEST, type Compte } from '../test/app.js';

const t = appDeTest();
const API = '/webdeb/rest';
/** The residents' calls: open to everyone, the back-office's session neither needed nor read. */
const API_EN_LIGNE = '/webdeb/en-ligne/api';

type Appelant = 'anonyme' | Compte;
const APPELANTS: readonly Appelant[] = ['anonyme', 'lecture', 'gestion', 'admin', 'technique'];

// Written out rather than read from PERMISSIONS: a change of the matrix that opens or closes a route must show
// here (docs/regles.md « Rôles et permissions »).
const PUBLIC = APPELANTS;
const CONNECTES: readonly Appelant[] = ['lecture', 'gestion', 'admin', 'technique'];
const GESTION: readonly Appelant[] = ['gestion', 'admin', 'technique'];
const ADMIN: readonly Appelant[] = ['admin', 'technique'];
const TECHNIQUE: readonly Appelant[] = ['technique'];

/** Who may call each route of the API, as Fastify registers it. */
const ATTENTES: Record<string, readonly Appelant[]> = {
  'POST /webdeb/rest/login': PUBLIC,
  'GET /webdeb/rest/logout': PUBLIC,
  'GET /webdeb/rest/commune': PUBLIC,
  'GET /webdeb/rest/user': CONNECTES,
  'GET /webdeb/rest/openapi.json': CONNECTES,

  'GET /webdeb/rest/parametre/': TECHNIQUE,
  'GET /webdeb/rest/parametre/export/': TECHNIQUE,
  'GET /webdeb/rest/parametre/:id': TECHNIQUE,
  'POST /webdeb/rest/parametre': TECHNIQUE,
  'GET /webdeb/rest/parametre/getStringValue': CONNECTES,

  'GET /webdeb/rest/secteur/': ADMIN,
  'GET /webdeb/rest/secteur/export/': ADMIN,
  'GET /webdeb/rest/secteur/:id': ADMIN,
  'POST /webdeb/rest/secteur': ADMIN,
  'GET /webdeb/rest/secteur/perimetres': ADMIN,
  'PUT /webdeb/rest/secteur/:id/perimetre': ADMIN,
  'GET /webdeb/rest/secteur/labels': CONNECTES,

  'GET /webdeb/rest/objet/': CONNECTES,
  'GET /webdeb/rest/objet/:id': CONNECTES,
  'GET /webdeb/rest/objet/export/': ADMIN,
  'POST /webdeb/rest/objet': ADMIN,

  'GET /webdeb/rest/destinataire/': ADMIN,
  'GET /webdeb/rest/destinataire/export/': ADMIN,
  'GET /webdeb/rest/destinataire/:id': ADMIN,
  'POST /webdeb/rest/destinataire': ADMIN,
  'DELETE /webdeb/rest/destinataire/:id': ADMIN,

  'GET /webdeb/rest/logEvenement/': ADMIN,
  'GET /webdeb/rest/logEvenement/export/': ADMIN,
  'GET /webdeb/rest/reservation/': ADMIN,
  'GET /webdeb/rest/reservation/export/': ADMIN,

  'GET /webdeb/rest/adresse/': GESTION,
  'GET /webdeb/rest/adresse/:idpAdr': GESTION,
  'GET /webdeb/rest/adresse/extent': GESTION,
  'GET /webdeb/rest/adresse/proche': GESTION,
  'GET /webdeb/rest/adresse/rues': GESTION,

  'GET /webdeb/rest/carte/fond': GESTION,
  'POST /webdeb/rest/carte/impression': GESTION,

  'GET /webdeb/rest/levee/': CONNECTES,
  'GET /webdeb/rest/levee/export/': GESTION,
  'GET /webdeb/rest/levee/:id': CONNECTES,
  'GET /webdeb/rest/levee/debarras/:id': CONNECTES,
  'GET /webdeb/rest/levee/actif': CONNECTES,
  'GET /webdeb/rest/levee/count/:date': CONNECTES,
  'GET /webdeb/rest/levee/next': CONNECTES,
  'GET /webdeb/rest/levee/next/:date': CONNECTES,
  'GET /webdeb/rest/levee/print/': CONNECTES,
  'POST /webdeb/rest/levee': GESTION,
  'POST /webdeb/rest/levee/archiver': GESTION,
  'POST /webdeb/rest/levee/supprimer': GESTION,
  'POST /webdeb/rest/levee/indisponibilite': GESTION,
  'GET /webdeb/rest/levee/:id/tournee': CONNECTES,
  'POST /webdeb/rest/levee/:id/tournee': GESTION,
  'POST /webdeb/rest/levee/:id/tournee/optimiser': GESTION,
  'POST /webdeb/rest/levee/:id/lien-equipe': GESTION,
  'GET /webdeb/rest/levee/:id/equipe': GESTION,
  'POST /webdeb/rest/levee/:id/equipe/resultats': GESTION,
  'POST /webdeb/rest/levee/:id/equipe/photos': GESTION,
  'GET /webdeb/rest/resultat/:idClient/photo': CONNECTES,
  'GET /webdeb/rest/levee/:id/resultats': CONNECTES,
  'GET /webdeb/rest/replanification': CONNECTES,
  'GET /webdeb/rest/capacite': CONNECTES,
  'GET /webdeb/rest/capacite/jours': CONNECTES,
  'GET /webdeb/rest/statistiques': GESTION,
  'GET /webdeb/rest/statistiques/export': GESTION,
  'POST /webdeb/rest/replanification': GESTION,
  'GET /webdeb/rest/signalement': CONNECTES,
  'GET /webdeb/rest/signalement/compte': CONNECTES,
  'POST /webdeb/rest/signalement/:id/replanifier': GESTION,
  'POST /webdeb/rest/signalement/:id/clore': GESTION,
  'POST /webdeb/rest/levee/print/envoi': ADMIN,

  'GET /webdeb/rest/debarras/': CONNECTES,
  'GET /webdeb/rest/debarras/export/': GESTION,
  'GET /webdeb/rest/debarras/:id': CONNECTES,
  'GET /webdeb/rest/debarras/:id/objet': CONNECTES,
  'GET /webdeb/rest/debarras/:id/journal': CONNECTES,
  'GET /webdeb/rest/debarras/objet/edition': CONNECTES,
  'GET /webdeb/rest/debarras/print/': CONNECTES,
  'GET /webdeb/rest/debarras/recherche': CONNECTES,
  'GET /webdeb/rest/debarras/numero': CONNECTES,
  'POST /webdeb/rest/debarras': GESTION,
  'POST /webdeb/rest/debarras/supprimer': GESTION,
  'POST /webdeb/rest/debarras/reactiver': GESTION,
  'POST /webdeb/rest/debarras/doublons': GESTION,
  'POST /webdeb/rest/debarras/link': GESTION,

  'GET /webdeb/rest/adresseexception/': ADMIN,
  'GET /webdeb/rest/adresseexception/export/': ADMIN,
  'GET /webdeb/rest/adresseexception/:id': ADMIN,
  'POST /webdeb/rest/adresseexception': ADMIN,
  'DELETE /webdeb/rest/adresseexception/:id': ADMIN,
  'POST /webdeb/rest/adresseexception/clone': ADMIN,
  'GET /webdeb/rest/adresseexception/exists/:idpadr': GESTION,
  'GET /webdeb/rest/adresseexception/idpadr': GESTION,
  'GET /webdeb/rest/adresseexception/byidpadr/:idpAdr': GESTION,
  'POST /webdeb/rest/adresseexception/extent': GESTION,

  'GET /webdeb/rest/recurrence/': GESTION,
  'GET /webdeb/rest/recurrence/export/': GESTION,
  'GET /webdeb/rest/recurrence/:id': GESTION,
  'POST /webdeb/rest/recurrence': GESTION,
  'POST /webdeb/rest/recurrence/apercu': GESTION,
  'DELETE /webdeb/rest/recurrence/:id': GESTION,

  'GET /webdeb/rest/tache': TECHNIQUE,
  'POST /webdeb/rest/tache/:code/execution': TECHNIQUE,
  'GET /webdeb/rest/tache/courriels': TECHNIQUE,

  'GET /webdeb/en-ligne/api/service': PUBLIC,
  'GET /webdeb/en-ligne/api/adresses': PUBLIC,
  'GET /webdeb/en-ligne/api/objets': PUBLIC,
  'GET /webdeb/en-ligne/api/dates': PUBLIC,
  'POST /webdeb/en-ligne/api/sessions/:session/date': PUBLIC,
  'POST /webdeb/en-ligne/api/reservations': PUBLIC,
  'POST /webdeb/en-ligne/api/validations/:jeton': PUBLIC,
  'GET /webdeb/en-ligne/api/reservations/:jeton': PUBLIC,
  'PUT /webdeb/en-ligne/api/reservations/:jeton': PUBLIC,
  'DELETE /webdeb/en-ligne/api/reservations/:jeton': PUBLIC,
  'POST /webdeb/en-ligne/api/reservations/:jeton/signalement': PUBLIC,
};

/**
 * The routes the app registers under the back-office API and the residents' one, `METHODE /url`, read from Fastify's own route tree: each line is a node,
 * indented four characters a level, its segment following its parent's. HEAD routes are left out: Fastify copies
 * them from the GET ones, options and permission included.
 */
function routesEnregistrees(prefixes = [API, API_EN_LIGNE]): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const ligne of t.app.printRoutes().split('\n')) {
    const noeud = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(ligne);
    if (!noeud) continue;
    segments.length = noeud[1]!.length / 4;
    segments.push(noeud[2]!);
    const url = segments.join('');
    if (!prefixes.some((prefixe) => url.startsWith(`${prefixe}/`))) continue;
    for (const methode of noeud[3]?.split(', ') ?? []) if (methode !== 'HEAD') routes.push(`${methode} ${url}`);
  }
  return routes.sort();
}

async function nouvelleSession(compte: Compte): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: `${API}/login`, payload: { username: compte, password: MOT_DE_PASSE_TEST } });
  const cookie = r.cookies[0]!;
  return `${cookie.name}=${cookie.value}`;
}

/**
 * A call that changes nothing: every path parameter 999999 (unknown, or unreadable), an empty body for a write. It
 * passes the role check or not; what follows (a 400, a 404) does not matter here.
 */
async function appeler(route: string, appelant: Appelant): Promise<LightMyRequestResponse> {
  const [methode, motif] = route.split(' ') as [InjectOptions['method'], string];
  const requete: InjectOptions = {
    method: methode,
    url: motif.replace(/:\w+/g, '999999'),
    ...(methode === 'POST' || methode === 'PUT' ? { payload: {} } : {}),
  };
  if (appelant === 'anonyme') return t.app.inject(requete);
  // signing out ends the session: on one of its own, so the cached one stays open for the other calls
  if (route === `GET ${API}/logout`) return t.app.inject({ ...requete, headers: { cookie: await nouvelleSession(appelant) } });
  return t.en(appelant, requete);
}

/** The answer as the client sees it: its status, and the code and message of an error. */
function vu(r: LightMyRequestResponse): { statut: number; code?: string; errMsg?: string } {
  try {
    const { code, errMsg } = r.json() as Partial<ReponseErreur>;
    return { statut: r.statusCode, code, errMsg };
  } catch {
    return { statut: r.statusCode };
  }
}

const REFUS: Record<'sansSession' | 'autreRole', ReturnType<typeof vu>> = {
  sansSession: { statut: 401, code: 'NON_AUTHENTIFIE', errMsg: ERREURS.nonAuthentifie },
  autreRole: { statut: 403, code: 'NON_AUTORISE', errMsg: ERREURS.nonAutorise },
};

/** What is wrong with the answer `appelant` got from `route`, if anything. */
function ecart(route: string, appelant: Appelant, r: LightMyRequestResponse): string | undefined {
  const recu = vu(r);
  const dit = `${route} en ${appelant} : ${recu.statut} ${recu.code ?? ''}`.trim();
  if (recu.statut >= 500) return `${dit} (${recu.errMsg ?? r.body})`;
  if (ATTENTES[route]!.includes(appelant)) return recu.statut === 401 || recu.statut === 403 ? `${dit} au lieu d'un accès` : undefined;
  const attendu = REFUS[appelant === 'anonyme' ? 'sansSession' : 'autreRole'];
  return recu.statut === attendu.statut && recu.code === attendu.code && recu.errMsg === attendu.errMsg
    ? undefined
    : `${dit} au lieu de ${attendu.statut} ${attendu.code}`;
}

describe('rôles × routes', () => {
  it('donne les rôles attendus de chaque route enregistrée', () => {
    const sansAttente = routesEnregistrees().filter((route) => !ATTENTES[route]);
    expect(sansAttente.map((route) => `Route sans attente de rôles : ${route}`)).toEqual([]);
  });

  it("n'attend rien d'une route qui n'existe pas", () => {
    const enregistrees = new Set(routesEnregistrees());
    const inconnues = Object.keys(ATTENTES).filter((route) => !enregistrees.has(route));
    expect(inconnues.map((route) => `Attente de rôles pour une route inexistante : ${route}`)).toEqual([]);
  });

  it("ouvre chaque route à ses seuls rôles : 401 sans session, 403 pour un autre rôle, jamais d'erreur interne", async () => {
    const ecarts: string[] = [];
    for (const route of routesEnregistrees().filter((r) => ATTENTES[r])) {
      const reponses = await Promise.all(APPELANTS.map((appelant) => appeler(route, appelant)));
      reponses.forEach((r, i) => {
        const probleme = ecart(route, APPELANTS[i]!, r);
        if (probleme) ecarts.push(probleme);
      });
    }
    expect(ecarts).toEqual([]);
  });
});

describe('docs/api.md', () => {
  it('décrit chaque route enregistrée', () => {
    const doc = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
    // the rows of its tables, `| GET | `/levee/{id}` | …`, without the query string of the path
    const decrites = new Set([...doc.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`?]+)[^`]*` \|/gm)].map((m) => `${m[1]} ${m[2]}`));
    // the residents' calls have their own section, checked with their routes (openapi.test.ts)
    const absentes = routesEnregistrees([API]).filter((route) => {
      const [methode, url] = route.split(' ') as [string, string];
      return !decrites.has(`${methode} ${url.slice(API.length).replace(/:(\w+)/g, '{$1}')}`);
    });
    expect(absentes.map((route) => `Route absente de docs/api.md : ${route}`)).toEqual([]);
  });
});
