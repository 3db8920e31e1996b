import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ajouterJours, ROLES, type ReponseErreur, type Role } from '@debarras/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { construireApp } from '../app.js';
import { horlogeFixee, type Horloge } from '../horloge.js';
import { lireConfig, type Config } from '../config.js';
import { creerCourrier, type Courrier } from '../courriel.js';
import { creerTaches, type Taches } from '../jobs/taches.js';
import { ouvrirPglite, ouvrirPostgresJetable, type Base } from '../db/client.js';
import { semerReference } from '../seed/reference.js';
import { ajouterUtilisateur } from '../modules/utilisateur/service.js';

export const MOT_DE_PASSE_TEST = 'mot-de-passe-de-test';

/**
 * The tests' "now": a Wednesday, 10 o'clock in Geneva, far from a holiday, a week-end, midnight or
 * a year's end. The app's clock starts there and runs at real speed, whatever the real date.
 */
export const INSTANT_DE_TEST = new Date('2026-11-18T09:00:00Z');
export const JOUR_DE_TEST = '2026-11-18';
/** The test day + n days. */
export const dans = (n: number) => ajouterJours(JOUR_DE_TEST, n);
/** Test accounts are hashed cheaply; utilisateur.test.ts checks the production cost. */
const COUT_ARGON2_TEST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The four roles' test accounts, named like the demo ones. */
export const COMPTES: Record<'lecture' | 'gestion' | 'admin' | 'technique', Role> = {
  lecture: ROLES.LECTURE,
  gestion: ROLES.GESTION,
  admin: ROLES.ADMIN,
  technique: ROLES.TECHNIQUE,
};
export type Compte = keyof typeof COMPTES;

/**
 * A fresh database for one test file, copied from the run's migrated template (test/modele.ts):
 * in-memory PGlite, or, when TEST_DATABASE_URL is set, a new database on that PostgreSQL server,
 * dropped afterwards.
 */
export async function baseDeTest(): Promise<Base> {
  const modele = inject('modeleBase');
  if (modele.moteur === 'postgresql') return ouvrirPostgresJetable(process.env.TEST_DATABASE_URL!, 'debarras_test', modele.nom);
  return ouvrirPglite(undefined, { modele: new Blob([readFileSync(modele.fichier)]) });
}

export interface Contexte {
  app: FastifyInstance;
  base: Base;
  config: Config;
  /** Set at INSTANT_DE_TEST. */
  horloge: Horloge;
  /** A signed-in request as that role's account. */
  en(compte: Compte, options: InjectOptions): Promise<LightMyRequestResponse>;
  cookie(compte: Compte): Promise<string>;
  /** The scheduled jobs on this database, at the test clock or the one given (a fixed calendar). */
  taches(options?: { horloge?: Horloge; courrier?: Courrier }): Taches;
}

/** Builds the app once for the test file, with the reference data and one account per role; `courrier` replaces the config's mail. */
export function appDeTest(
  env: NodeJS.ProcessEnv = {},
  options: { courrier?: () => Courrier; journal?: { write(ligne: string): void } } = {},
): Contexte {
  const ctx = {} as Contexte;
  const cookies = new Map<Compte, string>();
  beforeAll(async () => {
    // the request limits are off unless a test turns them on (http/securite.test.ts): a suite sends thousands from one address;
    // so are the overload bounds (http/charge.test.ts): the concurrency tests send hundreds of writes at once
    ctx.config = lireConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join('/tmp', 'inutilise'),
      REQUETES_PAR_MINUTE: '0',
      CONNEXIONS_PAR_MINUTE: '0',
      CONFIRMATIONS_PAR_MINUTE: '0',
      REQUETES_SIMULTANEES: '0',
      ECRITURES_SIMULTANEES: '0',
      ...env,
    });
    ctx.base = await baseDeTest();
    await semerReference(ctx.base.db);
    for (const [username, role] of Object.entries(COMPTES)) {
      await ajouterUtilisateur(
        ctx.base.db,
        { username, displayName: `Test ${username}`, roles: [role], motDePasse: MOT_DE_PASSE_TEST },
        'test',
        COUT_ARGON2_TEST,
      );
    }
    ctx.horloge = horlogeFixee(INSTANT_DE_TEST);
    ctx.app = await construireApp({
      config: ctx.config,
      base: ctx.base,
      dossierWeb: '/nonexistent',
      horloge: ctx.horloge,
      courrier: options.courrier?.(),
      journal: options.journal,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.base?.fermer();
  });
  ctx.taches = (o = {}) =>
    creerTaches({
      base: ctx.base,
      courrier: o.courrier ?? options.courrier?.() ?? creerCourrier(ctx.config),
      horloge: o.horloge ?? ctx.horloge,
      dossierSauvegardes: ctx.config.sauvegardeDir,
      publicUrl: ctx.config.publicUrl,
    });
  ctx.cookie = async (compte) => {
    let cookie = cookies.get(compte);
    if (!cookie) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: '/webdeb/rest/login',
        payload: { username: compte, password: MOT_DE_PASSE_TEST },
      });
      if (r.statusCode !== 200) throw new Error(`connexion de ${compte} impossible : ${r.body}`);
      const c = r.cookies[0]!;
      cookie = `${c.name}=${c.value}`;
      cookies.set(compte, cookie);
    }
    return cookie;
  };
  ctx.en = async (compte, options) => {
    const cookie = await ctx.cookie(compte);
    return ctx.app.inject({ ...options, headers: { ...options.headers, cookie } });
  };
  return ctx;
}

/** An error answer as the client sees it: its status, its message and its code. */
export const refus = (r: LightMyRequestResponse) => ({ statut: r.statusCode, ...(r.json() as ReponseErreur) });

/** A value no other test uses, so tests sharing a database never collide. */
export const unique = (prefixe: string) => `${prefixe}.${randomBytes(4).toString('hex')}`;

let telephones = 0;
/** A Geneva phone number no other booking of this file uses: the online booking refuses the same contact at one address. */
export const unTelephone = () => {
  telephones += 1;
  return `022 419 ${String(Math.floor(telephones / 100) % 100).padStart(2, '0')} ${String(telephones % 100).padStart(2, '0')}`;
};
