import { aLaPermission, ERREURS, SAISIE_MESSAGES, texteEnLigne, type Permission } from '@debarras/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lignes } from '../db/client.js';
import type { Courriel } from '../courriel.js';
import { appDeTest, COMPTES, dans, unique, type Compte } from '../test/app.js';
import { uneLevee, unLieuEnLigne, uneReservationEnLigne } from '../test/fabriques.js';
import { enJson, imbrication, imbricationEnJson } from '../test/imbrication.js';
import { PROFONDEUR_MAX } from './caracteres.js';

/**
 * Generated bad input against every write and list route, read from the API's own OpenAPI
 * description (docs/architecture.md « Tests »): never a 5xx, a refused write changes nothing, and
 * the log holds none of the values sent.
 */

const journal: string[] = [];
const courriels: Courriel[] = [];
const PUBLIC_URL = 'https://debarras.example.ch/webdeb/';
// behind one trusted proxy: the forwarded headers are believed as far as they ever are
const t = appDeTest(
  { LOG_LEVEL: 'info', TRUST_PROXY: '1', PUBLIC_URL },
  {
    journal: { write: (ligne) => void journal.push(ligne) },
    courrier: () => ({ destination: 'mémoire', envoyer: async (c) => void courriels.push(c) }),
  },
);
const REST = '/webdeb/rest';
const ENTREES_PAR_RUN = 10_000;

/** Every generated text carries this mark and a number: the log is searched for it once, at the end. */
const MARQUE = 'ƒzq';
let numero = 0;
const marque = (texte: string) => `${texte}${MARQUE}${++numero}`;

const texteHostile = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\u001b[31m',
      '\u007f',
      '\ud800',
      "'; drop table debarras; --",
      '%00',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '9'.repeat(40),
      'Jean\n\nVOTRE COMPTE EST SUSPENDU: http://evil.example/pay\n',
      'x@exemple.ch\r\nBcc: tous@exemple.ch',
      'a\u2028b',
    ),
    fc.constant('x'.repeat(5_000)),
  )
  .map(marque);

