import { SANTE_MESSAGES, type RaisonIndisponible } from '@debarras/domain';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DU_CODE, nombreMigrations, type Base } from '../db/client.js';

/** A check that takes longer than this says the database unreachable: a load balancer polls every few seconds. */
const DELAI_VERIFICATION_MS = 2_000;

/** What the server says of itself to a load balancer: ready to serve, or why not. */
export interface EtatServeur {
  /** Set once SIGTERM is received (main.ts): the balancer stops sending new requests. */
  arretEnCours: boolean;
}

async function raisonIndisponible(base: Base, etat: EtatServeur): Promise<RaisonIndisponible | undefined> {
  if (etat.arretEnCours) return 'ARRET_EN_COURS';
  let delai: NodeJS.Timeout | undefined;
  try {
    const appliquees = await Promise.race([
      nombreMigrations(base.db),
      new Promise<never>((_, refuser) => {
        delai = setTimeout(() => refuser(new Error('délai dépassé')), DELAI_VERIFICATION_MS);
      }),
    ]);
    return appliquees < MIGRATIONS_DU_CODE ? 'SCHEMA_EN_RETARD' : undefined;
  } catch {
    return 'BASE_INJOIGNABLE';
  } finally {
    clearTimeout(delai);
  }
}

/**
 * `sante/vivant` and `sante/pret` (docs/exploitation.md « Santé et équilibreur de charge »): outside the API's scopes,
 * so without session and request limit; JSON, never the web page; no version, path or error text. Ready reads the
 * applied migrations' count (a table of a few rows), never a table of the application.
 */
export function routesSante(app: FastifyInstance, base: Base, basePath: string, etat: EtatServeur) {
  const sansCache = { 'cache-control': 'no-store' };
  app.get(`${basePath}sante/vivant`, async (_requete, reponse) => reponse.headers(sansCache).send({ statut: 'vivant' }));
  app.get(`${basePath}sante/pret`, async (_requete, reponse) => {
    const raison = await raisonIndisponible(base, etat);
    if (!raison) return reponse.headers(sansCache).send({ statut: 'pret' });
    return reponse
      .status(503)
      .headers({ ...sansCache, 'retry-after': '5' })
      .send({ statut: 'indisponible', raison, errMsg: SANTE_MESSAGES[raison] });
  });
}
