import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Envoi } from '../modules/enLigne/service.js';

/** For a booking's service called directly, where what the e-mails say is another test's business: they go nowhere. */
export const SANS_COURRIEL: Envoi = {
  courrier: { destination: 'aucune', envoyer: async () => {} },
  liens: { pages: 'http://test/en-ligne/' },
};

/**
 * A real SMTP server in the test process, for the test file: every message it accepts is parsed
 * and kept. `refuser` makes it turn down the next messages, like a server that is down.
 */
export function serveurSmtpDeTest() {
  const recus: ParsedMail[] = [];
  let serveur: SMTPServer;
  let port = 0;
  let refus = false;
  beforeAll(async () => {
    serveur = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, retour) {
        retour(refus ? Object.assign(new Error('Service indisponible'), { responseCode: 421 }) : undefined);
      },
      onData(flux, _session, retour) {
        simpleParser(flux).then(
          (courriel) => {
            recus.push(courriel);
            retour();
          },
          (erreur: Error) => retour(erreur),
        );
      },
    });
    await new Promise<void>((fait) => serveur.listen(0, '127.0.0.1', fait));
    port = (serveur.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((fait) => (serveur ? serveur.close(fait) : fait())));
  return {
    recus,
    url: () => `smtp://127.0.0.1:${port}`,
    refuser: (oui: boolean) => (refus = oui),
    vider: () => recus.splice(0),
  };
}
