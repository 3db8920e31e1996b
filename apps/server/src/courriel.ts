import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.js';

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

/** Sends a message, or throws with the reason (refused connection, unknown recipient…). */
export interface Courrier {
  envoyer(courriel: Courriel): Promise<void>;
  /** Where messages go, for the start-up banner and the operators' docs. */
  destination: string;
}

const DELAIS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * SMTP when `SMTP_URL` is set; otherwise the embedded default: each message written as an .eml file
 * under DATA_DIR/courriels/ (docs/exploitation.md « Courriels »), so sending works on a fresh machine.
 */
export function creerCourrier(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Courrier {
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