const nombreHostile = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.constantFrom(0, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1e308, -1e308, 0.5, 1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Arrays or objects nested past PROFONDEUR_MAX: a walk that recursed over them would overflow the stack. */
const imbriques = [PROFONDEUR_MAX + 1, 5_000].flatMap((n) => [imbrication(n, 'tableaux'), imbrication(n, 'objets')]);

const valeurHostile = fc.oneof(
  texteHostile,
  nombreHostile,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(fc.oneof(texteHostile, nombreHostile), { maxLength: 3 }),
  fc.constantFrom(...imbriques),
);

type SchemaJson = {
  type?: string | string[];
  properties?: Record<string, SchemaJson>;
  items?: SchemaJson;
  enum?: unknown[];
  anyOf?: SchemaJson[];
  oneOf?: SchemaJson[];
  nullable?: boolean;
  format?: string;
};

/** Values shaped like the schema, each of them sometimes replaced by a hostile one. */
function depuisSchema(schema: SchemaJson | undefined, profondeur = 0): fc.Arbitrary<unknown> {
  if (!schema || profondeur > 4) return valeurHostile;
  const variantes = schema.anyOf ?? schema.oneOf;
  if (variantes?.length) return fc.oneof(...variantes.map((v) => depuisSchema(v, profondeur + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  let conforme: fc.Arbitrary<unknown>;
  if (schema.enum) conforme = fc.constantFrom(...schema.enum);
  else if (type === 'object' && schema.properties) {
    const champs = Object.fromEntries(Object.entries(schema.properties).map(([cle, s]) => [cle, depuisSchema(s, profondeur + 1)]));
    conforme = fc.record(champs, { requiredKeys: [] });
  } else if (type === 'array') conforme = fc.array(depuisSchema(schema.items, profondeur + 1), { maxLength: 60 });
  else if (type === 'integer' || type === 'number') conforme = nombreHostile;
  else if (type === 'boolean') conforme = fc.boolean();
  else if (type === 'string' && schema.format === 'date')
    conforme = fc.constantFrom('2026-11-19', '2026-02-30', '0000-01-01', '99999-01-01');
  else conforme = texteHostile;
  return fc.oneof({ arbitrary: conforme, weight: 4 }, { arbitrary: valeurHostile, weight: 1 });
}

const parametreDeChemin = fc.oneof(
  fc.integer({ min: -2, max: 50 }).map(String),
  fc.constantFrom('2147483648', '99999999999999999999', '1e3', '0x10', 'null', '%00', '%E0%A4%A', 'ANONYMISATION', 'lundi', '2026-11-19'),
  texteHostile.map((texte) => encodeURIComponent(texte.replace(/[\ud800-\udfff]/g, '\ufffd'))),
);

interface Operation {
  methode: string;
  chemin: string;
  parametres: { nom: string; dans: string; schema?: SchemaJson }[];
  corps?: SchemaJson;
  permission?: string;
  publique: boolean;
}

/** Routes left out: they end the session used here, or start work that outlives the request. */
const HORS_CHAMP = new Set(['GET /logout', 'POST /tache/{code}/execution']);

let operations: Operation[];
beforeAll(async () => {
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  operations = Object.entries(document.paths).flatMap(([chemin, methodes]) =>
    Object.entries(methodes).map(([methode, op]) => {
      const corps = (op.requestBody as { content?: Record<string, { schema: SchemaJson }> } | undefined)?.content;
      return {
        methode: methode.toUpperCase(),
        chemin: chemin.replace(REST, ''),
        parametres: ((op.parameters ?? []) as { name: string; in: string; schema?: SchemaJson }[]).map((p) => ({
          nom: p.name,
          dans: p.in,
          schema: p.schema,
        })),
        corps: corps ? Object.values(corps)[0]!.schema : undefined,
        permission: op['x-permission'] as string | undefined,
        publique: Array.isArray(op.security) && op.security.length === 0,
      };
    }),
  );
});

/**
 * Every route the app registered, both scopes and the web app's, read from the router's printed tree
 * (`├── /rest/levee (POST)`, its children's segments indented under it).
 */
function routesEnregistrees(): { methode: string; chemin: string }[] {
  const segments: string[] = [];
  const routes: { methode: string; chemin: string }[] = [];
  for (const ligne of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const lue = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(ligne);
    if (!lue) continue;
    segments.length = lue[1]!.length / 4;
    segments.push(lue[2]!);
    for (const methode of lue[3]?.split(', ') ?? []) routes.push({ methode, chemin: segments.join('') });
  }
  return routes;
}

/** An account that may call the route, so that the input reaches the checks. */
const compteQuiPeut = (op: Operation): Compte | undefined =>
  op.publique ? undefined : (Object.keys(COMPTES) as Compte[]).find((c) => aLaPermission([COMPTES[c]], op.permission as Permission));

/** Row count and a checksum of every table: what a refused write must leave as it was. */
async function empreinteBase(): Promise<string> {
  const tables = await lignes<{ nom: string }>(
    t.base.db,
    sql`select tablename as nom from pg_tables where schemaname = 'public' and tablename not in ('echec_connexion', 'session') order by 1`,
  );
  const parts = [];
  for (const { nom } of tables) {
    const [e] = await lignes<{ n: number; somme: string }>(
      t.base.db,
      sql`select count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as somme from ${sql.identifier(nom)} x`,
    );
    parts.push(`${nom}:${e!.n}:${e!.somme}`);
  }
  return parts.join('|');
}

describe('entrées générées', () => {
  it(`répond sans erreur serveur à ${ENTREES_PAR_RUN} entrées hostiles sur chaque route d'écriture et de liste, et un refus ne change rien`, async () => {
    const retenues = operations.filter((op) => !HORS_CHAMP.has(`${op.methode} ${op.chemin}`));
    const parOperation = Math.ceil(ENTREES_PAR_RUN / retenues.length);
    let envoyees = 0;
    const erreursServeur: string[] = [];
    for (const op of retenues) {
      const compte = compteQuiPeut(op);
      const ecriture = op.methode !== 'GET';
      const avant = ecriture ? await empreinteBase() : '';
      let acceptees = 0;
      const requete = fc.record({
        chemin: fc.record(
          Object.fromEntries(op.parametres.filter((p) => p.dans === 'path').map((p) => [p.nom, parametreDeChemin])),
        ) as fc.Arbitrary<Record<string, string>>,
        query: fc.record(
          Object.fromEntries(
            op.parametres.filter((p) => p.dans === 'query').map((p) => [p.nom, fc.oneof(texteHostile, nombreHostile.map(String))]),
          ),
          { requiredKeys: [] },
        ) as fc.Arbitrary<Record<string, string>>,
        corps: op.corps ? depuisSchema(op.corps) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(requete, async ({ chemin, query, corps }) => {
          const url = op.chemin.replace(/\{(\w+)\}/g, (_, nom: string) => chemin[nom] ?? '1');
          const options = {
            method: op.methode as 'GET',
            url: `${REST}${url}`,
            query,
            ...(corps !== undefined ? { payload: enJson(corps), headers: { 'content-type': 'application/json' } } : {}),
          };
          const r = compte ? await t.en(compte, options) : await t.app.inject(options);
          envoyees++;
          if (r.statusCode >= 500) erreursServeur.push(`${op.methode} ${op.chemin} → ${r.statusCode} ${r.body.slice(0, 200)}`);
          if (r.statusCode < 300) acceptees++;
          return r.statusCode < 500;
        }),
        { numRuns: parOperation, endOnFailure: true },
      );
      if (ecriture && acceptees === 0)
        expect(await empreinteBase(), `${op.methode} ${op.chemin} a changé la base sans l'accepter`).toBe(avant);
    }
    expect(erreursServeur).toEqual([]);
    expect(envoyees).toBeGreaterThanOrEqual(ENTREES_PAR_RUN);
  }, 600_000);

  it('refuse en 400 un corps trop imbriqué sur chaque route qui en lit un, celles du public et de la réservation en ligne comprises, sans erreur au journal', async () => {
    const routes = routesEnregistrees().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.methode));
    // the residents' booking has no OpenAPI description: the router's list is the one that names it
    expect(routes.filter((r) => r.chemin.includes('/en-ligne/api/')).length).toBeGreaterThanOrEqual(4);
    // the crews' calls read their body once their link's token is good: one of tomorrow's levée
    const { idLevee } = await uneLevee(t.base.db, { dateLevee: dans(1), nom: unique('Tournée'), supplementaire: 1 });
    const lien = (await t.en('gestion', { method: 'POST', url: `${REST}/levee/${idLevee}/lien-equipe` })).json() as { url: string };
    const jetonEquipe = new URL(lien.url).searchParams.get('j')!;
    const depuis = journal.length;
    const refusees: string[] = [];
    let envoyees = 0;
    for (const { methode, chemin } of routes) {
      const op = operations.find((o) => o.methode === methode && `${REST}${o.chemin}` === chemin.replace(/:(\w+)/g, '{$1}'));
      const compte = op ? compteQuiPeut(op) : undefined;
      for (const corps of [imbricationEnJson(5_000, 'tableaux'), imbricationEnJson(5_000, 'objets')]) {
        const options = {
          method: methode as 'POST',
          url: chemin.replace(/:\w+/g, '1'),
          payload: corps,
          headers: {
            'content-type': 'application/json',
            ...(chemin.includes('/tournee/api/') ? { authorization: `Bearer ${jetonEquipe}` } : {}),
          },
        };
        const r = compte ? await t.en(compte, options) : await t.app.inject(options);
        // the residents read their own « check your entry » (saisie.test.ts)
        const errMsg = chemin.includes('/en-ligne/')
          ? texteEnLigne('fr', 'saisieInvalide')
          : ERREURS.imbricationTropProfonde(PROFONDEUR_MAX);
        if (r.statusCode !== 400 || r.body !== JSON.stringify({ errMsg, code: 'SAISIE_INVALIDE' }))
          refusees.push(`${methode} ${chemin} → ${r.statusCode} ${r.body}`);
        envoyees++;
      }
    }
    expect(refusees).toEqual([]);
    expect(envoyees).toBeGreaterThanOrEqual(2 * 29);
    const erreurs = journal.slice(depuis).filter((ligne) => (JSON.parse(ligne) as { level: number }).level >= 50);
    expect(erreurs).toEqual([]);
  });

  it("refuse un retour à la ligne, où qu'il soit, dans chaque champ d'une ligne, et n'écrit rien", async () => {
    const lieu = await unLieuEnLigne(t.base.db, { jours: 5 });
    const { idpAdr, idLevee, idObjet } = lieu;
    const debarras = {
      adresse: { idpAdr },
      levee: { idLevee },
      nomPersonne: 'Dupont',
      telephone: '022 418 00 00',
      email: 'dupont@exemple.ch',
      debarrasObjets: [{ objet: { idObjet }, quantite: 1 }],
    };
    const reservation = uneReservationEnLigne(lieu, { telephone: '022 418 00 00' });
    const cas: { methode: 'POST'; url: string; corps: Record<string, unknown>; champs: string[]; compte?: Compte; message: string }[] = [
      {
        methode: 'POST',
        url: `${REST}/debarras`,
        corps: debarras,
        champs: ['nomPersonne', 'telephone', 'email'],
        compte: 'gestion',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: `${REST}/secteur`,
        corps: { libelle: 'Nord', dateDebut: '2026-01-01' },
        champs: ['libelle'],
        compte: 'admin',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: `${REST}/levee`,
        corps: { dateLevee: dans(6), name: 'Escalade', nbDebarrasMax: 5 },
        champs: ['name'],
        compte: 'gestion',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: `${REST}/parametre`,
        corps: { cle: 'essai.cle', valeur: 'v' },
        champs: ['cle', 'valeur'],
        compte: 'technique',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: `${REST}/destinataire`,
        corps: { destinataire: 'Voirie', email: 'voirie@exemple.ch', description: 'Équipe', type: 'Pdf' },
        champs: ['destinataire', 'email'],
        compte: 'admin',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: `${REST}/objet`,
        corps: { libelle: 'Banc', libelleExt: 'Banc', url: 'icones/banc.svg', ordre: 1, type: 'Objet', actif: 1 },
        champs: ['libelle', 'libelleExt', 'url'],
        compte: 'admin',
        message: SAISIE_MESSAGES.uneLigne,
      },
      {
        methode: 'POST',
        url: '/webdeb/en-ligne/api/reservations',
        corps: reservation,
        champs: ['nom', 'email', 'telephone'],
        message: texteEnLigne('fr', 'uneLigne'),
      },
    ];
    const avant = await empreinteBase();
    const refus: string[] = [];
    // a break inside the text: a leading or trailing one is trimmed away, and adds no line
    const lettres = fc.string({ unit: fc.constantFrom(...'abcXYZ éàü-.@0123'), maxLength: 20 });
    const valeur = fc
      .tuple(lettres, fc.constantFrom('\n', '\r\n', '\r', '\u0085', '\u2028', '\u2029'), lettres)
      .map(([avantSaut, saut, apres]) => `a${avantSaut}${saut}b${apres}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cas.flatMap((c) => c.champs.map((champ) => ({ ...c, champ })))), valeur, async (c, texte) => {
        const options = { method: c.methode, url: c.url, payload: { ...c.corps, [c.champ]: texte } };
        const r = c.compte ? await t.en(c.compte, options) : await t.app.inject(options);
        if (r.statusCode !== 400 || r.json<{ errMsg: string }>().errMsg !== c.message)
          refus.push(`${c.url} ${c.champ} ${JSON.stringify(texte)} → ${r.statusCode} ${r.body}`);
        return true;
      }),
      { numRuns: 300 },
    );
    expect(refus).toEqual([]);
    expect(await empreinteBase()).toBe(avant);
  }, 120_000);

  it("construit les liens de l'e-mail d'une réservation sur PUBLIC_URL, quels que soient Host et X-Forwarded-Host", async () => {
    const lieu = await unLieuEnLigne(t.base.db, { jours: 7 });
    const hote = fc.oneof(
      fc.constantFrom('evil.example/phish?x=', 'evil.example', 'evil.example:443', 'user@evil.example', '[::1]:8080', 'evil.example#', ''),
      fc.domain(),
      fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x21-\x7e]/g, '')),
    );
    let client = 0;
    let creees = 0;
    await fc.assert(
      fc.asyncProperty(hote, hote, fc.constantFrom('http', 'https'), async (host, transmis, schema) => {
        const email = `${unique('hote')}@exemple.ch`;
        const r = await t.app.inject({
          method: 'POST',
          url: '/webdeb/en-ligne/api/reservations',
          remoteAddress: '10.0.0.1',
          headers: {
            host,
            'x-forwarded-host': transmis,
            'x-forwarded-proto': schema,
            'x-forwarded-for': `203.0.113.${(++client % 250) + 1}`,
          },
          payload: uneReservationEnLigne(lieu, { email }),
        });
        if (r.statusCode !== 201) return r.statusCode < 500;
        creees++;
        const liens = courriels.findLast((c) => c.a === email)!.texte.match(/https?:\/\/\S+/g) ?? [];
        return liens.length === 2 && liens.every((lien) => lien.startsWith(`${PUBLIC_URL}en-ligne/`));
      }),
      { numRuns: 60 },
    );
    expect(creees).toBeGreaterThan(0);
  }, 120_000);

  it('ne laisse dans le journal ni les valeurs envoyées ni une requête SQL', () => {
    const texte = journal.join('');
    expect(texte.length).toBeGreaterThan(0);
    expect(texte).not.toContain(MARQUE);
    expect(texte).not.toContain(encodeURIComponent(MARQUE));
    expect(texte).not.toMatch(/Failed query|params:/);
  });
});
