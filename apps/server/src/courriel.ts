import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getSystemErrorName } from 'node:util';
import type { CauseEchecCourriel } from '@debarras/domain';
import nodemailer from 'nodemailer';
import type { Config } from './config.js';
import { courriels } from './metriques.js';

export interface PieceJointe {
  nom: string;
  contenu: Buffer;
  type: string;
}

export interface Courriel {
  a: string;
  sujet: string;
  texte: string;
  pieces?: PieceJointe[];
}

/** What a failed send writes to the server's log: pino's `error(objet, message)`, which Fastify's `app.log` is. */
export interface JournalErreurs {
  error(objet: object, message: string): void;
}

/** Sends a message, or throws with the reason (refused connection, unknown recipient…). */
export interface Courrier {
  envoyer(courriel: Courriel): Promise<void>;
  /** Where messages go, for the start-up banner, the operators' docs and the failures' messages. */
  destination: string;
  /**
   * Where a failed send is logged (modules/courriel, docs/exploitation.md « Courriels »). `construireApp` gives the
   * Courrier it is handed the app's log when it has none, so that the jobs sharing it (main.ts) log there too;
   * without one, a JSON line on the standard error.
   */
  journal?: JournalErreurs;
}

/**
 * The class of a failed send, from nodemailer's codes or the file system's, and a detail without personal data: the
 * SMTP reply code or the system error's name, never the server's words (they quote the address) nor a file's name
 * (the .eml files are named after the recipient).
 */
export function causeEchec(erreur: unknown): { cause: CauseEchecCourriel; detail?: string } {
  const e = (erreur ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
    syscall?: unknown;
    errno?: unknown;
    path?: unknown;
  };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const reponse = typeof e.responseCode === 'number' ? String(e.responseCode) : undefined;
  const systeme = typeof e.errno === 'number' ? nomErreurSysteme(e.errno) : undefined;
  if (code === 'EENVELOPE') return { cause: e.command === 'RCPT TO' ? 'destinataireRefuse' : 'messageRefuse', detail: reponse };
  if (code === 'EMESSAGE') return { cause: 'messageRefuse', detail: reponse };
  if (code === 'EAUTH' || code === 'ENOAUTH') return { cause: 'authentification', detail: reponse ?? code };
  if (code && INJOIGNABLE.has(code)) return { cause: 'serveurInjoignable', detail: systeme ?? reponse ?? code };
  // a file system error names its path (mkdir, open, write…); a socket's has a syscall too, but no path
  if (typeof e.path === 'string' && code) return { cause: 'ecritureImpossible', detail: code };
  return { cause: 'inconnue', detail: code };
}

/** nodemailer's codes of a server not reached or not answering (connection, DNS, TLS, greeting, time-out). */
const INJOIGNABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROTOCOL', 'EPROXY', 'EREQUIRETLS', 'EHLO']);

function nomErreurSysteme(errno: number) {
  try {
    return getSystemErrorName(errno);
  } catch {
    return undefined;
  }
}

const DELAIS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * SMTP when `SMTP_URL` is set; otherwise the embedded default: each message written as an .eml file
 * under DATA_DIR/courriels/ (docs/exploitation.md « Courriels »), so sending works on a fresh machine.
 */
/** A Courrier whose sends are counted, sent or failed (docs/exploitation.md « Métriques »). */
const compte = (courrier: Courrier): Courrier => ({
  ...courrier,
  async envoyer(c) {
    try {
      await courrier.envoyer(c);
    } catch (erreur) {
      courriels.inc({ resultat: 'echec' });
      throw erreur;
    }
    courriels.inc({ resultat: 'envoye' });
  },
});

export function creerCourrier(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Courrier {
  return compte(transportDe(config));
}

function transportDe(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Courrier {
  const message = (c: Courriel) => ({
    from: config.mailFrom,
    to: c.a,
    subject: c.sujet,
    text: c.texte,
    attachments: (c.pieces ?? []).map((p) => ({ filename: p.nom, content: p.contenu, contentType: p.type })),
  });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...DELAIS });
    const hote = new URL(config.smtpUrl).host;
    return { destination: `SMTP ${hote}`, envoyer: async (c) => void (await transport.sendMail(message(c))) };
  }
  const dossier = path.join(config.dataDir, 'courriels');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: dossier,
    envoyer: async (c) => {
      const { message: brut } = await transport.sendMail(message(c));
      await mkdir(dossier, { recursive: true, mode: 0o700 });
      const horodatage = new Date().toISOString().replace(/[:.]/g, '-');
      const destinataire = c.a.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(path.join(dossier, `${horodatage}-${destinataire}-${randomBytes(3).toString('hex')}.eml`), brut as Buffer, {
        mode: 0o600,
      });
    },
  };
}
