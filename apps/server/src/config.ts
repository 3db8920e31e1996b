import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { CODE_COMMUNE_VILLE_DE_GENEVE } from '@debarras/domain';
import { saisieInvalide } from './erreurs.js';

/** Every environment variable the server reads, parsed once, with its default. */
export interface Config {
  port: number;
  host: string;
  /** Always starts and ends with '/'. */
  basePath: string;
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  communeCode: number;
  cookieSecure: boolean;
  production: boolean;
  /** Password of the demo accounts; generated once and kept in DATA_DIR when not set. */
  demoPassword: string | undefined;
  logLevel: string;
  /** Behind a reverse proxy: trust X-Forwarded-* for the client address and host. */
  trustProxy: boolean;
  /** `smtp://user:pass@host:587` or `smtps://…`; without it every message is written under DATA_DIR/courriels/. */
  smtpUrl: string | undefined;
  /** The sender of every message. */
  mailFrom: string;
}

function normaliserBasePath(valeur: string): string {
  const sansBords = valeur.trim().replace(/^\/+|\/+$/g, '');
  return sansBords ? `/${sansBords}/` : '/';
}

function entier(nom: string, valeur: string | undefined, defaut: number): number {
  if (valeur === undefined || valeur === '') return defaut;
  const n = Number(valeur);
  // the application's error: the command lines print its message alone, without a stack
  if (!Number.isInteger(n)) throw saisieInvalide(`La variable ${nom} doit être un nombre entier (reçu « ${valeur} »).`);
  return n;
}

export function lireConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: entier('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    basePath: normaliserBasePath(env.BASE_PATH ?? '/webdeb/'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    communeCode: entier('COMMUNE_CODE', env.COMMUNE_CODE, CODE_COMMUNE_VILLE_DE_GENEVE),
    cookieSecure: env.COOKIE_SECURE === 'true',
    production,
    demoPassword: env.DEMO_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : production ? 'info' : 'warn'),
    trustProxy: env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Débarras <debarras@localhost>',
  };
}

export function motDePasseAleatoire(): string {
  return randomBytes(12).toString('base64url');
}
