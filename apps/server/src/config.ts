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
  /** Where the « Sauvegarde » job and `npm run sauvegarde` write their dumps: DATA_DIR/sauvegardes by default. */
  sauvegardeDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  /** The PostgreSQL pool's size, per server (docs/exploitation.md « Plusieurs serveurs derrière un reverse proxy »). */
  connexionsBase: number;
  communeCode: number;
  cookieSecure: boolean;
  production: boolean;
  /** Password of the demo accounts; generated once and kept in DATA_DIR when not set. */
  demoPassword: string | undefined;
  logLevel: string;
  /**
   * Behind reverse proxies: how many hops, or which proxy addresses, may set X-Forwarded-For and
   * X-Forwarded-Host. Never "trust everything": a client could then name any address and escape the
   * sign-in limits (docs/exploitation.md « Derrière un reverse proxy »).
   */
  trustProxy: number | string[] | false;
  /** A session ends this long after sign-in, however active (besides the 8 h of inactivity). */
  sessionDureeMaxMs: number;
  /** Requests a client address may send per minute before a 429; 0: no limit. */
  requetesParMinute: number;
  /** Sign-in attempts a client address may make per minute before a 429; 0: no limit. */
  connexionsParMinute: number;
  /** `smtp://user:pass@host:587` or `smtps://…`; without it every message is written under DATA_DIR/courriels/. */
  smtpUrl: string | undefined;
  /** The sender of every message. */
  mailFrom: string;
  /** On SIGTERM, how long requests and jobs in flight have to end before the process exits anyway. */
  arretDelaiSecondes: number;
  /**
   * How many API requests, and how many of them writing, a server serves at once; beyond, 503 SURCHARGE at once
   * (docs/exploitation.md « Surcharge »). Unset: the engine's bound (http/charge.ts); 0: no bound.
   */
  requetesSimultanees: number | undefined;
  ecrituresSimultanees: number | undefined;
  /** The bearer token Prometheus sends to `${BASE_PATH}metrics`; without it, the route answers 404. At least 16 characters. */
  metricsToken: string | undefined;
  /**
   * The address residents and staff reach the application at, path included, ending with '/'
   * (`https://debarras.example.ch/webdeb/`): every link the server writes — e-mails, printed documents — starts
   * with it, never with what a request's Host header claims (docs/exploitation.md « Adresse publique »).
   */
  publicUrl: string;
  /** Confirmations of online bookings a client address may send per minute before a 429; 0: no limit. */
  confirmationsParMinute: number;
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

/** At least 2: a job's advisory lock holds one connection while its work uses another. */
function lireConnexionsBase(valeur: string | undefined): number {
  const n = entier('BASE_CONNEXIONS', valeur, 10);
  if (n < 2 || n > 200) throw saisieInvalide(`La variable BASE_CONNEXIONS doit être comprise entre 2 et 200 (reçu « ${valeur} »).`);
  return n;
}

/** A bound of requests at once: unset for the engine's own, 0 for none, else at least 1. */
function lireBorne(nom: string, valeur: string | undefined): number | undefined {
  if (valeur === undefined || valeur === '') return undefined;
  const n = entier(nom, valeur, 0);
  if (n < 0) throw saisieInvalide(`La variable ${nom} doit être positive ou nulle (reçu « ${valeur} »).`);
  return n;
}

/** A guessable token would open the metrics to anyone: refused at start-up under 16 characters. */
function lireMetricsToken(valeur: string | undefined): string | undefined {
  if (!valeur) return undefined;
  if (valeur.length < 16 || /\s/.test(valeur)) {
    throw saisieInvalide('La variable METRICS_TOKEN doit compter au moins 16 caractères, sans espace.');
  }
  return valeur;
}

function lireTrustProxy(valeur: string | undefined): Config['trustProxy'] {
  const v = valeur?.trim();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw saisieInvalide(
      'TRUST_PROXY=true ferait confiance à toute adresse annoncée par le client : indiquez le nombre de reverse proxies (par exemple TRUST_PROXY=1) ou leurs adresses (TRUST_PROXY=10.0.0.5,10.0.0.6).',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * PUBLIC_URL as links need it: http(s), no credentials, query or fragment, ending with '/'. Required in production,
 * where no default can know the public name; elsewhere the server's own address.
 */
function lirePublicUrl(valeur: string | undefined, production: boolean, port: number, basePath: string): string {
  const v = valeur?.trim();
  if (!v) {
    if (production) {
      throw saisieInvalide(
        'PUBLIC_URL est obligatoire en production : indiquez l’adresse publique de l’application, chemin compris (par exemple PUBLIC_URL=https://debarras.example.ch/webdeb/). Les liens des e-mails et des documents sont construits avec elle.',
      );
    }
    return `http://localhost:${port}${basePath}`;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw saisieInvalide(`PUBLIC_URL doit être une adresse complète, comme https://debarras.example.ch/webdeb/ (reçu « ${v} »).`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash) {
    throw saisieInvalide(
      `PUBLIC_URL doit être une adresse http(s) sans identifiant, paramètre ni fragment, comme https://debarras.example.ch/webdeb/ (reçu « ${v} »).`,
    );
  }
  return `${url.origin}${normaliserBasePath(url.pathname)}`;
}

export function lireConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = entier('PORT', env.PORT, 8080);
  const basePath = normaliserBasePath(env.BASE_PATH ?? '/webdeb/');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    basePath,
    dataDir,
    sauvegardeDir: path.resolve(env.SAUVEGARDE_DIR || path.join(dataDir, 'sauvegardes')),
    databaseUrl: env.DATABASE_URL || undefined,
    connexionsBase: lireConnexionsBase(env.BASE_CONNEXIONS),
    communeCode: entier('COMMUNE_CODE', env.COMMUNE_CODE, CODE_COMMUNE_VILLE_DE_GENEVE),
    // HTTPS is the rule in production: the cookie is Secure unless explicitly not
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : production,
    production,
    demoPassword: env.DEMO_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : production ? 'info' : 'warn'),
    trustProxy: lireTrustProxy(env.TRUST_PROXY),
    sessionDureeMaxMs: entier('SESSION_DUREE_MAX_HEURES', env.SESSION_DUREE_MAX_HEURES, 12) * 60 * 60 * 1000,
    requetesParMinute: entier('REQUETES_PAR_MINUTE', env.REQUETES_PAR_MINUTE, 1200),
    connexionsParMinute: entier('CONNEXIONS_PAR_MINUTE', env.CONNEXIONS_PAR_MINUTE, 60),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Débarras <debarras@localhost>',
    metricsToken: lireMetricsToken(env.METRICS_TOKEN),
    arretDelaiSecondes: entier('ARRET_DELAI_SECONDES', env.ARRET_DELAI_SECONDES, 20),
    requetesSimultanees: lireBorne('REQUETES_SIMULTANEES', env.REQUETES_SIMULTANEES),
    ecrituresSimultanees: lireBorne('ECRITURES_SIMULTANEES', env.ECRITURES_SIMULTANEES),
    publicUrl: lirePublicUrl(env.PUBLIC_URL, production, port, basePath),
    confirmationsParMinute: entier('CONFIRMATIONS_PAR_MINUTE', env.CONFIRMATIONS_PAR_MINUTE, 10),
  };
}

export function motDePasseAleatoire(): string {
  return randomBytes(12).toString('base64url');
}
